import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MENU_LIMITS,
  type PricebookFoodItem,
  type pricebookFoodItemPriceBody,
  type pricebookFoodItemsQuery,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { paths, pricebookFoodItems } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { updateVersioned } from '../../lib/versioned.js';
import { toMoney } from '../menu/item.mapping.js';
import type { Actor } from '../menu/menu-access.js';
import { touchPricebook } from '../menu/menu-cache.js';

type ItemsQuery = z.output<typeof pricebookFoodItemsQuery>;
type PriceBody = z.output<typeof pricebookFoodItemPriceBody>;
type PbItemRow = typeof pricebookFoodItems.$inferSelect;

const likeOf = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function toPricebookFoodItem(r: PbItemRow): PricebookFoodItem {
  return {
    foodid: r.foodid,
    foodname: r.foodname,
    price: Number(r.price),
    path: r.path,
    tags: r.tags,
    extras: JSON.stringify({ enable_as_submenu: r.enable_as_submenu, imageurl: r.imageurl }),
    version: r.version,
  };
}

export async function loadPath(db: DbOrTx, id: number) {
  const [path] = await db.select({ id: paths.id, pathid: paths.pathid }).from(paths).where(eq(paths.id, id));
  if (!path) throw notFound('pathNotFound', `Price-book path ${id} does not exist`);
  return path;
}

/** Price-book food items (spec 001 §3.9): a price per path for a food id. */
export class PricebookService {
  constructor(private readonly db: Db) {}

  /** Items of a path; with a search, case-insensitive substring of the name, at least 3 characters. */
  async foodItems(q: ItemsQuery): Promise<PricebookFoodItem[]> {
    await loadPath(this.db, q.path);
    const where: SQL[] = [eq(pricebookFoodItems.path, q.path)];
    if (q.search) {
      if (q.search.length < MENU_LIMITS.searchMinChars) {
        throw badRequest('searchTooShort', `Type at least ${MENU_LIMITS.searchMinChars} characters to search`, {
          field: 'search',
        });
      }
      where.push(sql`lower(${pricebookFoodItems.foodname}) like ${likeOf(q.search)}`);
    }
    const rows = await this.db
      .select()
      .from(pricebookFoodItems)
      .where(and(...where))
      .orderBy(asc(sql`lower(${pricebookFoodItems.foodname})`), asc(pricebookFoodItems.foodid))
      .limit(q.limit);
    return rows.map(toPricebookFoodItem);
  }

  async setPrice(body: PriceBody, actor: Actor): Promise<PricebookFoodItem> {
    const path = await loadPath(this.db, body.path);
    const key = and(eq(pricebookFoodItems.path, body.path), eq(pricebookFoodItems.foodid, body.foodid))!;
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(pricebookFoodItems).where(key);
      if (!before) throw notFound('pricebookItemNotFound', `${body.foodid} has no price on path ${path.pathid}`);
      const row = await updateVersioned(tx, {
        table: pricebookFoodItems,
        where: key,
        version: body.version,
        set: { price: toMoney(body.price) },
        actor,
        entity: 'pricebook_food_item',
        entityId: `${path.pathid}/${body.foodid}`,
        what: `The price of ${before.foodname} on ${path.pathid}`,
        before,
      });
      await touchPricebook(tx);
      return toPricebookFoodItem(row);
    });
  }
}
