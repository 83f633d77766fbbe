import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_LIST_NAME_MAP,
  dashboardCounterSchema,
  successEnvelope,
  type COUNTER_TYPES,
  type DashboardCounter,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { allergens, counters, foodcourts, restaurants } from '../../db/schema/index.js';
import type { SiteScope } from '../../lib/site-scope.js';
import { actorOf } from '../../lib/actor.js';
import { loadSiteTree } from './site-tree.js';

/** GET /dashboard_data (spec 000 §3, §7): what the dashboards read; sectors and report filters answer empty. */
export const dashboardDataAnswer = successEnvelope({
  client_list: z.array(z.string()),
  locations: z.array(z.object({ location: z.string(), name: z.string() })),
  /** Client → the organisations holding its restaurants (among the caller's). */
  client_locations: z.record(z.string(), z.array(z.string())),
  /**
   * The counters of the caller's sites: every counter of a food court they hold whole, and of a restaurant they
   * hold alone only that restaurant's counters (not the food court's own).
   */
  counter_management: z.array(dashboardCounterSchema),
  /** Keyed by allergen code (spec 000 §3: allergens_info keyed by id with name and imageurl). */
  allergens: z.record(z.string(), z.object({ name: z.string(), imageurl: z.string() })),
  artificialSubstance: z.array(z.string()),
  nutrients: z.array(z.string()),
  sector_list: z.array(z.unknown()),
  regional_sector_list: z.array(z.unknown()),
  reporting_filter_options: z.record(z.string(), z.unknown()),
});

export async function dashboardDataRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dashboard_data',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['profile'],
        operationId: 'getDashboardData',
        summary:
          "The dashboards' lists: the caller's clients, organisations and counters, allergens, substances, nutrients",
        response: { 200: dashboardDataAnswer },
      },
    },
    async (request) => {
      const user = actorOf(request).user;
      const [tree, allergenRows, counterRows] = await Promise.all([
        loadSiteTree(db, user),
        db
          .select({ code: allergens.code, name: allergens.name, imageurl: allergens.imageurl })
          .from(allergens)
          .orderBy(asc(allergens.sequence), asc(allergens.code)),
        db
          .select({
            id: counters.id,
            name: counters.name,
            foodcourt: counters.foodcourt,
            restaurant: counters.restaurant,
            counter_type: counters.counter_type,
            hidden: counters.hidden,
          })
          .from(counters)
          .orderBy(asc(counters.foodcourt), asc(counters.name), asc(counters.id)),
      ]);
      const restaurantIds = Object.values(tree.map).flatMap((l) =>
        Object.values(l.foodcourts).flatMap((f) => f.restaurants.map((r) => r.restaurant)),
      );
      return {
        result: 'success' as const,
        client_list: tree.clientList,
        locations: Object.values(tree.map).map((l) => ({ location: l.location, name: l.name })),
        client_locations: await clientLocations(db, restaurantIds),
        counter_management: counterRows
          .filter((c) => counterVisible(tree.scope, c))
          .map((c): DashboardCounter => ({
            ...c,
            counter_type: c.counter_type as (typeof COUNTER_TYPES)[number],
            foodcourt_name: tree.names.foodcourts.get(c.foodcourt) ?? c.foodcourt,
            restaurant_name: c.restaurant ? (tree.names.restaurants.get(c.restaurant) ?? c.restaurant) : null,
          })),
        // Sectors and report filters: no area of the product has them (docs/decisions.md, issue 36).
        allergens: Object.fromEntries(allergenRows.map((a) => [a.code, { name: a.name, imageurl: a.imageurl ?? '' }])),
        artificialSubstance: [...DEFAULT_LIST_NAME_MAP.artificialSubstance],
        nutrients: [...DEFAULT_LIST_NAME_MAP.nutrients],
        sector_list: [],
        regional_sector_list: [],
        reporting_filter_options: {},
      };
    },
  );
}

/**
 * A counter is the caller's when its food court is theirs whole, or it belongs to one of their restaurants (a user
 * given one restaurant of a food court sees that restaurant's counters, not the food court's own). Row-level
 * security lets a scoped query read every counter of a food court it sees (cd_scope 'fv'), so this is the rule.
 */
export function counterVisible(scope: SiteScope, c: { foodcourt: string; restaurant: string | null }): boolean {
  return (
    scope.all || scope.foodcourts.has(c.foodcourt) || (c.restaurant !== null && scope.restaurants.has(c.restaurant))
  );
}

/** Client → organisations, from the caller's restaurants. */
async function clientLocations(db: Db, ids: string[]): Promise<Record<string, string[]>> {
  if (ids.length === 0) return {};
  const rows = await db
    .selectDistinct({ client: restaurants.client, location: foodcourts.location })
    .from(restaurants)
    .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
    .where(inArray(restaurants.restaurant, ids));
  const out: Record<string, string[]> = {};
  for (const r of rows) if (r.client) (out[r.client] ??= []).push(r.location);
  for (const list of Object.values(out)) list.sort();
  return out;
}
