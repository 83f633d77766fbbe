import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  stockChange,
  stockState,
  type INVENTORY_SORT,
  type ListQuery,
  type StockEntryBody,
  type StockLedgerEntry,
  type StockLevel,
  type StockSettingsBody,
  type StockState,
  type StockUpdateBody,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { foodItems, stockLedger, stockLevels, type UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { loadMenuRestaurant } from '../menu/menu-access.js';
import { touchMenu } from '../menu/menu-cache.js';
import { applyEntry } from './stock.js';

const stateSql = sql<StockState>`case when ${stockLevels.foodid} is null then 'ok'
  when ${stockLevels.sold_out} then 'sold_out'
  when ${stockLevels.low_threshold} is not null and ${stockLevels.on_hand} <= ${stockLevels.low_threshold} then 'low'
  else 'ok' end`;

const LIST: ListSpec<(typeof INVENTORY_SORT)[number]> = {
  sortable: {
    foodname: text(foodItems.foodname),
    on_hand: sql`coalesce(${stockLevels.on_hand}, 0)`,
    state: stateSql,
    updated_at: stockLevels.updated_at,
  },
  defaultSort: [foodItems.sequence, text(foodItems.foodname)],
  key: foodItems.foodid,
  search: [foodItems.foodname, foodItems.foodid],
};

const columns = {
  foodid: foodItems.foodid,
  foodname: foodItems.foodname,
  restaurant: foodItems.restaurant,
  listofcategories: foodItems.listofcategories,
  level: stockLevels,
};
type Joined = {
  foodid: string;
  foodname: string;
  restaurant: string;
  listofcategories: unknown;
  level: typeof stockLevels.$inferSelect | null;
};

export function levelView(r: Joined): StockLevel {
  const l = r.level;
  const onHand = l ? Number(l.on_hand) : 0;
  const low = l?.low_threshold != null ? Number(l.low_threshold) : null;
  return {
    foodid: r.foodid,
    foodname: r.foodname,
    restaurant: r.restaurant,
    listofcategories: Array.isArray(r.listofcategories) ? (r.listofcategories as string[]) : [],
    tracked: l !== null,
    on_hand: onHand,
    low_threshold: low,
    sold_out: l?.sold_out ?? false,
    state: l ? stockState(onHand, low) : 'ok',
    version: l?.version ?? 0,
    updated_by: l?.updated_by ?? null,
    updated_at: l ? l.updated_at.toISOString() : null,
  };
}

export const entryView = (e: typeof stockLedger.$inferSelect): StockLedgerEntry => ({
  id: e.id,
  foodid: e.foodid,
  entry_type: e.entry_type as StockLedgerEntry['entry_type'],
  quantity: Number(e.quantity),
  balance_after: Number(e.balance_after),
  reason: e.reason,
  ref: e.ref,
  occurred_at: e.occurred_at.toISOString(),
  created_by: e.created_by,
});

export class InventoryService {
  constructor(private readonly db: Db) {}

  async list(
    user: UserRow,
    query: Partial<ListQuery> & { restaurant: string; search?: string; state?: StockState; tracked?: 'true' | 'false' },
    range = listRange(query),
  ): Promise<ListPage<StockLevel>> {
    const rest = await loadMenuRestaurant(this.db, query.restaurant, user);
    const cond = and(
      eq(foodItems.restaurant, rest.restaurant),
      listSearch(LIST, query.search),
      query.state ? sql`${stateSql} = ${query.state}` : undefined,
      query.tracked === 'true' ? sql`${stockLevels.foodid} is not null` : undefined,
      query.tracked === 'false' ? sql`${stockLevels.foodid} is null` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select(columns)
          .from(foodItems)
          .leftJoin(stockLevels, eq(stockLevels.foodid, foodItems.foodid))
          .where(cond)
          .orderBy(...listOrder(LIST, { sort: query.sort, order: query.order ?? 'asc' }))
          .$dynamic(),
        range,
      ),
      this.db
        .select({ n: count() })
        .from(foodItems)
        .leftJoin(stockLevels, eq(stockLevels.foodid, foodItems.foodid))
        .where(cond),
    ]);
    return { rows: rows.map(levelView), total: total?.n ?? 0 };
  }

  /** The item and its restaurant, checked against the caller's sites (404 / 403). */
  private async itemOf(db: DbOrTx, foodid: string, user: UserRow) {
    const [item] = await db
      .select({ foodid: foodItems.foodid, restaurant: foodItems.restaurant })
      .from(foodItems)
      .where(eq(foodItems.foodid, foodid));
    if (!item) throw notFound('itemNotFound', `Item ${foodid} does not exist`);
    await loadMenuRestaurant(db, item.restaurant, user);
    return item;
  }

  async one(db: DbOrTx, foodid: string): Promise<StockLevel> {
    const [row] = await db
      .select(columns)
      .from(foodItems)
      .leftJoin(stockLevels, eq(stockLevels.foodid, foodItems.foodid))
      .where(eq(foodItems.foodid, foodid));
    if (!row) throw notFound('itemNotFound', `Item ${foodid} does not exist`);
    return levelView(row);
  }

  /** Track or stop tracking, and the low threshold; version-checked (0 for an item not tracked yet). */
  async settings(foodid: string, body: StockSettingsBody & { version: number }, actor: Actor): Promise<StockLevel> {
    const item = await this.itemOf(this.db, foodid, actor.user);
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(stockLevels).where(eq(stockLevels.foodid, foodid)).for('update');
      const what = `The stock of ${foodid}`;
      if ((before?.version ?? 0) !== body.version) {
        if (before) throw versionConflict(what, before);
        throw new AppError(409, 'versionConflict', `${what} is no longer tracked. Reload to see it.`, {
          current_version: 0,
        });
      }
      const low = body.low_threshold === null ? null : body.low_threshold.toFixed(3);
      if (!body.tracked) {
        if (before) {
          await tx.delete(stockLevels).where(eq(stockLevels.foodid, foodid));
          if (before.sold_out) await touchMenu(tx, item.restaurant);
        }
      } else if (!before) {
        await tx.insert(stockLevels).values({
          foodid,
          restaurant: item.restaurant,
          low_threshold: low,
          sold_out: true,
          updated_by: actor.user.userid,
        });
        // Tracked from zero: sold out until stock is received.
        await touchMenu(tx, item.restaurant);
      } else {
        await tx
          .update(stockLevels)
          .set({
            low_threshold: low,
            version: sql`${stockLevels.version} + 1`,
            updated_by: actor.user.userid,
            updated_at: new Date(),
          })
          .where(eq(stockLevels.foodid, foodid));
      }
      await audit(tx, {
        actor: actor.user.userid,
        action: body.tracked ? (before ? 'update' : 'track') : 'untrack',
        entity: 'stock_level',
        entityId: foodid,
        before: before ?? null,
        after: body,
        ip: actor.ip,
      });
      return this.one(tx, foodid);
    });
  }

  /** A receipt, wastage, count or adjustment by hand. */
  async entry(foodid: string, body: StockEntryBody, actor: Actor) {
    const item = await this.itemOf(this.db, foodid, actor.user);
    const run = () =>
      this.db.transaction(async (tx) => {
        const { entry } = await applyEntry(
          tx,
          foodid,
          {
            restaurant: item.restaurant,
            entry_type: body.entry_type,
            ref: body.ref ?? null,
            reason: body.reason,
            by: actor.user.userid,
          },
          (onHand) => stockChange(body.entry_type, body.quantity, onHand),
        );
        return { item: await this.one(tx, foodid), entry: entry ? entryView(entry) : null };
      });
    try {
      return await run();
    } catch (err) {
      // A retry racing the first with the same ref: the first one stands.
      if (!body.ref || !uniqueViolation(err)) throw err;
      return run();
    }
  }

  async ledger(user: UserRow, foodid: string, query: { page: number; page_size: number }) {
    await this.itemOf(this.db, foodid, user);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(stockLedger)
        .where(eq(stockLedger.foodid, foodid))
        .orderBy(desc(stockLedger.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db.select({ n: count() }).from(stockLedger).where(eq(stockLedger.foodid, foodid)),
    ]);
    return { rows: rows.map(entryView), total: total?.n ?? 0 };
  }

  /**
   * stock_update (spec 000 §7): levels of many items of one restaurant at once, all or nothing; `set` records a
   * count, `add` an adjustment; the request_id is each entry's ref, so a retry changes nothing.
   */
  async stockUpdate(body: StockUpdateBody, by: string, check: (restaurant: string) => Promise<void>) {
    await check(body.restaurant);
    const run = () =>
      this.db.transaction(async (tx) => {
        const ids = body.items.map((i) => i.foodid);
        const known = await tx
          .select({ foodid: foodItems.foodid })
          .from(foodItems)
          .where(and(eq(foodItems.restaurant, body.restaurant), sql`${foodItems.foodid} in ${ids}`));
        const knownIds = new Set(known.map((k) => k.foodid));
        const missing = body.items.findIndex((i) => !knownIds.has(i.foodid));
        if (missing >= 0)
          throw badRequest('unknownItem', `items.${missing}.foodid: not an item of ${body.restaurant}`, {
            field: `items.${missing}.foodid`,
          });
        let replayed = false;
        const out: { foodid: string; on_hand: number; sold_out: boolean }[] = [];
        for (const it of [...body.items].sort((a, b) => (a.foodid < b.foodid ? -1 : 1))) {
          const { level, entry } = await applyEntry(
            tx,
            it.foodid,
            {
              restaurant: body.restaurant,
              entry_type: it.mode === 'set' ? 'count' : 'adjust',
              ref: body.request_id,
              reason: 'stock_update',
              by,
            },
            (onHand) => (it.mode === 'set' ? it.quantity - onHand : it.quantity),
          );
          if (!entry) replayed = true;
          out.push({ foodid: it.foodid, on_hand: Number(level.on_hand), sold_out: level.sold_out });
        }
        return { replayed, items: out };
      });
    try {
      return await run();
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
      return run();
    }
  }
}
