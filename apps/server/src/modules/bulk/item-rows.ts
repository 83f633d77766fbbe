import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { FoodItemFields } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { foodItems, type FoodItemRow } from '../../db/schema/index.js';
import { defaultItemFields } from '../menu/item-permissions.js';
import { submenuLinks } from '../menu/items.service.js';

const PAGE = 1000;

/**
 * A stored row → its fields without re-validating them: the defaults of a new item overlaid with what the row
 * holds (rows were validated when written). toItemFields runs the schema and costs ~0.5 ms an item, 5 s for a
 * 10,000-item menu; this is what makes the bulk download and the upload's base items fast.
 */
export function storedItemFields(row: FoodItemRow, submenu: string[]): FoodItemFields {
  const defaults = defaultItemFields();
  return {
    ...defaults,
    ...(row.details as Partial<FoodItemFields>),
    foodname: row.foodname,
    price: Number(row.price),
    listofcategories: row.listofcategories,
    vegflag: row.vegflag as FoodItemFields['vegflag'],
    hide_item: row.hide_item,
    imageurl: row.imageurl,
    short_name: row.short_name,
    extras: { ...defaults.extras, ...row.extras },
    locked_field: row.locked_field as FoodItemFields['locked_field'],
    submenu,
  };
}

/** A restaurant's items in menu order, a page at a time (keyset on sequence, foodid), with their submenu links. */
export async function* itemPages(
  db: DbOrTx,
  restaurant: string,
): AsyncGenerator<{ row: FoodItemRow; fields: FoodItemFields }[]> {
  let last: { sequence: number; foodid: string } | null = null;
  for (;;) {
    const after: SQL | undefined = last
      ? or(
          gt(foodItems.sequence, last.sequence),
          and(eq(foodItems.sequence, last.sequence), gt(foodItems.foodid, last.foodid)),
        )
      : undefined;
    const rows: FoodItemRow[] = await db
      .select()
      .from(foodItems)
      .where(and(eq(foodItems.restaurant, restaurant), after))
      .orderBy(asc(foodItems.sequence), asc(foodItems.foodid))
      .limit(PAGE);
    if (rows.length === 0) return;
    const links = await submenuLinks(
      db,
      rows.map((x) => x.foodid),
    );
    yield rows.map((row) => ({ row, fields: storedItemFields(row, links.get(row.foodid) ?? []) }));
    if (rows.length < PAGE) return;
    const tail = rows[rows.length - 1]!;
    last = { sequence: tail.sequence, foodid: tail.foodid };
  }
}
