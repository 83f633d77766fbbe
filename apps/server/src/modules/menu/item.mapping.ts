import { foodItemFieldsSchema, type FoodItem, type FoodItemFields } from '@cd/core';
import type { FoodItemRow } from '../../db/schema/index.js';

/** Item fields kept in their own columns (DESIGN.md §5); `submenu` lives in food_item_submenus. */
const COLUMN_FIELDS = [
  'foodname',
  'price',
  'listofcategories',
  'vegflag',
  'hide_item',
  'imageurl',
  'short_name',
  'extras',
  'locked_field',
  'submenu',
] as const;

/** Money to the numeric column: exact decimal text, never a float's noise (0.1 + 0.2). */
export const toMoney = (n: number) => String(Math.round(n * 1000) / 1000);

/** Validated fields → the row's values (without foodid, restaurant, sequence). */
export function toItemRowValues(fields: FoodItemFields) {
  const details: Record<string, unknown> = { ...fields };
  for (const k of COLUMN_FIELDS) delete details[k];
  return {
    foodname: fields.foodname,
    price: toMoney(fields.price),
    listofcategories: fields.listofcategories,
    vegflag: fields.vegflag,
    hide_item: fields.hide_item,
    imageurl: fields.imageurl,
    short_name: fields.short_name,
    extras: fields.extras,
    locked_field: fields.locked_field,
    details,
  };
}

/**
 * A row (+ its submenu links) → the fields. Parsing through the schema fills any default a newer version
 * added, so old rows open with every field present.
 */
export function toItemFields(row: FoodItemRow, submenu: string[]): FoodItemFields {
  return foodItemFieldsSchema.parse({
    ...row.details,
    foodname: row.foodname,
    price: Number(row.price),
    listofcategories: row.listofcategories,
    vegflag: row.vegflag,
    hide_item: row.hide_item,
    imageurl: row.imageurl,
    short_name: row.short_name,
    extras: row.extras,
    locked_field: row.locked_field,
    submenu,
  });
}

export function toFoodItem(row: FoodItemRow, submenu: string[]): FoodItem {
  return {
    ...toItemFields(row, submenu),
    foodid: row.foodid,
    restaurant: row.restaurant,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

/** `Paneer Tikka!` → `paneer_tikka`; the food id is `<restid>_<slug>` (with `_2`, `_3`… on a clash). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/, '');
  return slug || 'item';
}
