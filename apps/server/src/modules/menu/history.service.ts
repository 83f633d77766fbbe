import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  isUnavailable,
  type MenuAsOfAnswer,
  type MenuFieldChange,
  type MenuHistoryAnswer,
  type MenuHistoryEntity,
  type MenuRevision,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  categories,
  foodItems,
  menuRevisions,
  paths,
  pricebookFoodItems,
  submenus,
  type MenuRevisionRow,
} from '../../db/schema/index.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { updateVersioned } from '../../lib/versioned.js';
import { assertMayManage, renameInItems } from './categories.service.js';
import { holds, loadMenuRestaurant, type Actor } from './menu-access.js';
import { touchMenu, touchPricebook } from './menu-cache.js';

type Row = Record<string, unknown>;

/** Columns whose JSON object holds independent fields: shown and reverted key by key. */
const KEYED = new Set(['details', 'extras']);
/** Columns never shown or reverted (bookkeeping, keys, derived). */
const HIDDEN = new Set(['version', 'updated_at', 'updated_by', 'created_at', 'sequence', 'restaurant']);
/** Submenu columns derived from its body: reverted with it, not shown. */
const DERIVED = new Set(['option_count', 'all_linked', 'linked_foodids', 'tags']);

/** How long revisions are kept (days); older ones are pruned and "as it was at" reaches no further back. */
export const MENU_HISTORY_DAYS_DEFAULT = 180;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const obj = (v: unknown): Row => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : {});

/** The field-by-field changes of a revision: `details` and `extras` by key, submenu bodies by top-level key. */
export function changesOf(rev: Pick<MenuRevisionRow, 'before' | 'after' | 'changed' | 'entity'>): MenuFieldChange[] {
  const before = rev.before ?? {};
  const after = rev.after ?? {};
  const out: MenuFieldChange[] = [];
  for (const col of rev.changed) {
    if (HIDDEN.has(col) || DERIVED.has(col)) continue;
    if (KEYED.has(col) || (col === 'body' && rev.entity === 'submenu')) {
      const b = obj(before[col]);
      const a = obj(after[col]);
      for (const k of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
        if (!same(b[k], a[k])) out.push({ field: `${col}.${k}`, before: b[k] ?? null, after: a[k] ?? null });
      }
    } else {
      out.push({ field: col, before: before[col] ?? null, after: after[col] ?? null });
    }
  }
  return out;
}

type Target = {
  table: PgTable & { version: PgColumn; updated_by: PgColumn; updated_at: PgColumn };
  where: SQL;
  audit: string;
  what: (row: Row) => string;
};

function targetOf(entity: MenuHistoryEntity, id: string): Target {
  switch (entity) {
    case 'item':
      return {
        table: foodItems,
        where: eq(foodItems.foodid, id),
        audit: 'food_item',
        what: (r) => `Menu item ${String(r.foodname)}`,
      };
    case 'submenu':
      return {
        table: submenus,
        where: eq(submenus.submenuid, id),
        audit: 'submenu',
        what: (r) => `Submenu ${String(r.title)}`,
      };
    case 'category': {
      const n = Number(id);
      if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw notFound('recordNotFound', `No category ${id}`);
      return {
        table: categories,
        where: eq(categories.id, n),
        audit: 'category',
        what: (r) => `Category ${String(r.name)}`,
      };
    }
    case 'price': {
      const cut = id.indexOf(':');
      const path = Number(id.slice(0, cut));
      if (cut < 1 || !Number.isInteger(path) || path < 1 || path > 2_147_483_647) {
        throw notFound('recordNotFound', `No price-book price ${id}`);
      }
      return {
        table: pricebookFoodItems,
        where: and(eq(pricebookFoodItems.path, path), eq(pricebookFoodItems.foodid, id.slice(cut + 1)))!,
        audit: 'pricebook_food_item',
        what: (r) => `The price of ${String(r.foodname)}`,
      };
    }
  }
}

/** Who may revert what: the page that edits it (and the category/submenu half of Category & Submenu Management). */
function assertMayRevert(actor: Actor, entity: MenuHistoryEntity) {
  const user = actor.user;
  if (entity === 'item' && !holds(user, 'editMenu')) throw forbidden('Reverting a menu item needs Add/Edit Menu');
  if (entity === 'price' && !holds(user, 'pricebook')) throw forbidden('Reverting a price needs the price book');
  if (entity === 'submenu' || entity === 'category') {
    if (!holds(user, 'subMenuManagement')) throw forbidden('Reverting this needs Category & Submenu Management');
    assertMayManage(user, entity);
  }
}

/** A JSON value of a row snapshot as the column takes it (numeric money is written as text). */
function columnValue(col: string, v: unknown): unknown {
  if (col === 'price' && typeof v === 'number') return String(v);
  return v;
}

const toRevision = (r: MenuRevisionRow): MenuRevision => ({
  id: r.id,
  op: r.op as MenuRevision['op'],
  at: r.at.toISOString(),
  actor: r.actor,
  changes: changesOf(r),
  reverted_from: r.reverted_from,
  revertible: r.op === 'update',
});

/** Menu history (issue 36): revisions of one record, revert of one revision, the menu as it was at a time. */
export class MenuHistoryService {
  constructor(
    private readonly db: Db,
    private readonly keepDays = MENU_HISTORY_DAYS_DEFAULT,
  ) {}

  /** The restaurant a record belongs to (now, or in its newest revision when it is gone), after the site check. */
  private async restaurantOf(entity: MenuHistoryEntity, id: string, actor: Pick<Actor, 'user'>) {
    const [rev] = await this.db
      .select({ restaurant: menuRevisions.restaurant })
      .from(menuRevisions)
      .where(and(eq(menuRevisions.entity, entity), eq(menuRevisions.record_id, id)))
      .orderBy(desc(menuRevisions.id))
      .limit(1);
    let restaurant = rev?.restaurant ?? null;
    if (!restaurant) {
      const t = targetOf(entity, id);
      const [row] = (await this.db
        .select()
        .from(t.table as PgTable)
        .where(t.where)) as Row[];
      if (row && entity === 'price') {
        const [item] = await this.db
          .select({ restaurant: foodItems.restaurant })
          .from(foodItems)
          .where(eq(foodItems.foodid, String(row.foodid)));
        restaurant = item?.restaurant ?? null;
      } else restaurant = (row?.restaurant as string | undefined) ?? null;
    }
    if (!restaurant) throw notFound('recordNotFound', `No history for ${entity} ${id}`);
    return loadMenuRestaurant(this.db, restaurant, actor.user);
  }

  async history(entity: MenuHistoryEntity, id: string, actor: Pick<Actor, 'user'>): Promise<MenuHistoryAnswer> {
    await this.restaurantOf(entity, id, actor);
    const t = targetOf(entity, id);
    const [current] = (await this.db
      .select()
      .from(t.table as PgTable)
      .where(t.where)) as Row[];
    const rows = await this.db
      .select()
      .from(menuRevisions)
      .where(and(eq(menuRevisions.entity, entity), eq(menuRevisions.record_id, id)))
      .orderBy(desc(menuRevisions.id))
      .limit(200);
    return {
      result: 'success',
      entity,
      id,
      version: current ? Number(current.version) : null,
      revisions: rows.map(toRevision).filter((r) => r.op !== 'update' || r.changes.length > 0),
    };
  }

  /**
   * Undoes one revision: the fields it changed go back to what they were before it (`details` and `extras` key by
   * key, so later changes to other fields stay). Version-checked against the version the user saw, audited, and the
   * menu stamp moves; the trigger records the revert as a new revision naming the one it undid.
   */
  async revert(revisionId: number, version: number, actor: Actor): Promise<{ version: number; what: string }> {
    const [rev] = await this.db.select().from(menuRevisions).where(eq(menuRevisions.id, revisionId));
    if (!rev) throw notFound('revisionNotFound', `Revision ${revisionId} does not exist`);
    const entity = rev.entity as MenuHistoryEntity;
    const restaurant = await this.restaurantOf(entity, rev.record_id, actor);
    assertMayRevert(actor, entity);
    if (rev.op !== 'update' || !rev.before) {
      throw badRequest('revisionNotRevertible', 'Only a change can be reverted, not a creation or a deletion', {
        field: 'revision',
      });
    }
    const t = targetOf(entity, rev.record_id);
    try {
      return await this.db.transaction(async (tx) => {
        const [current] = (await tx
          .select()
          .from(t.table as PgTable)
          .where(t.where)) as Row[];
        if (!current) throw notFound('recordNotFound', `${t.what(rev.before!)} no longer exists`);
        const set: Row = {};
        for (const col of rev.changed) {
          if (HIDDEN.has(col) || !(col in current)) continue;
          if (KEYED.has(col)) {
            const b = obj(rev.before![col]);
            const a = obj(rev.after?.[col]);
            const next = { ...obj(current[col]) };
            for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) {
              if (same(b[k], a[k])) continue;
              if (k in b) next[k] = b[k];
              else delete next[k];
            }
            set[col] = next;
          } else set[col] = columnValue(col, rev.before![col]);
        }
        await tx.execute(sql`select set_config('cd.revert_of', ${String(rev.id)}, true)`);
        const row = (await updateVersioned(tx, {
          table: t.table,
          where: t.where,
          version,
          set: set as never,
          actor,
          action: 'revert',
          entity: t.audit,
          entityId: rev.record_id,
          what: t.what(current),
          before: current as never,
          auditAfter: async (updated: Row) => {
            // A category rename reverted renames the category in its items again, as a rename does.
            const renamed =
              entity === 'category'
                ? await renameInItems(tx, current as never, updated as never, actor.user.userid)
                : undefined;
            return {
              ...updated,
              reverted_revision: rev.id,
              ...(renamed === undefined ? {} : { renamed_items: renamed }),
            };
          },
        })) as Row;
        await tx.execute(sql`select set_config('cd.revert_of', '', true)`);
        await touchMenu(tx, restaurant.restaurant);
        if (entity === 'price') await touchPricebook(tx);
        return { version: Number(row.version), what: t.what(row) };
      });
    } catch (err) {
      if (uniqueViolation(err)) {
        throw new AppError(
          409,
          'revertClash',
          'Reverting would give the same name as another record; rename that first',
        );
      }
      throw err;
    }
  }

  /**
   * The restaurant's menu as it was at `at`: a record changed since then is as the first revision after `at` found
   * it (its `before`; absent when it was created after), any other record is as it is now. Prices of the price book
   * are those of the restaurant's path today.
   */
  async asOf(restaurantId: string, at: Date, actor: Pick<Actor, 'user'>): Promise<MenuAsOfAnswer> {
    const restaurant = await loadMenuRestaurant(this.db, restaurantId, actor.user);
    const horizon = Date.now() - this.keepDays * 86_400_000;
    if (at.getTime() < horizon) {
      throw badRequest('historyTooOld', `The menu history reaches back ${this.keepDays} days`, { field: 'at' });
    }
    const rid = restaurant.restaurant;
    const result = (await this.db.execute(sql`
      select distinct on (entity, record_id) entity, record_id, before
      from menu_revisions where restaurant = ${rid} and at > ${at.toISOString()}::timestamptz
      order by entity, record_id, id`)) as unknown as {
      rows: { entity: string; record_id: string; before: Row | null }[];
    };
    const first = new Map(result.rows.map((r) => [`${r.entity}|${r.record_id}`, r.before]));
    const asOf = <T extends Row>(entity: string, now: T[], key: (r: T) => string): Row[] => {
      const out: Row[] = [];
      for (const r of now) if (!first.has(`${entity}|${key(r)}`)) out.push(r);
      for (const r of result.rows) if (r.entity === entity && r.before) out.push(r.before);
      return out;
    };
    const items = asOf(
      'item',
      (await this.db.select().from(foodItems).where(eq(foodItems.restaurant, rid))) as unknown as Row[],
      (r) => String(r.foodid),
    ).sort(
      (a, b) =>
        Number(a.sequence) - Number(b.sequence) ||
        String(a.foodname).localeCompare(String(b.foodname)) ||
        String(a.foodid).localeCompare(String(b.foodid)),
    );
    const cats = asOf(
      'category',
      (await this.db.select().from(categories).where(eq(categories.restaurant, rid))) as unknown as Row[],
      (r) => String(r.id),
    ).sort((a, b) => Number(a.sequence) - Number(b.sequence) || String(a.name).localeCompare(String(b.name)));
    const subs = asOf(
      'submenu',
      (await this.db.select().from(submenus).where(eq(submenus.restaurant, rid))) as unknown as Row[],
      (r) => String(r.submenuid),
    ).sort((a, b) => String(a.title).localeCompare(String(b.title)));
    const prices = new Map<string, number>();
    if (restaurant.pricebook_path !== 'none') {
      const [path] = await this.db
        .select({ id: paths.id })
        .from(paths)
        .where(eq(paths.pathid, restaurant.pricebook_path));
      if (path) {
        const now = (await this.db
          .select()
          .from(pricebookFoodItems)
          .innerJoin(foodItems, eq(foodItems.foodid, pricebookFoodItems.foodid))
          .where(and(eq(pricebookFoodItems.path, path.id), eq(foodItems.restaurant, rid)))
          .orderBy(asc(pricebookFoodItems.foodid))) as unknown as { pricebook_food_items: Row }[];
        const rows = asOf(
          'price',
          now.map((r) => r.pricebook_food_items),
          (r) => `${String(r.path)}:${String(r.foodid)}`,
        );
        for (const p of rows) if (Number(p.path) === path.id) prices.set(String(p.foodid), Number(p.price));
      }
    }
    return {
      result: 'success',
      restaurant: rid,
      at: at.toISOString(),
      fooditems: items.map((f) => {
        const details = obj(f.details);
        return {
          foodid: String(f.foodid),
          foodname: String(f.foodname),
          price: Number(f.price),
          pricebook_price: prices.get(String(f.foodid)) ?? null,
          listofcategories: Array.isArray(f.listofcategories) ? (f.listofcategories as string[]) : [],
          vegflag: String(f.vegflag ?? 'V'),
          hide_item: f.hide_item === true,
          unavailable: isUnavailable({
            daysavailable: obj(details.daysavailable) as never,
            datesavailable: Array.isArray(details.datesavailable) ? (details.datesavailable as string[]) : [],
          }),
        };
      }),
      categories: cats.map((c) => ({ id: Number(c.id), name: String(c.name) })),
      submenus: subs.map((s) => ({
        submenuid: String(s.submenuid),
        title: String(s.title),
        option_count: Number(s.option_count ?? 0),
      })),
    };
  }

  /** Drops revisions older than the kept days (one statement; run by a periodic task). */
  async prune(db: DbOrTx = this.db): Promise<number> {
    const gone = await db
      .delete(menuRevisions)
      .where(sql`${menuRevisions.at} < now() - ${this.keepDays} * interval '1 day'`)
      .returning({ id: menuRevisions.id });
    return gone.length;
  }
}
