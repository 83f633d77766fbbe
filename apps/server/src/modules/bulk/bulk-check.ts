import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BULK_HEADERS,
  bulkHeaderOf,
  parseBulkRow,
  type BulkCell,
  type BulkCellError,
  type FoodItemFields,
  type RuleError,
} from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { allergens, categories, foodItems, submenus, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { checkItemAgainst, type KnownMenu } from '../menu/item-checks.js';
import { assertItemChangeAllowed } from '../menu/item-permissions.js';
import { submenuLinks } from '../menu/items.service.js';
import { ERRORS_HEADER } from './bulk-error-file.js';
import { storedItemFields } from './item-rows.js';

/** An item of the restaurant as the upload found it. */
export type ExistingItem = { version: number; fields: FoodItemFields };

/**
 * What an upload checks rows against: the restaurant's categories, submenus and allergens, loaded once, and the
 * existing items the rows name, loaded a chunk of rows at a time (`loadItems`) so a 10,000-item menu is never
 * held whole in memory.
 */
export type UploadContext = KnownMenu & {
  /** The items named by the rows being checked (foodid → version and fields). */
  items: Map<string, ExistingItem>;
  /** Food id → titles of the submenus listing it as an option (it must stay enabled as a submenu). */
  optionOf: Map<string, string[]>;
};

export async function loadUploadContext(db: DbOrTx, restaurant: string): Promise<UploadContext> {
  const [cats, codes, subs] = await Promise.all([
    db.select({ name: categories.name }).from(categories).where(eq(categories.restaurant, restaurant)),
    db.select({ code: allergens.code }).from(allergens),
    db
      .select({
        submenuid: submenus.submenuid,
        title: submenus.title,
        all_linked: submenus.all_linked,
        linked: submenus.linked_foodids,
        list: sql<string[]>`${submenus.body}->'list'`,
      })
      .from(submenus)
      .where(eq(submenus.restaurant, restaurant)),
  ]);
  const optionOf = new Map<string, string[]>();
  for (const s of subs) for (const id of s.linked ?? []) optionOf.set(id, [...(optionOf.get(id) ?? []), s.title]);
  return {
    items: new Map(),
    optionOf,
    categories: new Set(cats.map((c) => c.name)),
    allergens: new Set(codes.map((a) => a.code)),
    submenus: subs,
  };
}

/** The restaurant's items among these ids, as they are now (ids of other restaurants are not found). */
export async function loadItems(db: DbOrTx, restaurant: string, foodids: string[]): Promise<Map<string, ExistingItem>> {
  const items = new Map<string, ExistingItem>();
  if (!foodids.length) return items;
  const rows = await db
    .select()
    .from(foodItems)
    .where(and(eq(foodItems.restaurant, restaurant), inArray(foodItems.foodid, foodids)));
  const links = await submenuLinks(
    db,
    rows.map((r) => r.foodid),
  );
  for (const row of rows) {
    items.set(row.foodid, { version: row.version, fields: storedItemFields(row, links.get(row.foodid) ?? []) });
  }
  return items;
}

/**
 * The header row → the column index of each known header (case-insensitive), and the headers it does not know
 * (as written). Empty header cells and the "Errors" column of an earlier error workbook are not columns.
 */
export function readHeader(cells: BulkCell[]): { index: Map<string, number>; unknown: string[] } {
  const known = new Map(BULK_HEADERS.map((h) => [h.toLowerCase(), h]));
  const index = new Map<string, number>();
  const unknown: string[] = [];
  cells.forEach((c, i) => {
    const text = String(c ?? '').trim();
    if (!text || text === ERRORS_HEADER) return;
    const h = known.get(text.toLowerCase());
    if (!h) unknown.push(text);
    else if (!index.has(h)) index.set(h, i);
  });
  return { index, unknown };
}

export type CheckedRow = { foodid: string; fields: FoodItemFields; base: ExistingItem | null };

/** An AppError of the items service's checks → the cells it names. */
function cellErrors(err: AppError): BulkCellError[] {
  const rules = err.extras.errors as RuleError[] | undefined;
  if (rules?.length) return rules.map((r) => ({ column: bulkHeaderOf(r.field ?? ''), message: r.message }));
  return [{ column: bulkHeaderOf(String(err.extras.field ?? '')), message: err.message }];
}

/**
 * One row, checked as the item editor's save would check it: the schema and core rules (parseBulkRow), the
 * database's categories, allergens and submenus (checkItemAgainst), the user's field permissions and locks
 * (assertItemChangeAllowed), and an item listed as a submenu option staying enabled as a submenu.
 */
export function checkRow(
  cells: ReadonlyMap<string, BulkCell>,
  ctx: UploadContext,
  user: UserRow,
  seen: Set<string>,
): { row: CheckedRow | null; errors: BulkCellError[] } {
  const rawId = String(cells.get('foodid') ?? '').trim();
  const base = rawId ? ctx.items.get(rawId) : undefined;
  if (rawId && !base)
    return { row: null, errors: [{ column: 'foodid', message: `No item ${rawId} in this restaurant` }] };
  if (rawId && seen.has(rawId)) {
    return { row: null, errors: [{ column: 'foodid', message: `Item ${rawId} appears in an earlier row too` }] };
  }
  if (rawId) seen.add(rawId);
  const parsed = parseBulkRow(cells, base?.fields ?? null);
  if (!parsed.fields) return { row: null, errors: parsed.errors };
  const fields = parsed.fields;
  try {
    checkItemAgainst(fields, ctx);
    assertItemChangeAllowed(user, base?.fields ?? null, fields);
  } catch (err) {
    if (err instanceof AppError) return { row: null, errors: cellErrors(err) };
    throw err;
  }
  const options = ctx.optionOf.get(rawId);
  if (base?.fields.extras.enable_as_submenu && !fields.extras.enable_as_submenu && options?.length) {
    return {
      row: null,
      errors: [
        {
          column: 'enable_as_submenu',
          message: `${fields.foodname} is an option of ${options.join(', ')}: it must stay enabled as a submenu`,
        },
      ],
    };
  }
  return { row: { foodid: rawId, fields, base: base ?? null }, errors: [] };
}
