import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  counterAnswer,
  counterBody,
  counterFilterAnswer,
  counterFilterBody,
  counterHideBody,
  counterListAnswer,
  counterListQuery,
  counterServiceFlagsSchema,
  counterTypeList,
  counterTypesAnswer,
  messageAnswer,
  setCounterHidden,
  type CounterServiceFlags,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { counters, foodcourts, locations, restaurants } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import { listOrder, listRange, listSearch, text, withRange, type ListSpec } from '../../lib/list-query.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { needsPage } from '../../plugins/permissions.js';
import { counterView, CountersAccess, deviceStats, settingsOf } from './counters.service.js';

const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const LIST: ListSpec<'name' | 'foodcourt' | 'counter_type' | 'updated_at'> = {
  sortable: {
    name: text(counters.name),
    foodcourt: counters.foodcourt,
    counter_type: counters.counter_type,
    updated_at: counters.updated_at,
  },
  defaultSort: [text(counters.name)],
  key: counters.id,
  // By name, or by its number (the counter page's drawer finds a counter by id this way).
  search: [counters.name, sql`${counters.id}::text`],
};

/** /counterManagement: counters per food court and restaurant, hide and unhide, the site tree (issue 16). */
export async function countersRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['counters'];
  const access = new CountersAccess(db);
  const page = needsPage('counterManagement');
  const readers = needsPage([
    'counterManagement',
    'counterTemplate',
    'cashier-management',
    'qrGeneration',
    'push-setting',
  ]);

  const withStats = async (rows: (typeof counters.$inferSelect)[]) => {
    const stats = await deviceStats(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => counterView(r, stats.get(r.id)));
  };

  app.get(
    '/get_counters',
    {
      config: readers,
      schema: {
        tags,
        operationId: 'listCounters',
        summary: "Counters of the caller's food courts (paged; filters food court, restaurant, type)",
        querystring: counterListQuery,
        response: { 200: counterListAnswer },
      },
    },
    async (req) => {
      const q = req.query;
      const scope = await access.scope(req.user!);
      const conditions: (SQL | undefined)[] = [
        scope.all ? undefined : inArray(counters.foodcourt, [...scope.foodcourts, '']),
        q.foodcourt ? eq(counters.foodcourt, q.foodcourt) : undefined,
        q.restaurant ? eq(counters.restaurant, q.restaurant) : undefined,
        q.type ? eq(counters.counter_type, q.type) : undefined,
        listSearch(LIST, q.search),
      ];
      const where = and(...conditions.filter(Boolean));
      const [{ n }] = (await db.select({ n: count() }).from(counters).where(where)) as [{ n: number }];
      const rows = (await withRange(
        db
          .select()
          .from(counters)
          .where(where)
          .orderBy(...listOrder(LIST, q)),
        listRange(q),
      )) as (typeof counters.$inferSelect)[];
      return {
        result: 'success' as const,
        counters: await withStats(rows),
        total: Number(n),
        page: q.page,
        page_size: q.page_size,
      };
    },
  );

  // The spec's counter-type call (spec 000 §7, "body countertypes"): the types a counter may have, with names.
  app.get(
    '/countertypes',
    {
      config: readers,
      schema: {
        tags,
        operationId: 'listCounterTypes',
        summary: 'The counter types with their names (core COUNTER_TYPES)',
        response: { 200: counterTypesAnswer },
      },
    },
    async () => ({ result: 'success' as const, countertypes: counterTypeList() }),
  );

  app.post(
    '/vendor/counter/filter',
    {
      config: { ...readers, permission: { ...readers.permission, read: true } },
      schema: {
        tags,
        operationId: 'filterCounters',
        summary: 'The food-court counter filter (action filter_counter)',
        body: counterFilterBody,
        response: { 200: counterFilterAnswer },
      },
    },
    async (req) => {
      const scope = await access.scope(req.user!);
      const courts = req.body.foodcourt.filter((f) => scope.all || scope.foodcourts.has(f));
      const rows = courts.length
        ? await db.select().from(counters).where(inArray(counters.foodcourt, courts)).orderBy(asc(counters.name))
        : [];
      return { result: 'success' as const, counters: await withStats(rows) };
    },
  );

  const checkSites = async (
    user: Parameters<CountersAccess['scope']>[0],
    foodcourt: string,
    restaurant: string | null,
  ) => {
    const scope = await access.scope(user);
    if (!scope.foodcourts.has(foodcourt)) {
      if (scope.all)
        throw badRequest('unknownFoodcourt', `foodcourt: ${foodcourt} does not exist`, { field: 'foodcourt' });
      throw forbidden(`You do not have the food court ${foodcourt}`);
    }
    if (restaurant) {
      const [r] = await db
        .select({ foodcourt: restaurants.foodcourt })
        .from(restaurants)
        .where(eq(restaurants.restaurant, restaurant));
      if (!r || r.foodcourt !== foodcourt)
        throw badRequest('restaurantNotInFoodcourt', `restaurant: ${restaurant} is not a restaurant of ${foodcourt}`, {
          field: 'restaurant',
        });
    }
  };

  app.post(
    '/vendor/counter',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'createCounter',
        summary: 'Add a counter (from a template, or with its own settings)',
        body: counterBody,
        response: { 200: counterAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const b = req.body;
      await checkSites(req.user!, b.foodcourt, b.restaurant);
      const template = b.template_id ? await access.template(b.template_id) : null;
      const settings = b.settings ?? settingsOf(template?.settings);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(counters)
          .values({
            name: b.name,
            foodcourt: b.foodcourt,
            restaurant: b.restaurant,
            counter_type: b.counter_type,
            template_id: template?.id ?? null,
            settings,
            flags: b.flags,
            updated_by: actor.user.userid,
          })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'counter',
          entityId: String(created!.id),
          after: created,
          ip: actor.ip,
        });
        return created!;
      });
      return { result: 'success' as const, message: 'Counter added', counter: counterView(row) };
    },
  );

  app.put(
    '/vendor/counter/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'saveCounter',
        summary: 'Change a counter (version-checked)',
        params: idParam,
        body: counterBody,
        response: { 200: counterAnswer },
      },
    },
    async (req) => {
      if (!req.body.version)
        throw badRequest('invalidRequest', 'version: the version you edited is required', { field: 'version' });
      const b = req.body;
      const before = await access.counter(req.user!, req.params.id);
      await checkSites(req.user!, b.foodcourt, b.restaurant);
      if (b.template_id) await access.template(b.template_id);
      // While hidden, the flags a user sets are the ones restored on unhide; the live flags stay cleared.
      const flags: CounterServiceFlags = b.flags;
      const row = await db.transaction((tx) =>
        updateVersioned(tx, {
          table: counters,
          where: eq(counters.id, req.params.id),
          version: b.version!,
          actor: actorOf(req),
          entity: 'counter',
          entityId: String(req.params.id),
          what: `The counter ${before.name}`,
          before,
          set: {
            name: b.name,
            foodcourt: b.foodcourt,
            restaurant: b.restaurant,
            counter_type: b.counter_type,
            template_id: b.template_id,
            settings: b.settings ?? settingsOf(before.settings),
            ...(before.hidden ? { saved_flags: flags } : { flags }),
          },
        }),
      );
      const stats = await deviceStats(db, [row.id]);
      return { result: 'success' as const, message: 'Counter saved', counter: counterView(row, stats.get(row.id)) };
    },
  );

  app.post(
    '/vendor/counter/:id/hide',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'hideCounter',
        summary: 'Hide a counter (its service flags are saved and cleared) or unhide it (they are restored)',
        description: 'Needs the permission hide_counter (spec 001 §4.1).',
        params: idParam,
        body: counterHideBody,
        response: { 200: counterAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      if (!actor.user.admin && !actor.user.permissions.includes('hide_counter')) {
        throw forbidden('Hiding a counter needs the hide_counter permission');
      }
      const before = await access.counter(req.user!, req.params.id);
      const next = setCounterHidden(
        {
          hidden: before.hidden,
          flags: counterServiceFlagsSchema.parse(before.flags),
          saved_flags: before.saved_flags ? counterServiceFlagsSchema.parse(before.saved_flags) : null,
        },
        req.body.hidden,
      );
      const row = await db.transaction((tx) =>
        updateVersioned(tx, {
          table: counters,
          where: eq(counters.id, req.params.id),
          version: req.body.version,
          actor,
          action: req.body.hidden ? 'hide' : 'unhide',
          entity: 'counter',
          entityId: String(req.params.id),
          what: `The counter ${before.name}`,
          before,
          set: { hidden: next.hidden, flags: next.flags, saved_flags: next.saved_flags },
        }),
      );
      const stats = await deviceStats(db, [row.id]);
      return {
        result: 'success' as const,
        message: req.body.hidden ? 'Counter hidden' : 'Counter shown',
        counter: counterView(row, stats.get(row.id)),
      };
    },
  );

  app.delete(
    '/vendor/counter/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteCounter',
        summary: 'Remove a counter and its devices (version-checked)',
        params: idParam,
        querystring: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const before = await access.counter(req.user!, req.params.id);
      const stats = (await deviceStats(db, [before.id])).get(before.id);
      if (stats && stats.online > 0)
        throw new AppError(409, 'counterInUse', `${stats.online} device(s) of this counter are online`);
      await db.transaction((tx) =>
        deleteVersioned(tx, {
          table: counters,
          where: eq(counters.id, req.params.id),
          version: req.query.version,
          actor: actorOf(req),
          entity: 'counter',
          entityId: String(req.params.id),
          what: `The counter ${before.name}`,
          before,
        }),
      );
      return { result: 'success' as const, message: 'Counter removed' };
    },
  );

  app.get(
    '/list_location_to_foodcourt_to_counter',
    {
      config: readers,
      schema: {
        tags,
        operationId: 'listCounterTree',
        summary: "The caller's locations, their food courts and those food courts' counters",
        response: {
          200: z.object({
            result: z.literal('success'),
            locations: z.array(
              z.object({
                location: z.string(),
                name: z.string(),
                foodcourts: z.array(
                  z.object({
                    foodcourt: z.string(),
                    name: z.string(),
                    counters: z.array(
                      z.object({ counter_id: z.number().int(), name: z.string(), hidden: z.boolean() }),
                    ),
                  }),
                ),
              }),
            ),
          }),
        },
      },
    },
    async (req) => {
      const scope = await access.scope(req.user!);
      const courts = await db.select().from(foodcourts).orderBy(asc(foodcourts.name));
      const locs = await db.select().from(locations).orderBy(asc(locations.name));
      const list = await db.select().from(counters).orderBy(asc(counters.name));
      const visible = courts.filter((f) => scope.all || scope.foodcourts.has(f.foodcourt));
      return {
        result: 'success' as const,
        locations: locs
          .map((l) => ({
            location: l.location,
            name: l.name,
            foodcourts: visible
              .filter((f) => f.location === l.location)
              .map((f) => ({
                foodcourt: f.foodcourt,
                name: f.name,
                counters: list
                  .filter((c) => c.foodcourt === f.foodcourt)
                  .map((c) => ({ counter_id: c.id, name: c.name, hidden: c.hidden })),
              })),
          }))
          .filter((l) => l.foodcourts.length > 0),
      };
    },
  );
}
