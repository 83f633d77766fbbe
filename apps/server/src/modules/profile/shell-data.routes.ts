import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  clientDataAnswer,
  clientFlagsSchema,
  emptyBody,
  lastSyncAnswer,
  posRestaurantsAnswer,
  type ClientDataAnswer,
  type ClientSettings,
  type LastSyncAnswer,
  type PosRestaurantsAnswer,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { clients, foodcourts, restaurants } from '../../db/schema/index.js';
import { getState } from '../../lib/app-state.js';
import { loadSiteScope } from '../../lib/site-scope.js';

const EMPTY_REPORTS: ClientSettings['reportListJSON'] = {
  generalReport: {},
  standardSalesReport: {},
  standardItemWiseReport: {},
};

/** The calls the shell makes after sign-in (spec 000 §7): restaurants, client data, last sync time. */
export async function shellDataRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  app.post(
    '/pos_restaurants',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        operationId: 'listPosRestaurants',
        summary: "The caller's restaurants",
        body: emptyBody,
        response: { 200: posRestaurantsAnswer },
      },
    },
    async (request): Promise<PosRestaurantsAnswer> => {
      const scope = await loadSiteScope(db, request.user!);
      const ids = [...scope.restaurants];
      const rows = ids.length
        ? await db
            .select({
              restaurant: restaurants.restaurant,
              name: restaurants.name,
              foodcourt: restaurants.foodcourt,
              location: foodcourts.location,
            })
            .from(restaurants)
            .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
            .where(inArray(restaurants.restaurant, ids))
            .orderBy(asc(restaurants.name))
        : [];
      return { result: 'success', restaurants: rows };
    },
  );

  app.post(
    '/get_client_data',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        operationId: 'getClientData',
        summary: "Settings of the caller's clients",
        body: emptyBody,
        response: { 200: clientDataAnswer },
      },
    },
    async (request): Promise<ClientDataAnswer> => {
      const scope = await loadSiteScope(db, request.user!);
      const rows = await db
        .select({ client: restaurants.client })
        .from(restaurants)
        .where(inArray(restaurants.restaurant, [...scope.restaurants, '']));
      const clientIds = [...new Set(rows.map((r) => r.client).filter((c): c is string => !!c))];
      const list = clientIds.length ? await db.select().from(clients).where(inArray(clients.client, clientIds)) : [];
      const client_settings: Record<string, ClientSettings> = {};
      const taxes = new Map<string, ClientDataAnswer['taxes_to_apply'][number]>();
      const counterPermissions = new Set<string>();
      for (const c of list) {
        const s = c.settings as Partial<ClientSettings> & {
          flags?: unknown;
          taxes_to_apply?: ClientDataAnswer['taxes_to_apply'];
          counter_permissions?: string[];
        };
        client_settings[c.client] = {
          name: c.name,
          foodcourtfields: s.foodcourtfields ?? {},
          restaurantfields: s.restaurantfields ?? {},
          notificationrelateddata: s.notificationrelateddata ?? {},
          modulefeedbackdata: s.modulefeedbackdata ?? {},
          reportListJSON: { ...EMPTY_REPORTS, ...s.reportListJSON },
          reportPermission: s.reportPermission ?? [],
          // Spec 001 §3.4: the flags that switch parts of the item editor (missing ones are on).
          flags: clientFlagsSchema.safeParse(s.flags ?? {}).data ?? clientFlagsSchema.parse({}),
        };
        for (const t of s.taxes_to_apply ?? []) taxes.set(t.id, t);
        for (const p of s.counter_permissions ?? []) counterPermissions.add(p);
      }
      return {
        result: 'success',
        client_settings,
        taxes_to_apply: [...taxes.values()],
        counter_permissions: [...counterPermissions],
      };
    },
  );

  app.get(
    '/get_last_bq_sync_time',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        operationId: 'getLastSyncTime',
        summary: 'When the data warehouse last synced (null when never)',
        response: { 200: lastSyncAnswer },
      },
    },
    async (): Promise<LastSyncAnswer> => ({
      result: 'success',
      last_bqsync_time: await getState(db, 'last_bqsync_time'),
    }),
  );
}
