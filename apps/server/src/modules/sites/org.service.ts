import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FOODCOURT_SORT,
  FoodcourtView,
  LOCATION_SORT,
  ListQuery,
  LocationView,
  foodcourtBody,
  foodcourtExportQuery,
  locationBody,
  locationExportQuery,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodcourts, locations, restaurants, users, type UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import {
  exact,
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { updateVersioned } from '../../lib/versioned.js';

type LocationQuery = z.output<typeof locationExportQuery> & Partial<ListQuery>;
type FoodcourtQuery = z.output<typeof foodcourtExportQuery> & Partial<ListQuery>;
type LocationBody = z.output<typeof locationBody>;
type FoodcourtBody = z.output<typeof foodcourtBody>;

const holds = (user: UserRow, permission: string) => user.admin || user.permissions.includes(permission);
const audited = (r: { version: number; updated_at: Date; updated_by: string | null }) => ({
  version: r.version,
  updated_at: r.updated_at.toISOString(),
  updated_by: r.updated_by,
});

// Correlated counts; column names written out in full, as drizzle leaves them unqualified in subqueries.
const fcCount = sql<number>`(select count(*)::int from foodcourts f where f.location = "locations"."location")`;
const locRestCount = sql<number>`(select count(*)::int from restaurants r join foodcourts f on f.foodcourt = r.foodcourt where f.location = "locations"."location")`;
const fcRestCount = sql<number>`(select count(*)::int from restaurants r where r.foodcourt = "foodcourts"."foodcourt")`;

const LOCATION_LIST: ListSpec<(typeof LOCATION_SORT)[number]> = {
  sortable: {
    location: text(locations.location),
    name: text(locations.name),
    foodcourt_count: fcCount,
    restaurant_count: locRestCount,
    updated_at: locations.updated_at,
    updated_by: text(locations.updated_by),
  },
  defaultSort: [text(locations.name)],
  key: exact(locations.location),
  search: [locations.name, locations.location],
};

const FOODCOURT_LIST: ListSpec<(typeof FOODCOURT_SORT)[number]> = {
  sortable: {
    foodcourt: text(foodcourts.foodcourt),
    name: text(foodcourts.name),
    location: text(foodcourts.location),
    location_name: text(locations.name),
    restaurant_count: fcRestCount,
    updated_at: foodcourts.updated_at,
    updated_by: text(foodcourts.updated_by),
  },
  defaultSort: [text(foodcourts.name)],
  key: exact(foodcourts.foodcourt),
  search: [foodcourts.name, foodcourts.foodcourt],
};

/** Organisations (locations) and food courts: lists scoped to the user's sites, create and edit. */
export class OrgService {
  constructor(private readonly db: Db) {}

  async listLocations(q: LocationQuery, user: UserRow, range = listRange(q)): Promise<ListPage<LocationView>> {
    const scope = await loadSiteScope(this.db, user);
    const where: (SQL | undefined)[] = [listSearch(LOCATION_LIST, q.search)];
    if (!scope.all) {
      const visible = await this.visibleLocations(scope);
      if (visible.length === 0) return { rows: [], total: 0 };
      where.push(inArray(locations.location, visible));
    }
    const cond = and(...where);
    const [rows, [count]] = await Promise.all([
      withRange(
        this.db
          .select({ l: locations, fcCount, restCount: locRestCount })
          .from(locations)
          .where(cond)
          .orderBy(...listOrder(LOCATION_LIST, q))
          .$dynamic(),
        range,
      ),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(locations)
        .where(cond),
    ]);
    return {
      rows: rows.map((x) => ({
        location: x.l.location,
        name: x.l.name,
        foodcourt_count: x.fcCount,
        restaurant_count: x.restCount,
        ...audited(x.l),
      })),
      total: count?.n ?? 0,
    };
  }

  /**
   * The organisations a user sees: those given, and those above a food court or restaurant given (shown for
   * context; only organisations given whole can be edited).
   */
  private async visibleLocations(scope: { locations: Set<string>; foodcourts: Set<string>; restaurants: Set<string> }) {
    const above = scope.restaurants.size
      ? await this.db
          .selectDistinct({ l: foodcourts.location })
          .from(restaurants)
          .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
          .where(inArray(restaurants.restaurant, [...scope.restaurants]))
      : [];
    return [...new Set([...scope.locations, ...above.map((r) => r.l)])];
  }

  async listFoodcourts(q: FoodcourtQuery, user: UserRow, range = listRange(q)): Promise<ListPage<FoodcourtView>> {
    const scope = await loadSiteScope(this.db, user);
    const where: (SQL | undefined)[] = [listSearch(FOODCOURT_LIST, q.search)];
    if (!scope.all) {
      const visible = [...scope.foodcourts];
      // Food courts that hold one of the user's restaurants are visible too.
      const viaRestaurants = scope.restaurants.size
        ? (
            await this.db
              .selectDistinct({ f: restaurants.foodcourt })
              .from(restaurants)
              .where(inArray(restaurants.restaurant, [...scope.restaurants]))
          ).map((r) => r.f)
        : [];
      const all = [...new Set([...visible, ...viaRestaurants])];
      if (all.length === 0) return { rows: [], total: 0 };
      where.push(inArray(foodcourts.foodcourt, all));
    }
    if (q.location) where.push(eq(foodcourts.location, q.location));
    const cond = and(...where);
    const [rows, [count]] = await Promise.all([
      withRange(
        this.db
          .select({ f: foodcourts, locationName: locations.name, restCount: fcRestCount })
          .from(foodcourts)
          .innerJoin(locations, eq(locations.location, foodcourts.location))
          .where(cond)
          .orderBy(...listOrder(FOODCOURT_LIST, q))
          .$dynamic(),
        range,
      ),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(foodcourts)
        .where(cond),
    ]);
    return {
      rows: rows.map((x) => ({
        foodcourt: x.f.foodcourt,
        name: x.f.name,
        location: x.f.location,
        location_name: x.locationName,
        restaurant_count: x.restCount,
        ...audited(x.f),
      })),
      total: count?.n ?? 0,
    };
  }

  async getFoodcourt(id: string, user: UserRow) {
    const scope = await loadSiteScope(this.db, user);
    const [row] = await this.db.select().from(foodcourts).where(eq(foodcourts.foodcourt, id));
    if (!row || !scope.foodcourts.has(id)) throw notFound('foodcourtNotFound', `Food court ${id} does not exist`);
    return row;
  }

  /** A non-admin who adds an organisation or food court is given it, or they could not see what they made. */
  private async giveSite(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    user: UserRow,
    kind: 'locations' | 'foodcourts',
    id: string,
  ) {
    if (user.admin) return;
    const sites = { ...user.sites, [kind]: [...user.sites[kind], id] };
    await tx.update(users).set({ sites }).where(eq(users.id, user.id));
  }

  async createLocation(body: LocationBody, actor: Actor) {
    if (!holds(actor.user, 'add_location')) throw forbidden('You may not add organisations');
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(locations)
          .values({ location: body.location, name: body.name, updated_by: actor.user.userid })
          .returning();
        await this.giveSite(tx, actor.user, 'locations', body.location);
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'location',
          entityId: body.location,
          after: row,
          ip: actor.ip,
        });
        return row!;
      });
    } catch (err) {
      if (uniqueViolation(err))
        throw new AppError(409, 'siteExists', `Organization ${body.location} already exists`, { field: 'location' });
      throw err;
    }
  }

  async updateLocation(id: string, body: LocationBody, actor: Actor) {
    const scope = await loadSiteScope(this.db, actor.user);
    const [before] = await this.db.select().from(locations).where(eq(locations.location, id));
    if (!before || !scope.locations.has(id)) throw notFound('locationNotFound', `Organization ${id} does not exist`);
    return this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: locations,
        where: eq(locations.location, id),
        version: body.version ?? 0,
        set: { name: body.name },
        actor,
        entity: 'location',
        entityId: id,
        what: `Organization ${id}`,
        before,
      }),
    );
  }

  async createFoodcourt(body: FoodcourtBody, actor: Actor) {
    if (!holds(actor.user, 'add_foodcourt')) throw forbidden('You may not add food courts');
    const scope = await loadSiteScope(this.db, actor.user);
    if (!scope.locations.has(body.location))
      throw notFound('locationNotFound', `Organization ${body.location} does not exist`);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(foodcourts)
          .values({
            foodcourt: body.foodcourt,
            location: body.location,
            name: body.name,
            updated_by: actor.user.userid,
          })
          .returning();
        await this.giveSite(tx, actor.user, 'foodcourts', body.foodcourt);
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'foodcourt',
          entityId: body.foodcourt,
          after: row,
          ip: actor.ip,
        });
        return row!;
      });
    } catch (err) {
      if (uniqueViolation(err))
        throw new AppError(409, 'siteExists', `Food court ${body.foodcourt} already exists`, { field: 'foodcourt' });
      throw err;
    }
  }

  async updateFoodcourt(id: string, body: FoodcourtBody, actor: Actor) {
    const before = await this.getFoodcourt(id, actor.user);
    if (body.location !== before.location) {
      throw new AppError(400, 'invalidRequest', 'location: a food court cannot move to another organisation', {
        field: 'location',
      });
    }
    return this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: foodcourts,
        where: eq(foodcourts.foodcourt, id),
        version: body.version ?? 0,
        set: { name: body.name },
        actor,
        entity: 'foodcourt',
        entityId: id,
        what: `Food court ${id}`,
        before,
      }),
    );
  }
}
