import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { z } from 'zod';
import {
  messageAnswer,
  reportEmbedConfigBody,
  reportEmbedConfigsAnswer,
  reportEmbedsAnswer,
  type ReportEmbed,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { clients, reportEmbeds, type ReportEmbedRow } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { needsPage } from '../../plugins/permissions.js';
import type { FrameSources } from './frame-sources.js';
import { ReportsService } from './reports.service.js';

/** How long a signed embed address lives; the page asks for a new one before it runs out. */
export const EMBED_TOKEN_SECONDS = 10 * 60;

/**
 * The address a frame shows. Metabase (guest embedding): a JWT signed with the dashboard's embedding secret,
 * naming the dashboard and expiring in ten minutes, so the address cannot be kept or shared for long. Power BI,
 * Superset and plain addresses are shown as configured (their "publish" or secure-embed address; Superset guest
 * tokens and Power BI embed tokens need a service account on their side, which this product does not hold).
 */
export async function embedAddress(row: ReportEmbedRow, now: Date): Promise<Pick<ReportEmbed, 'url' | 'expires_at'>> {
  if (row.provider !== 'metabase' || !row.secret) return { url: row.site_url, expires_at: null };
  const exp = Math.floor(now.getTime() / 1000) + EMBED_TOKEN_SECONDS;
  const token = await new SignJWT({ resource: { dashboard: Number(row.resource) }, params: {} })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(row.secret));
  const base = row.site_url.replace(/\/+$/, '');
  return {
    url: `${base}/embed/dashboard/${token}#bordered=true&titled=true`,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

const toConfig = (r: ReportEmbedRow) => ({
  id: r.id,
  client: r.client,
  name: r.name,
  provider: r.provider as ReportEmbed['provider'],
  site_url: r.site_url,
  resource: r.resource,
  has_secret: r.secret !== '',
});

/** Embedded BI dashboards per client (page power_bi_reports); administrators configure them. */
export async function reportEmbedRoutes(
  fastify: FastifyInstance,
  { db, frameSources }: { db: Db; frameSources: FrameSources },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const service = new ReportsService(db);
  const clientIdsOf = async (user: Parameters<ReportsService['clientsOf']>[0]) =>
    (await service.clientsOf(user)).map((c) => c.client);

  app.get(
    '/reports/embeds',
    {
      config: needsPage('power_bi_reports'),
      schema: {
        tags,
        operationId: 'listReportEmbeds',
        summary: "The embedded dashboards of the caller's clients, with short-lived signed addresses",
        response: { 200: reportEmbedsAnswer },
      },
    },
    async (req) => {
      const ids = await clientIdsOf(req.user!);
      const rows = ids.length
        ? await db.select().from(reportEmbeds).where(inArray(reportEmbeds.client, ids)).orderBy(asc(reportEmbeds.name))
        : [];
      const now = new Date();
      const embeds = await Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          client: r.client,
          name: r.name,
          provider: r.provider as ReportEmbed['provider'],
          ...(await embedAddress(r, now)),
        })),
      );
      return { result: 'success' as const, embeds };
    },
  );

  // The save stands even if the list cannot be read now: the next refresh (within a minute) brings it.
  const refreshFrames = (log: FastifyBaseLogger) =>
    frameSources.refresh().catch((err: unknown) => log.warn({ err }, 'could not refresh the frame-src origins'));

  const adminOnly = (admin: boolean) => {
    if (!admin) throw forbidden('Only an administrator configures embedded dashboards');
  };

  app.get(
    '/reports/embeds/config',
    {
      config: needsPage('power_bi_reports'),
      schema: {
        tags,
        operationId: 'listReportEmbedConfigs',
        summary: 'The embedded dashboards as configured (administrators; secrets are never sent)',
        response: { 200: reportEmbedConfigsAnswer },
      },
    },
    async (req) => {
      adminOnly(req.user!.admin);
      const rows = await db.select().from(reportEmbeds).orderBy(asc(reportEmbeds.client), asc(reportEmbeds.name));
      return { result: 'success' as const, embeds: rows.map(toConfig) };
    },
  );

  app.post(
    '/reports/embeds/config',
    {
      config: { ...needsPage('power_bi_reports'), errors: [404] },
      schema: {
        tags,
        operationId: 'createReportEmbedConfig',
        summary: 'Add an embedded dashboard to a client (administrators)',
        body: reportEmbedConfigBody,
        response: { 200: reportEmbedConfigsAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      adminOnly(actor.user.admin);
      const body = req.body;
      const [client] = await db.select({ client: clients.client }).from(clients).where(eq(clients.client, body.client));
      if (!client) throw notFound('clientNotFound', `Client ${body.client} does not exist`);
      if (body.provider === 'metabase') {
        if (!/^\d+$/.test(body.resource))
          throw badRequest('embedResource', 'resource: give the Metabase dashboard id (a number)', {
            field: 'resource',
          });
        if (!body.secret)
          throw badRequest('embedSecret', 'secret: give the Metabase embedding secret key', { field: 'secret' });
      }
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(reportEmbeds)
          .values({
            client: body.client,
            name: body.name,
            provider: body.provider,
            site_url: body.site_url,
            resource: body.resource,
            secret: body.secret ?? '',
            created_by: actor.user.userid,
          })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'report_embed',
          entityId: String(created!.id),
          after: toConfig(created!),
          ip: actor.ip,
        });
        return created!;
      });
      // The page may frame the new dashboard from the next page load on (Content-Security-Policy frame-src).
      await refreshFrames(req.log);
      return { result: 'success' as const, embeds: [toConfig(row)] };
    },
  );

  app.delete(
    '/reports/embeds/config/:id',
    {
      config: { ...needsPage('power_bi_reports'), errors: [404] },
      schema: {
        tags,
        operationId: 'deleteReportEmbedConfig',
        summary: 'Remove an embedded dashboard (administrators)',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      adminOnly(actor.user.admin);
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(reportEmbeds)
          .where(and(eq(reportEmbeds.id, req.params.id)))
          .returning();
        if (gone.length === 0) throw notFound('embedNotFound', 'This dashboard does not exist');
        await audit(tx, {
          actor: actor.user.userid,
          action: 'delete',
          entity: 'report_embed',
          entityId: String(req.params.id),
          before: toConfig(gone[0]!),
          ip: actor.ip,
        });
      });
      await refreshFrames(req.log);
      return { result: 'success' as const, message: 'Dashboard removed' };
    },
  );
}
