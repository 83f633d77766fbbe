import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  availabilityPatchOf,
  withMatrixMirror,
  refusedRestaurantChanges,
  isReadOnly,
  restaurantUniqueId,
  validateRestaurant,
  type ListQuery,
  type RESTAURANT_SORT,
  type RestaurantFields,
  type RestaurantInput,
  type RestaurantIssue,
  type RestaurantSummary,
  type restaurantExportQuery,
  type restaurantSettingsBody,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { clients, foodcourts, paths, restaurants, type RestaurantRow, type UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import {
  exact,
  listOrder,
  listRange,
  listSearch,
  listSearchShape,
  pageTotal,
  PreparedShapes,
  searchPattern,
  text,
  totalOver,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { updateVersioned } from '../../lib/versioned.js';
import {
  toFields,
  toRestaurantSummary,
  toRestaurantView,
  toRowValues,
  type RestaurantSummaryRow,
} from './restaurant.mapping.js';

type RestaurantQuery = z.output<typeof restaurantExportQuery> & Partial<ListQuery>;
type SettingsBody = z.output<typeof restaurantSettingsBody>;

const holds = (user: UserRow, permission: string) => user.admin || user.permissions.includes(permission);

const RESTAURANT_LIST: ListSpec<(typeof RESTAURANT_SORT)[number]> = {
  sortable: {
    restaurant: text(restaurants.restaurant),
    restid: text(restaurants.restid),
    name: text(restaurants.name),
    foodcourt: text(restaurants.foodcourt),
    foodcourt_name: text(foodcourts.name),
    location: text(foodcourts.location),
    client: text(restaurants.client),
    status: text(restaurants.status),
    type: text(restaurants.type),
    updated_at: restaurants.updated_at,
    updated_by: text(restaurants.updated_by),
  },
  defaultSort: [text(restaurants.name)],
  key: exact(restaurants.restaurant),
  search: [restaurants.name, restaurants.restaurant],
};

/** Which filters a list query gives, its order and whether it is a page: one prepared statement per shape. */
type ListShape = {
  scoped: boolean;
  like: boolean;
  foodcourt: boolean;
  location: boolean;
  status: boolean;
  client: boolean;
  sort: RestaurantQuery['sort'];
  order: RestaurantQuery['order'];
  paged: boolean;
};

function invalid(issues: RestaurantIssue[]): AppError {
  const first = issues[0]!;
  return new AppError(400, 'invalidRestaurant', `${first.field}: ${first.message}`, { field: first.field, issues });
}

export class RestaurantService {
  constructor(private readonly db: Db) {}

  /** The list's shapes, prepared once (lib/list-query.ts, PreparedShapes): a page of it is one prepared statement. */
  private readonly listShapes = new PreparedShapes<ReturnType<RestaurantService['buildList']>>('restaurant_list');

  /** The list query of one shape, values as placeholders (`scope`, `like`, the filters, `limit`, `offset`). */
  private buildList(name: string, shape: ListShape) {
    const where: (SQL | undefined)[] = [
      shape.scoped ? sql`${restaurants.restaurant} = any(${sql.placeholder('scope')}::text[])` : undefined,
      shape.like ? listSearchShape(RESTAURANT_LIST) : undefined,
      shape.foodcourt ? eq(restaurants.foodcourt, sql.placeholder('foodcourt')) : undefined,
      shape.location ? eq(foodcourts.location, sql.placeholder('location')) : undefined,
      shape.status ? eq(restaurants.status, sql.placeholder('status')) : undefined,
      shape.client ? eq(restaurants.client, sql.placeholder('client')) : undefined,
    ];
    const query = this.db
      .select({
        r: {
          restaurant: restaurants.restaurant,
          restid: restaurants.restid,
          name: restaurants.name,
          foodcourt: restaurants.foodcourt,
          client: restaurants.client,
          status: restaurants.status,
          type: restaurants.type,
          hasdinein: restaurants.hasdinein,
          hasdelivery: restaurants.hasdelivery,
          hide_restaurant: restaurants.hide_restaurant,
          thumbnail: restaurants.thumbnail,
          version: restaurants.version,
          updated_at: restaurants.updated_at,
          updated_by: restaurants.updated_by,
        } satisfies Record<keyof RestaurantSummaryRow, unknown>,
        fcName: foodcourts.name,
        location: foodcourts.location,
        total: totalOver,
      })
      .from(restaurants)
      .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
      .where(and(...where))
      .orderBy(...listOrder(RESTAURANT_LIST, shape))
      .$dynamic();
    return (shape.paged ? query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : query).prepare(
      name,
    );
  }

  async list(query: RestaurantQuery, user: UserRow, range = listRange(query)): Promise<ListPage<RestaurantSummary>> {
    let scope: string[] | undefined;
    if (!user.admin) {
      const sites = await loadSiteScope(this.db, user);
      if (sites.restaurants.size === 0) return { rows: [], total: 0 };
      scope = [...sites.restaurants];
    }
    const values = {
      scope,
      like: searchPattern(query.search),
      foodcourt: query.foodcourt,
      location: query.location,
      status: query.status,
      client: query.client,
      limit: range.limit,
      offset: range.offset,
    };
    const shape: ListShape = {
      scoped: scope !== undefined,
      like: values.like !== undefined,
      foodcourt: !!query.foodcourt,
      location: !!query.location,
      status: !!query.status,
      client: !!query.client,
      sort: query.sort,
      order: query.order,
      paged: range.limit !== undefined,
    };
    const rows = await this.listShapes.get(Object.values(shape), (name) => this.buildList(name, shape)).execute(values);
    const total = await pageTotal(rows, range, async () => {
      const [count] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(restaurants)
        .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
        .where(
          and(
            scope ? inArray(restaurants.restaurant, scope) : undefined,
            listSearch(RESTAURANT_LIST, query.search),
            query.foodcourt ? eq(restaurants.foodcourt, query.foodcourt) : undefined,
            query.location ? eq(foodcourts.location, query.location) : undefined,
            query.status ? eq(restaurants.status, query.status) : undefined,
            query.client ? eq(restaurants.client, query.client) : undefined,
          ),
        );
      return count?.n ?? 0;
    });
    return { rows: rows.map((x) => toRestaurantSummary(x.r, { name: x.fcName, location: x.location })), total };
  }

  private async load(id: string, user: UserRow): Promise<{ row: RestaurantRow; location: string }> {
    const [found] = await this.db
      .select({ r: restaurants, location: foodcourts.location })
      .from(restaurants)
      .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
      .where(eq(restaurants.restaurant, id));
    if (!found) throw notFound('restaurantNotFound', `Restaurant ${id} does not exist`);
    if (!user.admin) {
      const scope = await loadSiteScope(this.db, user);
      if (!scope.restaurants.has(id)) throw notFound('restaurantNotFound', `Restaurant ${id} does not exist`);
    }
    return { row: found.r, location: found.location };
  }

  async get(id: string, user: UserRow) {
    const { row, location } = await this.load(id, user);
    return toRestaurantView(row, location);
  }

  /** The rules of core plus what only the database knows: the client, food courts and paths exist. */
  private async check(input: RestaurantInput, foodcourt: string): Promise<RestaurantFields> {
    // A body without the order capacity (the API's schema gives it no default, issue 36) is checked as the form
    // checks an emptied field: core's required rule answers "This field is required" for it.
    const fields = input as RestaurantFields;
    const issues = validateRestaurant(fields);
    if (fields.client) {
      const [c] = await this.db.select({ c: clients.client }).from(clients).where(eq(clients.client, fields.client));
      if (!c)
        issues.push({
          field: 'client',
          key: 'restaurant.errors.unknownClient',
          message: `Unknown client ${fields.client}`,
        });
    }
    if (fields.secondary_foodcourt && fields.secondary_foodcourt !== 'none') {
      const [f] = await this.db
        .select({ f: foodcourts.foodcourt })
        .from(foodcourts)
        .where(eq(foodcourts.foodcourt, fields.secondary_foodcourt));
      if (!f || fields.secondary_foodcourt === foodcourt) {
        issues.push({
          field: 'secondary_foodcourt',
          key: 'restaurant.errors.invalidSecondaryFoodcourt',
          message: 'Choose another existing food court, or none',
        });
      }
    }
    if (fields.pricebook_path && fields.pricebook_path !== 'none') {
      const [p] = await this.db.select({ p: paths.pathid }).from(paths).where(eq(paths.pathid, fields.pricebook_path));
      if (!p)
        issues.push({
          field: 'pricebook_path',
          key: 'restaurant.errors.unknownPath',
          message: `Unknown price-book path ${fields.pricebook_path}`,
        });
    }
    if (issues.length) throw invalid(issues);
    return fields;
  }

  /** Closed days and offline dates need their own fine permissions (spec 000 §6: unav_days, offline_dates). */
  private assertAvailabilityChange(
    user: UserRow,
    before: RestaurantFields['options'] | null,
    after: Partial<RestaurantFields['options']>,
  ) {
    const same = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
    if (
      after.non_available_days &&
      !same(after.non_available_days, before?.non_available_days) &&
      !holds(user, 'unav_days')
    ) {
      throw forbidden('You may not change the closed days of a restaurant');
    }
    if (
      after.non_available_dates &&
      !same(after.non_available_dates, before?.non_available_dates) &&
      !holds(user, 'offline_dates')
    ) {
      throw forbidden('You may not change the offline dates of a restaurant');
    }
  }

  async create(foodcourt: string, input: RestaurantInput, actor: Actor) {
    if (!holds(actor.user, 'add_restaurant')) throw forbidden('You may not add restaurants');
    const scope = await loadSiteScope(this.db, actor.user);
    const [fc] = await this.db.select().from(foodcourts).where(eq(foodcourts.foodcourt, foodcourt));
    if (!fc || !scope.foodcourts.has(foodcourt))
      throw notFound('foodcourtNotFound', `Food court ${foodcourt} does not exist`);
    const fields = await this.check(input, foodcourt);
    this.assertAvailabilityChange(actor.user, null, fields.options);
    const id = restaurantUniqueId(foodcourt, fields.restid);
    try {
      const row = await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(restaurants)
          .values({
            restaurant: id,
            foodcourt,
            ...toRowValues(withMatrixMirror(fields)),
            updated_by: actor.user.userid,
          })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'restaurant',
          entityId: id,
          after: inserted,
          ip: actor.ip,
        });
        return inserted!;
      });
      return toRestaurantView(row, fc.location);
    } catch (err) {
      if (uniqueViolation(err))
        throw new AppError(409, 'siteExists', `Restaurant ${id} already exists`, { field: 'restid' });
      throw err;
    }
  }

  async update(id: string, version: number | undefined, input: RestaurantInput, actor: Actor) {
    if (!version)
      throw new AppError(400, 'invalidRequest', 'version: the version you edited is required', { field: 'version' });
    const { row: before, location } = await this.load(id, actor.user);
    if (input.restid !== before.restid) {
      throw invalid([
        { field: 'restid', key: 'restaurant.errors.restidFixed', message: 'The restaurant id cannot change' },
      ]);
    }
    const fields = await this.check(input, before.foodcourt);
    const stored = toFields(before);
    this.assertAvailabilityChange(actor.user, stored.options, fields.options);
    // Spec 001 §6: a permission-labelled field changes only for holders of its label.
    const [refused] = refusedRestaurantChanges(stored, fields, actor.user);
    if (refused) {
      throw new AppError(403, 'fieldNotAllowed', `You may not change ${refused} of a restaurant`, { field: refused });
    }
    const row = await this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: restaurants,
        where: eq(restaurants.restaurant, id),
        version,
        set: toRowValues(withMatrixMirror(fields)),
        actor,
        entity: 'restaurant',
        entityId: id,
        what: `Restaurant ${id}`,
        before,
      }),
    );
    return toRestaurantView(row, location);
  }

  /** The availability dialog's settings-update call: closed days, offline dates and their messages. */
  async updateSettings(body: SettingsBody, actor: Actor) {
    if (isReadOnly(actor.user, 'restaurant'))
      throw new AppError(403, 'readOnly', 'You have read-only access to this page');
    const current = await this.get(body.restaurantid, actor.user);
    const {
      restaurant: _r,
      foodcourt: _f,
      location: _l,
      version: _v,
      updated_at: _u,
      updated_by: _b,
      ...fields
    } = current;
    // Only the fields the call names change (issue 23).
    const next: RestaurantFields = {
      ...fields,
      options: { ...fields.options, ...availabilityPatchOf(body as Record<string, unknown>) },
    };
    const saved = await this.update(body.restaurantid, body.version, next, actor);
    return saved;
  }
}
