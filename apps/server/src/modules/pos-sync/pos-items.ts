import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PluItem, PosItem } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { foodItems, itemPluCodes, snoozes, stockLevels } from '../../db/schema/index.js';

/**
 * A restaurant's items with their PLU and availability, one query: the PLU row, the stock level (sold out: the
 * inventory module sets it with the level) and an item snooze still to come (as the menu read joins them).
 */
export const itemColumns = {
  foodid: foodItems.foodid,
  foodname: foodItems.foodname,
  short_name: foodItems.short_name,
  restaurant: foodItems.restaurant,
  price: sql<number>`${foodItems.price}::float8`,
  vegflag: foodItems.vegflag,
  hide_item: foodItems.hide_item,
  imageurl: foodItems.imageurl,
  listofcategories: foodItems.listofcategories,
  taxation: sql<string>`coalesce(${foodItems.details}->>'taxation', '')`,
  description: sql<string>`coalesce(${foodItems.details}->>'fooddescription', '')`,
  plu: itemPluCodes.plu,
  plu_version: itemPluCodes.version,
  plu_updated_by: itemPluCodes.updated_by,
  plu_updated_at: itemPluCodes.updated_at,
  sold_out: sql<boolean>`coalesce(${stockLevels.sold_out}, false)`,
  snoozed_until: snoozes.until,
};

/** The joined item select; callers add where, order and paging. */
export function selectItems(db: DbOrTx) {
  return db
    .select(itemColumns)
    .from(foodItems)
    .leftJoin(itemPluCodes, eq(itemPluCodes.foodid, foodItems.foodid))
    .leftJoin(stockLevels, eq(stockLevels.foodid, foodItems.foodid))
    .leftJoin(
      snoozes,
      and(
        eq(snoozes.restaurant, foodItems.restaurant),
        eq(snoozes.target_type, 'item'),
        eq(snoozes.target_id, foodItems.foodid),
        gt(snoozes.until, sql`now()`),
      ),
    );
}

export const itemOrder: SQL[] = [
  sql`${foodItems.sequence}`,
  sql`lower(${foodItems.foodname}) collate "C"`,
  sql`${foodItems.foodid}`,
];

export type ItemRow = Awaited<ReturnType<typeof restaurantItems>>[number];

export async function restaurantItems(db: DbOrTx, restaurant: string) {
  return selectItems(db)
    .where(eq(foodItems.restaurant, restaurant))
    .orderBy(...itemOrder, asc(foodItems.foodid));
}

export const pluItemView = (r: ItemRow): PluItem => ({
  foodid: r.foodid,
  foodname: r.foodname,
  restaurant: r.restaurant,
  plu: r.plu,
  price: Number(r.price),
  vegflag: r.vegflag,
  taxation: r.taxation,
  hide_item: r.hide_item,
  sold_out: Boolean(r.sold_out),
  snoozed_until: r.snoozed_until ? new Date(r.snoozed_until).toISOString() : null,
  version: r.plu_version ?? 0,
  updated_by: r.plu_updated_by,
  updated_at: r.plu_updated_at ? new Date(r.plu_updated_at).toISOString() : null,
});

export const posItemView = (r: ItemRow): PosItem => {
  const snoozed = r.snoozed_until !== null;
  return {
    foodid: r.foodid,
    plu: r.plu,
    name: r.foodname,
    price: Number(r.price),
    vegflag: r.vegflag,
    taxation: r.taxation,
    available: !r.hide_item && !r.sold_out && !snoozed,
    sold_out: Boolean(r.sold_out),
    snoozed,
    snoozed_until: r.snoozed_until ? new Date(r.snoozed_until).toISOString() : null,
  };
};
