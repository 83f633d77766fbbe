import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  isSingleKind,
  type AssignBody,
  type AssignResult,
  type Classification,
  type ClassificationBody,
  type ClassificationKind,
  type ClassifiedItem,
  type CLASSIFICATION_SORT,
  type CLASSIFIED_ITEM_SORT,
  type ListQuery,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { asSystem } from '../../db/tenant-scope.js';
import {
  classifications,
  foodItems,
  itemClassifications,
  type ClassificationRow,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope, type SiteScope } from '../../lib/site-scope.js';
import { deleteVersioned, insertAudited, updateVersioned } from '../../lib/versioned.js';
import { outer } from '../../lib/outer-column.js';

/** Items of the user's restaurants only (an admin has every one). */
const inScope = (scope: SiteScope): SQL | undefined =>
  scope.all ? undefined : scope.restaurants.size ? inArray(foodItems.restaurant, [...scope.restaurants]) : sql`false`;

/** Its items counted in the user's restaurants only. */
const itemCount = (scope: SiteScope) =>
  scope.all
    ? sql<number>`(select count(*)::int from item_classifications ic where ic.classification_id = ${outer(classifications.id)})`
    : sql<number>`(select count(*)::int from item_classifications ic join food_items f on f.foodid = ic.foodid
        where ic.classification_id = ${outer(classifications.id)} and f.restaurant in (${sql.join(
          ['', ...scope.restaurants].map((r) => sql`${r}`),
          sql`, `,
        )}))`;

const listSpec = (scope: SiteScope): ListSpec<(typeof CLASSIFICATION_SORT)[number]> => ({
  sortable: {
    name: text(classifications.name),
    kind: classifications.kind,
    code: text(classifications.code),
    item_count: itemCount(scope),
    updated_at: classifications.updated_at,
  },
  defaultSort: [classifications.kind, text(classifications.name)],
  key: classifications.id,
  search: [classifications.name, classifications.code, classifications.description],
});

const ITEM_LIST: ListSpec<(typeof CLASSIFIED_ITEM_SORT)[number]> = {
  sortable: { foodname: text(foodItems.foodname), restaurant: foodItems.restaurant },
  defaultSort: [foodItems.restaurant, text(foodItems.foodname)],
  key: foodItems.foodid,
  search: [foodItems.foodname, foodItems.foodid],
};

const view = (c: ClassificationRow, items = 0): Classification => ({
  id: c.id,
  kind: c.kind as ClassificationKind,
  name: c.name,
  code: c.code,
  description: c.description,
  item_count: items,
  version: c.version,
  updated_by: c.updated_by,
  updated_at: c.updated_at.toISOString(),
});

const nameTaken = (b: ClassificationBody) =>
  new AppError(409, 'classificationExists', `A ${b.kind.replace('_', ' ')} named ${b.name} already exists`, {
    field: 'name',
  });

export class ClassificationsService {
  constructor(private readonly db: Db) {}

  async list(
    user: UserRow,
    query: Partial<ListQuery> & { kind?: ClassificationKind },
    range = listRange(query),
  ): Promise<ListPage<Classification>> {
    const scope = await loadSiteScope(this.db, user);
    const spec = listSpec(scope);
    const cond = and(listSearch(spec, query.search), query.kind ? eq(classifications.kind, query.kind) : undefined);
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select({ c: classifications, items: itemCount(scope) })
          .from(classifications)
          .where(cond)
          .orderBy(...listOrder(spec, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(classifications).where(cond),
    ]);
    return {
      rows: (rows as { c: ClassificationRow; items: number }[]).map((r) => view(r.c, Number(r.items))),
      total: total?.n ?? 0,
    };
  }

  private async row(id: number, db: DbOrTx = this.db) {
    const [c] = await db.select().from(classifications).where(eq(classifications.id, id));
    if (!c) throw notFound('classificationNotFound', `Classification ${id} does not exist`);
    return c;
  }

  async one(user: UserRow, id: number) {
    const c = await this.row(id);
    const scope = await loadSiteScope(this.db, user);
    const [r] = await this.db
      .select({ items: itemCount(scope) })
      .from(classifications)
      .where(eq(classifications.id, id));
    return view(c, Number(r?.items ?? 0));
  }

  private values(b: ClassificationBody) {
    return { kind: b.kind, name: b.name, code: b.code, description: b.description };
  }

  /** Names are unique per kind, case-insensitively ("Beverages" and "beverages" would split a report). */
  private async checkName(b: ClassificationBody, id?: number) {
    const [same] = await this.db
      .select({ id: classifications.id })
      .from(classifications)
      .where(
        and(
          eq(classifications.kind, b.kind),
          sql`lower(${classifications.name}) = lower(${b.name})`,
          id ? ne(classifications.id, id) : undefined,
        ),
      );
    if (same) throw nameTaken(b);
  }

  async create(b: ClassificationBody, actor: Actor) {
    await this.checkName(b);
    try {
      const row = await this.db.transaction((tx) =>
        insertAudited(tx, { table: classifications, values: this.values(b), actor, entity: 'classification' }),
      );
      return view(row);
    } catch (err) {
      if (uniqueViolation(err)) throw nameTaken(b);
      throw err;
    }
  }

  async update(id: number, b: ClassificationBody, actor: Actor) {
    const before = await this.row(id);
    if (b.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    await this.assertOnlyMine(id, before.name, 'change');
    if (b.kind !== before.kind) {
      // Items may hold only one sales category / accounting group: changing the kind could break that.
      // Items of every client count (as the system): a kind change would break theirs too.
      const [used] = await asSystem(() =>
        this.db.select({ n: count() }).from(itemClassifications).where(eq(itemClassifications.classification_id, id)),
      );
      if ((used?.n ?? 0) > 0)
        throw badRequest('classificationKindFixed', 'Remove its items before changing its kind', { field: 'kind' });
    }
    await this.checkName(b, id);
    try {
      const row = await this.db.transaction((tx) =>
        updateVersioned(tx, {
          table: classifications,
          where: eq(classifications.id, id),
          version: b.version!,
          actor,
          entity: 'classification',
          entityId: String(id),
          what: `Classification ${before.name}`,
          before,
          set: this.values(b),
        }),
      );
      return this.one(actor.user, row.id);
    } catch (err) {
      if (uniqueViolation(err)) throw nameTaken(b);
      throw err;
    }
  }

  /** Deletes it and (by the foreign key's cascade) its assignments; answers how many items lost it. */
  /**
   * Classifications are shared by every client: one that items outside the caller's sites hold is not theirs to
   * rename or remove (it would change or take away those items' classification). Counted as the system.
   */
  private async assertOnlyMine(id: number, name: string, what: 'change' | 'remove') {
    const [mine] = await this.db
      .select({ n: count() })
      .from(itemClassifications)
      .where(eq(itemClassifications.classification_id, id));
    const [all] = await asSystem(() =>
      this.db.select({ n: count() }).from(itemClassifications).where(eq(itemClassifications.classification_id, id)),
    );
    if ((all?.n ?? 0) > (mine?.n ?? 0))
      throw new AppError(
        409,
        'classificationUsedElsewhere',
        `${name} is used by items of restaurants that are not yours; an administrator can ${what} it`,
      );
  }

  async remove(id: number, version: number, actor: Actor) {
    const before = await this.row(id);
    await this.assertOnlyMine(id, before.name, 'remove');
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .select({ n: count() })
        .from(itemClassifications)
        .where(eq(itemClassifications.classification_id, id));
      await deleteVersioned(tx, {
        table: classifications,
        where: eq(classifications.id, id),
        version,
        actor,
        entity: 'classification',
        entityId: String(id),
        what: `Classification ${before.name}`,
        before,
        auditBefore: { ...before, items: used?.n ?? 0 },
      });
      return { name: before.name, items: used?.n ?? 0 };
    });
  }

  /** Its items in the user's restaurants. */
  async items(
    user: UserRow,
    id: number,
    query: Partial<ListQuery> & { restaurant?: string },
  ): Promise<ListPage<ClassifiedItem>> {
    await this.row(id);
    const scope = await loadSiteScope(this.db, user);
    const cond = and(
      eq(itemClassifications.classification_id, id),
      inScope(scope),
      query.restaurant ? eq(foodItems.restaurant, query.restaurant) : undefined,
      listSearch(ITEM_LIST, query.search),
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select({
            foodid: foodItems.foodid,
            foodname: foodItems.foodname,
            restaurant: foodItems.restaurant,
            assigned_by: itemClassifications.assigned_by,
            assigned_at: itemClassifications.assigned_at,
          })
          .from(itemClassifications)
          .innerJoin(foodItems, eq(foodItems.foodid, itemClassifications.foodid))
          .where(cond)
          .orderBy(...listOrder(ITEM_LIST, { order: 'asc', ...query }))
          .$dynamic(),
        listRange(query),
      ),
      this.db
        .select({ n: count() })
        .from(itemClassifications)
        .innerJoin(foodItems, eq(foodItems.foodid, itemClassifications.foodid))
        .where(cond),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, assigned_at: r.assigned_at.toISOString() })),
      total: total?.n ?? 0,
    };
  }

  /** A restaurant's items with the classifications each has (the assign dialog's picker). */
  async restaurantItems(
    user: UserRow,
    query: Partial<ListQuery> & { restaurant: string },
  ): Promise<ListPage<ClassifiedItem>> {
    const scope = await loadSiteScope(this.db, user);
    if (!scope.all && !scope.restaurants.has(query.restaurant)) throw forbidden('You do not have this restaurant');
    const cond = and(eq(foodItems.restaurant, query.restaurant), listSearch(ITEM_LIST, query.search));
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select({ foodid: foodItems.foodid, foodname: foodItems.foodname, restaurant: foodItems.restaurant })
          .from(foodItems)
          .where(cond)
          .orderBy(...listOrder(ITEM_LIST, { order: 'asc', ...query }))
          .$dynamic(),
        listRange(query),
      ),
      this.db.select({ n: count() }).from(foodItems).where(cond),
    ]);
    const held = rows.length
      ? await this.db
          .select({
            foodid: itemClassifications.foodid,
            id: classifications.id,
            kind: classifications.kind,
            name: classifications.name,
          })
          .from(itemClassifications)
          .innerJoin(classifications, eq(classifications.id, itemClassifications.classification_id))
          .where(
            inArray(
              itemClassifications.foodid,
              rows.map((r) => r.foodid),
            ),
          )
          .orderBy(classifications.kind, text(classifications.name))
      : [];
    return {
      rows: rows.map((r) => ({
        ...r,
        classifications: held
          .filter((h) => h.foodid === r.foodid)
          .map((h) => ({ id: h.id, kind: h.kind as ClassificationKind, name: h.name })),
      })),
      total: total?.n ?? 0,
    };
  }

  /** Items of the user's restaurants with no classification of this kind ("No sales category"). */
  async unassigned(
    user: UserRow,
    query: Partial<ListQuery> & { restaurant?: string; kind: ClassificationKind },
  ): Promise<ListPage<ClassifiedItem>> {
    const scope = await loadSiteScope(this.db, user);
    if (query.restaurant && !scope.all && !scope.restaurants.has(query.restaurant))
      throw forbidden('You do not have this restaurant');
    const cond = and(
      inScope(scope),
      query.restaurant ? eq(foodItems.restaurant, query.restaurant) : undefined,
      listSearch(ITEM_LIST, query.search),
      sql`not exists (select 1 from ${itemClassifications} ic where ic.foodid = ${outer(foodItems.foodid)} and ic.kind = ${query.kind})`,
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select({ foodid: foodItems.foodid, foodname: foodItems.foodname, restaurant: foodItems.restaurant })
          .from(foodItems)
          .where(cond)
          .orderBy(...listOrder(ITEM_LIST, { order: 'asc', ...query }))
          .$dynamic(),
        listRange(query),
      ),
      this.db.select({ n: count() }).from(foodItems).where(cond),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * Adds or removes many items at once, in one transaction. The items must exist and be in the user's
   * restaurants. Adding a sales category or an accounting group moves each item from the one of that kind it had.
   */
  async assign(id: number, body: AssignBody, actor: Actor): Promise<AssignResult> {
    const foodids = [...new Set(body.foodids)];
    const scope = await loadSiteScope(this.db, actor.user);
    try {
      return await this.db.transaction(async (tx) => {
        const c = await this.row(id, tx);
        const found = await tx
          .select({ foodid: foodItems.foodid, restaurant: foodItems.restaurant })
          .from(foodItems)
          .where(inArray(foodItems.foodid, foodids));
        if (found.length < foodids.length) {
          const known = new Set(found.map((f) => f.foodid));
          const missing = foodids.filter((f) => !known.has(f));
          throw badRequest('itemNotFound', `No such item: ${missing.slice(0, 5).join(', ')}`, {
            field: 'foodids',
            foodids: missing.slice(0, 50),
          });
        }
        if (!scope.all && found.some((f) => !scope.restaurants.has(f.restaurant)))
          throw forbidden('Some items are in a restaurant you do not have');

        const result: AssignResult = { assigned: 0, removed: 0, unchanged: 0, moved: [] };
        if (body.mode === 'remove') {
          const gone = await tx
            .delete(itemClassifications)
            .where(and(eq(itemClassifications.classification_id, id), inArray(itemClassifications.foodid, foodids)))
            .returning({ foodid: itemClassifications.foodid });
          result.removed = gone.length;
          result.unchanged = foodids.length - gone.length;
        } else {
          if (isSingleKind(c.kind)) {
            const previous = await tx
              .delete(itemClassifications)
              .where(
                and(
                  eq(itemClassifications.kind, c.kind),
                  ne(itemClassifications.classification_id, id),
                  inArray(itemClassifications.foodid, foodids),
                ),
              )
              .returning({ from: itemClassifications.classification_id });
            const byFrom = new Map<number, number>();
            for (const p of previous) byFrom.set(p.from, (byFrom.get(p.from) ?? 0) + 1);
            if (byFrom.size) {
              const names = await tx
                .select({ id: classifications.id, name: classifications.name })
                .from(classifications)
                .where(inArray(classifications.id, [...byFrom.keys()]));
              result.moved = names
                .map((n) => ({ id: n.id, name: n.name, count: byFrom.get(n.id) ?? 0 }))
                .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
            }
          }
          const added = await tx
            .insert(itemClassifications)
            .values(
              foodids.map((foodid) => ({
                foodid,
                classification_id: id,
                kind: c.kind,
                assigned_by: actor.user.userid,
              })),
            )
            .onConflictDoNothing({ target: [itemClassifications.foodid, itemClassifications.classification_id] })
            .returning({ foodid: itemClassifications.foodid });
          result.assigned = added.length;
          result.unchanged = foodids.length - added.length;
        }
        await audit(tx, {
          actor: actor.user.userid,
          action: body.mode === 'remove' ? 'unassign' : 'assign',
          entity: 'classification',
          entityId: String(id),
          after: { ...result, foodids },
          ip: actor.ip,
        });
        return result;
      });
    } catch (err) {
      // Someone gave one of these items another sales category at the same moment.
      if (uniqueViolation(err))
        throw new AppError(409, 'assignConflict', 'Another change to these items came first; try again');
      throw err;
    }
  }
}
