import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  messageAnswer,
  pluAssignAnswer,
  pluAssignBody,
  pluItemAnswer,
  pluListAnswer,
  pluListQuery,
  pluUpdateBody,
  posItemsAnswer,
  posRestaurantQuery,
  syncRunsAnswer,
  syncRunsQuery,
  syncStartAnswer,
  syncStartBody,
  syncTargetAnswer,
  syncTargetBody,
  syncTargetsAnswer,
  syncTargetUpdate,
  targetIdParam,
  targetTakes,
  type SyncRun,
  type SyncTarget,
} from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  backgroundJobs,
  menuSyncRuns,
  menuSyncTargets,
  restaurants,
  type MenuSyncTargetRow,
} from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { listAnswer } from '../../lib/list-query.js';
import { assertOutboundUrl } from '../../lib/outbound-url.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import { loadMenuRestaurant, type MenuRestaurant } from '../menu/menu-access.js';
import { posItemView, restaurantItems } from './pos-items.js';
import { PluService } from './plu.service.js';
import { POS_SYNC_QUEUE, posSyncHandler, runView, type PosSyncData, type SyncMode } from './sync-job.js';
import { endSyncRuns, unfinishedExcerpt } from './sync-run-end.js';

const tags = ['menu'];
const page = needsPage('pos-vsd');

/** A target as the browser sees it: the Authorization header only as "set or not". */
const targetView = (t: MenuSyncTargetRow): SyncTarget => ({
  id: t.id,
  name: t.name,
  kind: t.kind as SyncTarget['kind'],
  url: t.url,
  auth_header_set: t.auth_header !== '',
  enabled: t.enabled,
  restaurants: t.restaurants,
  version: t.version,
  updated_by: t.updated_by,
  updated_at: t.updated_at.toISOString(),
});
/** The audit keeps whether a header was set, never the header. */
const auditTarget = (t: MenuSyncTargetRow) => targetView(t);

/**
 * Targets are changed by administrators only: a target is an address the server POSTs menus to with a stored
 * credential, for any restaurant it lists (or all). Letting every pos-vsd user point the server at an address
 * would let them send other sites' menus anywhere. pos-vsd users see the targets and start syncs.
 */
async function adminOnly(request: FastifyRequest) {
  if (request.user && !request.user.admin) throw forbidden('Only an administrator can change sync targets');
}

/**
 * A run still queued or running whose job is over or dismissed is shown as an error: nothing will finish it. Since
 * the sync's `onError` hook (sync-run-end.ts) ends such runs when their job ends, this only shows runs left by a
 * server from before it.
 */
const interrupted = (run: SyncRun, jobStatus: string | null): SyncRun =>
  (run.status === 'queued' || run.status === 'running') && jobStatus !== 'in_progress'
    ? {
        ...run,
        status: 'error',
        response_excerpt: run.response_excerpt || unfinishedExcerpt(run.status, { reason: 'interrupted', message: '' }),
      }
    : run;

const nameTaken = (name: string) =>
  new AppError(409, 'nameTaken', `name: a target named ${name} exists already`, { field: 'name' });

/** /pos-vsd: PLU codes, the POS item list, sync targets, syncs and their log (issue 20 points 6 and 7). */
export async function posSyncRoutes(
  fastify: FastifyInstance,
  { db, config, keys }: { db: Db; config: Config; keys: ApiKeysService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const plus = new PluService(db);
  fastify.jobs.register(POS_SYNC_QUEUE, posSyncHandler(config), { onError: endSyncRuns });

  // ---------- PLU codes ----------
  app.get(
    '/pos/plu',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listItemPlus',
        summary: "A restaurant's items with their PLU codes (missing=true: only items without one)",
        querystring: pluListQuery,
        response: { 200: pluListAnswer },
      },
    },
    async (req) => listAnswer('items', await plus.list(req.user!, req.query), req.query),
  );
  app.put(
    '/pos/plu/:foodid',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'setItemPlu',
        summary: "Set an item's PLU ('' removes it); a code another item of the restaurant has is refused (409)",
        params: z.object({ foodid: z.string().min(1).max(200) }),
        body: pluUpdateBody,
        response: { 200: pluItemAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: req.body.plu === '' ? 'PLU removed' : 'PLU saved',
      item: await plus.set(req.params.foodid, req.body, actorOf(req)),
    }),
  );
  app.post(
    '/pos/plu/assign',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'assignMissingPlus',
        summary: 'Give every item without a PLU the next free number from start (all or nothing)',
        body: pluAssignBody,
        response: { 200: pluAssignAnswer },
      },
    },
    async (req) => {
      const done = await plus.assignMissing(req.body, actorOf(req));
      return { result: 'success' as const, message: `${done.assigned} PLU code(s) assigned`, ...done };
    },
  );

  const posItems = async (r: MenuRestaurant) => ({
    result: 'success' as const,
    restaurant: { id: r.restaurant, name: r.name, currency: r.currency },
    items: (await restaurantItems(db, r.restaurant)).map(posItemView),
  });
  const posItemsSchema = (operationId: string, summary: string) => ({
    tags,
    operationId,
    summary,
    querystring: posRestaurantQuery,
    response: { 200: posItemsAnswer },
  });
  app.get(
    '/list_fooditems_plu',
    {
      config: { ...page, errors: [404] },
      schema: posItemsSchema('listFoodItemsPlu', "The POS item list: a restaurant's items with PLU and availability"),
    },
    async (req) => posItems(await loadMenuRestaurant(db, req.query.restaurant, req.user!)),
  );
  if (!fastify.hasRequestDecorator('apiClient')) fastify.decorateRequest('apiClient', null);
  app.get(
    '/pos/list_fooditems_plu',
    {
      config: { permission: 'apiKey', errors: [404] },
      onRequest: apiKeyAuth(keys),
      schema: {
        ...posItemsSchema('posListFoodItemsPlu', 'list_fooditems_plu for a POS with an API key'),
        tags: ['ingest'],
        description:
          'Send the API key as `Authorization: Bearer cdk_…`. A key limited to food courts reads only theirs.',
      },
    },
    async (req) => {
      const client = req.apiClient;
      if (!client) throw forbidden();
      const [rest] = await db
        .select({ foodcourt: restaurants.foodcourt })
        .from(restaurants)
        .where(eq(restaurants.restaurant, req.query.restaurant));
      if (!rest) throw notFound('restaurantNotFound', `Restaurant ${req.query.restaurant} does not exist`);
      if (client.foodcourts.length > 0 && !client.foodcourts.includes(rest.foodcourt)) {
        throw forbidden(`This API key may not read food court ${rest.foodcourt}`);
      }
      return posItems(await loadMenuRestaurant(db, req.query.restaurant, { admin: true } as never));
    },
  );

  // ---------- sync targets ----------
  app.get(
    '/pos/targets',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listSyncTargets',
        summary: 'Where menus are published (POS, vending, aggregators); the Authorization header is never shown',
        response: { 200: syncTargetsAnswer },
      },
    },
    async () => ({
      result: 'success' as const,
      targets: (
        await db.select().from(menuSyncTargets).orderBy(asc(menuSyncTargets.kind), asc(menuSyncTargets.name))
      ).map(targetView),
    }),
  );
  const checkRestaurants = async (ids: string[]) => {
    if (ids.length === 0) return;
    const found = await db
      .select({ id: restaurants.restaurant })
      .from(restaurants)
      .where(inArray(restaurants.restaurant, ids));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0) {
      throw badRequest('unknownRestaurant', `restaurants: ${missing.join(', ')} does not exist`, {
        field: 'restaurants',
      });
    }
  };
  /** The server will call the address: refused (400, field url) unless public or allowed (lib/outbound-url). */
  const checkAddress = (url: string) => assertOutboundUrl(url, { allow: config.OUTBOUND_ALLOW_HOSTS });
  app.post(
    '/pos/targets',
    {
      config: { ...page, errors: [409] },
      preValidation: adminOnly,
      schema: {
        tags,
        operationId: 'createSyncTarget',
        summary: 'Add a sync target (administrators)',
        body: syncTargetBody,
        response: { 200: syncTargetAnswer },
      },
    },
    async (req) => {
      await checkRestaurants(req.body.restaurants);
      await checkAddress(req.body.url);
      try {
        const actor = actorOf(req);
        // Not insertAudited: the audit must not keep the Authorization header.
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(menuSyncTargets)
            .values({ ...req.body, auth_header: req.body.auth_header ?? '', updated_by: actor.user.userid })
            .returning();
          await audit(tx, {
            actor: actor.user.userid,
            action: 'create',
            entity: 'menu_sync_target',
            entityId: String(created!.id),
            after: auditTarget(created!),
            ip: actor.ip,
          });
          return created!;
        });
        return { result: 'success' as const, message: 'Target added', target: targetView(row) };
      } catch (err) {
        if (uniqueViolation(err)) throw nameTaken(req.body.name);
        throw err;
      }
    },
  );
  const targetOf = async (id: number) => {
    const [row] = await db.select().from(menuSyncTargets).where(eq(menuSyncTargets.id, id));
    if (!row) throw notFound('targetNotFound', `Target ${id} does not exist`);
    return row;
  };
  app.put(
    '/pos/targets/:id',
    {
      config: { ...page, errors: [404, 409] },
      preValidation: adminOnly,
      schema: {
        tags,
        operationId: 'updateSyncTarget',
        summary: 'Change a sync target (version-checked; auth_header omitted keeps the stored one)',
        params: targetIdParam,
        body: syncTargetUpdate,
        response: { 200: syncTargetAnswer },
      },
    },
    async (req) => {
      const before = await targetOf(req.params.id);
      await checkRestaurants(req.body.restaurants);
      await checkAddress(req.body.url);
      const { version, auth_header, ...rest } = req.body;
      try {
        const row = await db.transaction((tx) =>
          updateVersioned(tx, {
            table: menuSyncTargets,
            where: eq(menuSyncTargets.id, before.id),
            version,
            actor: actorOf(req),
            entity: 'menu_sync_target',
            entityId: String(before.id),
            what: `Target ${before.name}`,
            before,
            auditBefore: auditTarget(before),
            auditAfter: auditTarget,
            set: { ...rest, ...(auth_header === undefined ? {} : { auth_header }) },
          }),
        );
        return { result: 'success' as const, message: 'Target saved', target: targetView(row) };
      } catch (err) {
        if (uniqueViolation(err)) throw nameTaken(req.body.name);
        throw err;
      }
    },
  );
  app.delete(
    '/pos/targets/:id',
    {
      config: { ...page, errors: [404, 409] },
      preValidation: adminOnly,
      schema: {
        tags,
        operationId: 'deleteSyncTarget',
        summary: 'Delete a sync target (its log rows stay)',
        params: targetIdParam,
        querystring: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const before = await targetOf(req.params.id);
      await db.transaction((tx) =>
        deleteVersioned(tx, {
          table: menuSyncTargets,
          where: eq(menuSyncTargets.id, before.id),
          version: req.query.version,
          actor: actorOf(req),
          entity: 'menu_sync_target',
          entityId: String(before.id),
          what: `Target ${before.name}`,
          before,
          auditBefore: auditTarget(before),
        }),
      );
      return { result: 'success' as const, message: 'Target deleted' };
    },
  );

  // ---------- syncs ----------
  const start = (mode: SyncMode) => async (req: FastifyRequest<{ Body: z.output<typeof syncStartBody> }>) => {
    const user = req.user!;
    const r = await loadMenuRestaurant(db, req.body.restaurant, user);
    const kinds = mode === 'pos' ? ['pos', 'vending'] : ['aggregator'];
    const all = await db.select().from(menuSyncTargets).where(inArray(menuSyncTargets.kind, kinds));
    let chosen: MenuSyncTargetRow[];
    if (req.body.targets) {
      const ids = [...new Set(req.body.targets)];
      chosen = ids.map((id) => {
        const t = all.find((x) => x.id === id);
        if (!t) {
          throw badRequest('unknownTarget', `targets: target ${id} is not a ${kinds.join(' or ')} target`, {
            field: 'targets',
          });
        }
        if (!targetTakes(t, r.restaurant)) {
          throw badRequest('targetNotForRestaurant', `targets: ${t.name} is disabled or does not take ${r.name}`, {
            field: 'targets',
          });
        }
        return t;
      });
    } else {
      chosen = all.filter((t) => targetTakes(t, r.restaurant));
    }
    if (chosen.length === 0) {
      throw badRequest('noTargets', `No enabled ${kinds.join(' or ')} target takes ${r.name}; add one under Targets`, {
        field: 'targets',
      });
    }
    const id = fastify.jobs.newJobId();
    const what = mode === 'pos' ? 'POS & vending sync' : 'Aggregator menu publish';
    return db.transaction(async (tx) => {
      const runs = await tx
        .insert(menuSyncRuns)
        .values(
          chosen.map((t) => ({
            job_id: id,
            target_id: t.id,
            target_name: t.name,
            kind: t.kind,
            restaurant: r.restaurant,
            created_by: user.userid,
          })),
        )
        .returning();
      const data: PosSyncData = { restaurant: r.restaurant, mode, runs: runs.map((x) => x.id) };
      const job = await fastify.jobs.enqueue(tx, {
        id,
        queue: POS_SYNC_QUEUE,
        userid: user.userid,
        type: 'upload',
        title: `${what} for ${r.name}`,
        mainTitle: what,
        restId: r.restaurant,
        actionType: 'pos_sync',
        data,
      });
      return {
        result: 'success' as const,
        message: `${what} started for ${runs.length} target(s)`,
        job,
        runs: runs.map(runView),
      };
    });
  };
  app.post(
    '/vendngo_sync',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'vendngoSync',
        summary: "Send the restaurant's POS item list to its POS and vending targets (a job; see the sync log)",
        description: 'Format controldesk.pos-items.v1 (docs/menu-sync-format.md).',
        body: syncStartBody,
        response: { 200: syncStartAnswer },
      },
    },
    start('pos'),
  );
  app.post(
    '/third_party/menu/sync',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'thirdPartyMenuSync',
        summary: "Publish the restaurant's full menu to its aggregator targets (a job; see the sync log)",
        description: 'Format controldesk.menu.v1 (docs/menu-sync-format.md).',
        body: syncStartBody,
        response: { 200: syncStartAnswer },
      },
    },
    start('aggregator'),
  );
  app.get(
    '/pos/sync_runs',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listSyncRuns',
        summary: "A restaurant's sync log, newest first: one row per target of each sync",
        querystring: syncRunsQuery,
        response: { 200: syncRunsAnswer },
      },
    },
    async (req) => {
      const r = await loadMenuRestaurant(db, req.query.restaurant, req.user!);
      const where = eq(menuSyncRuns.restaurant, r.restaurant);
      const [rows, [total]] = await Promise.all([
        db
          .select({ run: menuSyncRuns, job_status: backgroundJobs.status })
          .from(menuSyncRuns)
          .leftJoin(backgroundJobs, eq(backgroundJobs.id, menuSyncRuns.job_id))
          .where(where)
          .orderBy(desc(menuSyncRuns.created_at), desc(menuSyncRuns.id))
          .limit(req.query.page_size)
          .offset((req.query.page - 1) * req.query.page_size),
        db.select({ n: count() }).from(menuSyncRuns).where(where),
      ]);
      return {
        result: 'success' as const,
        runs: rows.map((r) => interrupted(runView(r.run), r.job_status)),
        total: total?.n ?? 0,
        page: req.query.page,
        page_size: req.query.page_size,
      };
    },
  );
}
