import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FoodcourtView, LocationView, foodcourtBody, locationBody, siteListQuery } from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodcourts, locations, restaurants, users, type UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { loadSiteScope } from '../../lib/site-scope.js';

type Actor = { user: UserRow; ip: string };
type ListQuery = z.output<typeof siteListQuery>;
type LocationBody = z.output<typeof locationBody>;
type FoodcourtBody = z.output<typeof foodcourtBody>;

const holds = (user: UserRow, permission: string) => user.admin || user.permissions.includes(permission);
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const audited = (r: { version: number; updated_at: Date; updated_by: string | null }) => ({
  version: r.version,
  updated_at: r.updated_at.toISOString(),
  updated_by: r.updated_by,
});

/** Organisations (locations) and food courts: lists scoped to the user's sites, create and edit. */
export class OrgService {
  constructor(private readonly db: Db) {}

  async listLocations(q: ListQuery, user: UserRow): Promise<{ locations: LocationView[]; total: number }> {
    const scope = await loadSiteScope(this.db, user);
    const where: SQL[] = [];
    if (!scope.all) {
      const visible = await this.visibleLocations(scope);
      if (visible.length === 0) return { locations: [], total: 0 };
      where.push(inArray(locations.location, visible));
    }
    if (q.search) where.push(or(ilike(locations.name, likeOf(q.search)), ilike(locations.location, likeOf(q.search)))!);
    const cond = where.length ? and(...where) : undefined;
    // Correlated counts; column names written out in full, as drizzle leaves them unqualified here.
    const fcCount = sql<number>`(select count(*)::int from foodcourts f where f.location = "locations"."location")`;
    const restCount = sql<number>`(select count(*)::int from restaurants r join foodcourts f on f.foodcourt = r.foodcourt where f.location = "locations"."location")`;
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ l: locations, fcCount, restCount })
        .from(locations)
        .where(cond)
        .orderBy(asc(locations.name))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(locations)
        .where(cond),
    ]);
    return {
      locations: rows.map((x) => ({
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

  async listFoodcourts(q: ListQuery, user: UserRow): Promise<{ foodcourts: FoodcourtView[]; total: number }> {
    const scope = await loadSiteScope(this.db, user);
    const where: SQL[] = [];
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
      if (all.length === 0) return { foodcourts: [], total: 0 };
      where.push(inArray(foodcourts.foodcourt, all));
    }
    if (q.location) where.push(eq(foodcourts.location, q.location));
    if (q.search)
      where.push(or(ilike(foodcourts.name, likeOf(q.search)), ilike(foodcourts.foodcourt, likeOf(q.search)))!);
    const cond = where.length ? and(...where) : undefined;
    const restCount = sql<number>`(select count(*)::int from restaurants r where r.foodcourt = "foodcourts"."foodcourt")`;
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ f: foodcourts, locationName: locations.name, restCount })
        .from(foodcourts)
        .innerJoin(locations, eq(locations.location, foodcourts.location))
        .where(cond)
        .orderBy(asc(foodcourts.name))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(foodcourts)
        .where(cond),
    ]);
    return {
      foodcourts: rows.map((x) => ({
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
        throw new AppError(409, 'siteExists', `Organisation ${body.location} already exists`, { field: 'location' });
      throw err;
    }
  }

  async updateLocation(id: string, body: LocationBody, actor: Actor) {
    const scope = await loadSiteScope(this.db, actor.user);
    const [before] = await this.db.select().from(locations).where(eq(locations.location, id));
    if (!before || !scope.locations.has(id)) throw notFound('locationNotFound', `Organisation ${id} does not exist`);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(locations)
        .set({
          name: body.name,
          updated_by: actor.user.userid,
          updated_at: new Date(),
          version: sql`${locations.version} + 1`,
        })
        .where(and(eq(locations.location, id), eq(locations.version, body.version ?? 0)))
        .returning();
      if (!row) {
        const [current] = await tx.select().from(locations).where(eq(locations.location, id));
        throw versionConflict(`Organisation ${id}`, current ?? before);
      }
      await audit(tx, {
        actor: actor.user.userid,
        action: 'update',
        entity: 'location',
        entityId: id,
        before,
        after: row,
        ip: actor.ip,
      });
      return row;
    });
  }

  async createFoodcourt(body: FoodcourtBody, actor: Actor) {
    if (!holds(actor.user, 'add_foodcourt')) throw forbidden('You may not add food courts');
    const scope = await loadSiteScope(this.db, actor.user);
    if (!scope.locations.has(body.location))
      throw notFound('locationNotFound', `Organisation ${body.location} does not exist`);
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
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(foodcourts)
        .set({
          name: body.name,
          updated_by: actor.user.userid,
          updated_at: new Date(),
          version: sql`${foodcourts.version} + 1`,
        })
        .where(and(eq(foodcourts.foodcourt, id), eq(foodcourts.version, body.version ?? 0)))
        .returning();
      if (!row) {
        const [current] = await tx.select().from(foodcourts).where(eq(foodcourts.foodcourt, id));
        throw versionConflict(`Food court ${id}`, current ?? before);
      }
      await audit(tx, {
        actor: actor.user.userid,
        action: 'update',
        entity: 'foodcourt',
        entityId: id,
        before,
        after: row,
        ip: actor.ip,
      });
      return row;
    });
  }
}
