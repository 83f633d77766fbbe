import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  dashboardAnswer,
  dashboardQuery,
  reportDefinitionsAnswer,
  reportDefinitionsBody,
  reportExportAnswer,
  reportExportBody,
  reportPermissionKeys,
  reportRunAnswer,
  reportRunBody,
  reportsAnswer,
  type ReportLists,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { clients } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { needsPage } from '../../plugins/permissions.js';
import { salesDashboard } from './dashboard.js';
import { REPORT_EXPORT_QUEUE, reportFileName, runReportExport, type ReportExportData } from './report-export.js';
import { ReportsService } from './reports.service.js';
import { ensureRollups } from './rollups.js';

/** Any page that shows reports reaches the report calls; which report a user may run is checked per report. */
export const REPORT_PAGES = [
  'reports',
  'generalReports',
  'standardSalesReports',
  'standard_reports',
  'production_planning',
] as const;
const EMPTY_LISTS: ReportLists = { generalReport: {}, standardSalesReport: {}, standardItemWiseReport: {} };

export async function reportsRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const service = new ReportsService(db);
  fastify.jobs.register(REPORT_EXPORT_QUEUE, runReportExport);
  fastify.addHook('onReady', async () => {
    if (await ensureRollups(db)) fastify.log.info('sales rollups built from the existing orders');
  });

  app.get(
    '/reports',
    {
      config: needsPage(REPORT_PAGES),
      schema: {
        tags,
        operationId: 'listReports',
        summary: 'The reports the caller sees',
        description:
          "A client's report lists (client settings reportListJSON) name reports in three groups; a user sees a " +
          "report when they hold its group's page and its report key (administrators see all). Each report is its " +
          "client's, keyed `<client>:<report key>` and reading only that client's restaurants; seeing reports of " +
          "several clients, each label ends with its client's name. Production planning " +
          'and the tax log are built in (page production_planning; permission tax_log_report).',
        response: { 200: reportsAnswer },
      },
    },
    async (req) => service.overview(req.user!),
  );

  app.post(
    '/reports/run',
    {
      config: { ...needsPage(REPORT_PAGES, { read: true }), errors: [403] },
      schema: {
        tags,
        operationId: 'runReport',
        summary: 'Run a report over a period, optionally compared with another',
        description:
          'Sums the daily rollups (net = gross − discounts − refunds; refunds count on their own business date). ' +
          'At most 5,000 rows are answered (`truncated`); an export has them all.',
        body: reportRunBody,
        response: { 200: reportRunAnswer },
      },
    },
    async (req) => service.run(req.user!, req.body),
  );

  app.post(
    '/reports/export',
    {
      config: { ...needsPage(REPORT_PAGES, { read: true }), errors: [403] },
      schema: {
        tags,
        operationId: 'exportReport',
        summary: 'Export a report as .xlsx, .csv or .pdf (a background task)',
        body: reportExportBody,
        response: { 202: reportExportAnswer },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const { format, ...asked } = req.body;
      const report = await service.resolve(user, asked.report, asked);
      await service.scopeOf(user, report, asked);
      // The task runs the report resolved now (its id), whatever the lists say by the time it runs.
      const body = { ...asked, report: report.key };
      const file = reportFileName(report.key, body, format, new Date());
      const data: ReportExportData = { body, format, file };
      const job = await db.transaction((tx) =>
        fastify.jobs.enqueue(tx, {
          queue: REPORT_EXPORT_QUEUE,
          userid: user.userid,
          type: 'download',
          title: `${report.label} (${body.from} to ${body.to})`,
          mainTitle: 'Report export',
          filename: file,
          data: data as unknown as Record<string, unknown>,
        }),
      );
      return reply.code(202).send({
        result: 'success' as const,
        message: 'Export started. The file will be in your background tasks when it is ready.',
        job,
      });
    },
  );

  app.get(
    '/reports/dashboard',
    {
      config: needsPage('sales_reports'),
      schema: {
        tags,
        operationId: 'salesDashboard',
        summary: 'The sales dashboard: a day against the same weekday a week before',
        querystring: dashboardQuery,
        response: { 200: dashboardAnswer },
      },
    },
    async (req) => {
      const user = req.user!;
      const scope = await loadSiteScope(db, user);
      const wanted = req.query.restaurants ?? [];
      for (const r of wanted) if (!scope.restaurants.has(r)) throw forbidden(`You do not have the restaurant ${r}`);
      const list = wanted.length ? wanted : scope.all ? null : [...scope.restaurants];
      const date = req.query.date ?? new Date().toISOString().slice(0, 10);
      return salesDashboard(db, list, date, req.query.tz);
    },
  );

  app.get(
    '/reports/definitions',
    {
      config: needsPage('reports'),
      schema: {
        tags,
        operationId: 'listReportDefinitions',
        summary: "The report lists of the caller's clients (administrators)",
        response: { 200: reportDefinitionsAnswer },
      },
    },
    async (req) => {
      if (!req.user!.admin) throw forbidden('Only an administrator edits report lists');
      const list = await service.clientsOf(req.user!);
      return {
        result: 'success' as const,
        clients: list.map((c) => ({
          client: c.client,
          name: c.name,
          version: c.version,
          reportListJSON: {
            ...EMPTY_LISTS,
            ...((c.settings as { reportListJSON?: Partial<ReportLists> }).reportListJSON ?? {}),
          },
        })),
      };
    },
  );

  app.put(
    '/reports/definitions/:client',
    {
      config: { ...needsPage('reports'), errors: [404, 409] },
      schema: {
        tags,
        operationId: 'saveReportDefinitions',
        summary: "Replace a client's report lists (administrators; the report permissions follow them)",
        params: z.object({ client: z.string().min(1).max(200) }),
        body: reportDefinitionsBody,
        response: { 200: reportDefinitionsAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      if (!actor.user.admin) throw forbidden('Only an administrator edits report lists');
      const { client } = req.params;
      const lists = req.body.reportListJSON;
      const saved = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(clients).where(eq(clients.client, client)).for('update');
        if (!before) throw notFound('clientNotFound', `Client ${client} does not exist`);
        const settings = before.settings as Record<string, unknown>;
        const [row] = await tx
          .update(clients)
          .set({
            settings: { ...settings, reportListJSON: lists, reportPermission: reportPermissionKeys(lists) },
            version: before.version + 1,
            updated_at: new Date(),
          })
          .where(and(eq(clients.client, client), eq(clients.version, req.body.version)))
          .returning();
        if (!row) throw versionConflict(`The report lists of ${before.name}`, { ...before, updated_by: null });
        await audit(tx, {
          actor: actor.user.userid,
          action: 'update',
          entity: 'report_lists',
          entityId: client,
          before: { reportListJSON: settings.reportListJSON ?? null, version: before.version },
          after: { reportListJSON: lists, version: row.version },
          ip: actor.ip,
        });
        return row;
      });
      return {
        result: 'success' as const,
        clients: [
          {
            client: saved.client,
            name: saved.name,
            version: saved.version,
            reportListJSON: lists as ReportLists,
          },
        ],
      };
    },
  );
}
