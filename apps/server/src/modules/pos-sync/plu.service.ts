import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { nextFreePlus, type ListQuery, type PLU_SORT, type PluItem } from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { foodItems, itemPluCodes, type UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { listRange, listSearch, withRange, type ListPage, type ListSpec } from '../../lib/list-query.js';
import { updateVersioned, deleteVersioned } from '../../lib/versioned.js';
import { versionConflict } from '../../lib/conflict.js';
import { loadMenuRestaurant } from '../menu/menu-access.js';
import { itemOrder, pluItemView, selectItems } from './pos-items.js';

const LIST: ListSpec<(typeof PLU_SORT)[number]> = {
  sortable: {
    foodname: sql`lower(${foodItems.foodname}) collate "C"`,
    plu: sql`lower(${itemPluCodes.plu}) collate "C"`,
  },
  defaultSort: itemOrder,
  key: foodItems.foodid,
  search: [foodItems.foodname, foodItems.foodid, itemPluCodes.plu],
};

/** 409 naming the item that already has the code. */
async function duplicateOf(db: DbOrTx, restaurant: string, plu: string, foodid: string): Promise<AppError | null> {
  const [clash] = await db
    .select({ foodid: itemPluCodes.foodid, foodname: foodItems.foodname })
    .from(itemPluCodes)
    .innerJoin(foodItems, eq(foodItems.foodid, itemPluCodes.foodid))
    .where(
      and(
        eq(itemPluCodes.restaurant, restaurant),
        sql`lower(${itemPluCodes.plu}) = lower(${plu})`,
        sql`${itemPluCodes.foodid} <> ${foodid}`,
      ),
    );
  if (!clash) return null;
  return new AppError(409, 'duplicatePlu', `plu: PLU ${plu} is already used by ${clash.foodname}`, {
    field: 'plu',
    foodid: clash.foodid,
    foodname: clash.foodname,
  });
}

/** PLU codes of a restaurant's items (issue 20 point 6). */
export class PluService {
  constructor(private readonly db: Db) {}

  async list(
    user: UserRow,
    query: Partial<ListQuery> & { restaurant: string; search?: string; missing?: 'true' | 'false' },
  ): Promise<ListPage<PluItem>> {
    const rest = await loadMenuRestaurant(this.db, query.restaurant, user);
    const cond = and(
      eq(foodItems.restaurant, rest.restaurant),
      listSearch(LIST, query.search),
      query.missing === 'true' ? isNull(itemPluCodes.foodid) : undefined,
      query.missing === 'false' ? sql`${itemPluCodes.foodid} is not null` : undefined,
    );
    const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
    const primary = query.sort ? [LIST.sortable[query.sort as (typeof PLU_SORT)[number]]] : LIST.defaultSort;
    const order = [...primary, foodItems.foodid].map((c) => sql`${c} ${direction} nulls last`);
    const [rows, [total]] = await Promise.all([
      withRange(
        selectItems(this.db)
          .where(cond)
          .orderBy(...order)
          .$dynamic(),
        listRange(query),
      ),
      this.db
        .select({ n: count() })
        .from(foodItems)
        .leftJoin(itemPluCodes, eq(itemPluCodes.foodid, foodItems.foodid))
        .where(cond),
    ]);
    return { rows: rows.map(pluItemView), total: total?.n ?? 0 };
  }

  async one(db: DbOrTx, foodid: string): Promise<PluItem> {
    const [row] = await selectItems(db).where(eq(foodItems.foodid, foodid));
    if (!row) throw notFound('itemNotFound', `Item ${foodid} does not exist`);
    return pluItemView(row);
  }

  /** Sets ('' clears) an item's PLU, naming the version edited (0: the item has none yet). */
  async set(foodid: string, body: { plu: string; version: number }, actor: Actor): Promise<PluItem> {
    const [item] = await this.db
      .select({ foodid: foodItems.foodid, restaurant: foodItems.restaurant, foodname: foodItems.foodname })
      .from(foodItems)
      .where(eq(foodItems.foodid, foodid));
    if (!item) throw notFound('itemNotFound', `Item ${foodid} does not exist`);
    await loadMenuRestaurant(this.db, item.restaurant, actor.user);
    try {
      return await this.db.transaction(async (tx) => {
        const [current] = await tx.select().from(itemPluCodes).where(eq(itemPluCodes.foodid, foodid)).for('update');
        const what = `The PLU of ${item.foodname}`;
        if (body.plu !== '') {
          const clash = await duplicateOf(tx, item.restaurant, body.plu, foodid);
          if (clash) throw clash;
        }
        if (!current) {
          if (body.version !== 0)
            throw new AppError(
              409,
              'versionConflict',
              `${what} was removed since you opened it. Reload to see the changes.`,
              { current_version: 0 },
            );
          if (body.plu === '') return this.one(tx, foodid);
          const [row] = await tx
            .insert(itemPluCodes)
            .values({ foodid, restaurant: item.restaurant, plu: body.plu, updated_by: actor.user.userid })
            .returning();
          await audit(tx, {
            actor: actor.user.userid,
            action: 'create',
            entity: 'item_plu',
            entityId: foodid,
            after: row,
            ip: actor.ip,
          });
          return this.one(tx, foodid);
        }
        if (body.version !== current.version) throw versionConflict(what, current);
        const change = {
          table: itemPluCodes,
          where: eq(itemPluCodes.foodid, foodid),
          version: body.version,
          actor,
          entity: 'item_plu',
          entityId: foodid,
          what,
          before: current,
        };
        if (body.plu === '') await deleteVersioned(tx, change);
        else await updateVersioned(tx, { ...change, set: { plu: body.plu } });
        return this.one(tx, foodid);
      });
    } catch (err) {
      // Two people giving the same code at once: the unique index decides, the answer names the other item.
      if (uniqueViolation(err) && body.plu !== '') {
        throw (await duplicateOf(this.db, item.restaurant, body.plu, foodid)) ?? err;
      }
      throw err;
    }
  }

  /** Gives every item without a PLU the next free number from `start`, all or nothing. */
  async assignMissing(body: { restaurant: string; start: number }, actor: Actor) {
    const rest = await loadMenuRestaurant(this.db, body.restaurant, actor.user);
    try {
      return await this.db.transaction(async (tx) => {
        // One assignment at a time per restaurant: the codes taken are read under the lock.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plu:${rest.restaurant}`}))`);
        const used = await tx
          .select({ plu: itemPluCodes.plu })
          .from(itemPluCodes)
          .where(eq(itemPluCodes.restaurant, rest.restaurant));
        const missing = await tx
          .select({ foodid: foodItems.foodid })
          .from(foodItems)
          .leftJoin(itemPluCodes, eq(itemPluCodes.foodid, foodItems.foodid))
          .where(and(eq(foodItems.restaurant, rest.restaurant), isNull(itemPluCodes.foodid)))
          .orderBy(...itemOrder);
        if (missing.length === 0) return { assigned: 0, items: [] as { foodid: string; plu: string }[] };
        const codes = nextFreePlus(
          body.start,
          missing.length,
          used.map((u) => u.plu),
        );
        if (!codes) {
          throw badRequest('pluRange', `start: ${missing.length} numbers from ${body.start} would pass 14 digits`, {
            field: 'start',
          });
        }
        const items = missing.map((m, i) => ({ foodid: m.foodid, plu: codes[i]! }));
        await tx
          .insert(itemPluCodes)
          .values(items.map((i) => ({ ...i, restaurant: rest.restaurant, updated_by: actor.user.userid })));
        await audit(tx, {
          actor: actor.user.userid,
          action: 'assign_plu',
          entity: 'restaurant',
          entityId: rest.restaurant,
          after: { start: body.start, items },
          ip: actor.ip,
        });
        return { assigned: items.length, items };
      });
    } catch (err) {
      if (uniqueViolation(err)) {
        throw new AppError(409, 'duplicatePlu', 'Someone gave PLUs at the same time; try again');
      }
      throw err;
    }
  }
}
