import { SESSION_NAMES } from '../constants.js';
import { MENU_DATE_RE, MENU_WEEKDAYS, VEG_FLAGS } from '../menu/constants.js';
import { MENU_ITEM_MESSAGES, validateFoodItem, type FoodItemCheckContext } from '../menu/item-rules.js';
import { foodItemFieldsSchema, type FoodItemFields } from '../menu/item.js';

/**
 * The bulk-edit workbook (spec 000 §3 "Food item fields usable in bulk edit"): one row per item, a first column
 * `foodid` (empty for a new item), then the spec's fields in the spec's order. Each column knows how to write an
 * item's value to a cell and how to read a cell back into foodItemFieldsSchema input, with a message per cell.
 *
 * Mapping decisions (the spec names fields the item schema does not have, or has under another name):
 *   - item_image → imageurl; available_dates → datesavailable (dd-MM-yyyy, comma-joined);
 *   - enable_as_submenu / enable_as_mainitem / enable_as_mealdeal → the item's `extras` flags;
 *   - submenu → the ids of the submenus attached to the item, comma-joined;
 *   - total_online_orders is a statistic nobody edits and the menu does not keep: written empty, ignored on upload;
 *   - daysavailable → the names of the available days, comma-joined (Mon…Sun abbreviations accepted); an item
 *     available on no day is written "None"; an empty cell means every day (the editor's default);
 *   - servingtime, ingredients, nutrition → JSON text of the item's lists; servingtime also accepts
 *     "11:30-15:00, 18:30-22:30";
 *   - booleans are written as Excel TRUE/FALSE; TRUE/FALSE, YES/NO, Y/N and 1/0 are read;
 *   - an empty cell gives the field its default (a new item's value), so a downloaded workbook uploads unchanged;
 *   - a column absent from the sheet leaves the field as it is; fields without a column (short name, tags,
 *     allergens, prep times…) are never changed by an upload.
 */
export type BulkCell = string | number | boolean | Date | null;
type Parsed = { value: unknown } | { error: string };
type Field = keyof FoodItemFields;

export type BulkColumn = {
  header: string;
  /** The item field written and read; `extras.<flag>` for the extras flags; null for foodid and read-only columns. */
  field: Field | `extras.${'enable_as_submenu' | 'enable_as_mainitem' | 'enable_as_mealdeal'}` | null;
  /** How to fill the cell (the template's instructions sheet). */
  hint: string;
  write: (item: FoodItemFields) => BulkCell;
  /** `value: undefined` means the field's default. */
  read: (cell: BulkCell) => Parsed;
};

const blank = (c: BulkCell) => c === null || (typeof c === 'string' && c.trim() === '');
const pad = (n: number) => String(n).padStart(2, '0');
/** A cell as text: numbers as they are, Excel dates as dd-MM-yyyy. */
export function cellText(c: BulkCell): string {
  if (c === null) return '';
  if (c instanceof Date) return `${pad(c.getUTCDate())}-${pad(c.getUTCMonth() + 1)}-${c.getUTCFullYear()}`;
  return String(c).trim();
}
const splitList = (c: BulkCell) =>
  cellText(c)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const text = (header: string, field: Field, hint = 'Text'): BulkColumn => ({
  header,
  field,
  hint,
  write: (i) => (i[field] as string) ?? '',
  // Every text field's default is '': an empty cell is an empty text (and an empty foodname is named as such).
  read: (c) => ({ value: cellText(c) }),
});

const number = (header: string, field: Field, integer = false): BulkColumn => ({
  header,
  field,
  hint: integer ? 'Whole number' : 'Number',
  write: (i) => (i[field] as number | undefined) ?? null,
  read: (c) => {
    if (blank(c)) return { value: undefined };
    const n = typeof c === 'number' ? c : Number(cellText(c));
    if (typeof c === 'boolean' || c instanceof Date || !Number.isFinite(n)) return { error: 'Enter a number' };
    if (integer && !Number.isInteger(n)) return { error: 'Enter a whole number' };
    return { value: n };
  },
});

const TRUE_WORDS = new Set(['TRUE', 'YES', 'Y', '1']);
const FALSE_WORDS = new Set(['FALSE', 'NO', 'N', '0']);
function readBool(c: BulkCell): Parsed {
  if (blank(c)) return { value: undefined };
  if (typeof c === 'boolean') return { value: c };
  const word = cellText(c).toUpperCase();
  if (TRUE_WORDS.has(word)) return { value: true };
  if (FALSE_WORDS.has(word)) return { value: false };
  return { error: 'Enter TRUE or FALSE' };
}
const bool = (header: string, field: Field): BulkColumn => ({
  header,
  field,
  hint: 'TRUE or FALSE',
  write: (i) => i[field] as boolean,
  read: readBool,
});
const extrasFlag = (flag: 'enable_as_submenu' | 'enable_as_mainitem' | 'enable_as_mealdeal'): BulkColumn => ({
  header: flag,
  field: `extras.${flag}`,
  hint: 'TRUE or FALSE',
  write: (i) => i.extras[flag],
  read: readBool,
});

const list = (header: string, field: Field, hint: string): BulkColumn => ({
  header,
  field,
  hint,
  write: (i) => (i[field] as string[]).join(', '),
  read: (c) => ({ value: blank(c) ? undefined : splitList(c) }),
});

const json = (header: string, field: Field, hint: string, alt?: (s: string) => Parsed): BulkColumn => ({
  header,
  field,
  hint,
  write: (i) => {
    const v = i[field] as unknown[];
    return v.length ? JSON.stringify(v) : '';
  },
  read: (c) => {
    if (blank(c)) return { value: undefined };
    const s = cellText(c);
    if (alt && !s.startsWith('[')) return alt(s);
    try {
      const v: unknown = JSON.parse(s);
      return Array.isArray(v) ? { value: v } : { error: 'Enter a JSON list ([…])' };
    } catch {
      return { error: 'Not valid JSON' };
    }
  },
});

function readRanges(s: string): Parsed {
  const ranges = s.split(',').map((r) => r.trim().split(/\s*-\s*/));
  if (ranges.some((r) => r.length !== 2)) return { error: 'Enter time ranges as 11:30-15:00, 18:30-22:30' };
  return { value: ranges.map(([starttime, endtime]) => ({ starttime, endtime })) };
}

function readDays(c: BulkCell): Parsed {
  if (blank(c)) return { value: undefined };
  if (cellText(c).toLowerCase() === 'none') return { value: Object.fromEntries(MENU_WEEKDAYS.map((d) => [d, false])) };
  const days = Object.fromEntries(MENU_WEEKDAYS.map((d) => [d, false])) as Record<string, boolean>;
  for (const name of splitList(c)) {
    const day = MENU_WEEKDAYS.find(
      (d) => d.toLowerCase() === name.toLowerCase() || d.slice(0, 3).toLowerCase() === name.toLowerCase(),
    );
    if (!day) return { error: `Unknown day "${name}" (use Monday … Sunday, or None)` };
    days[day] = true;
  }
  return { value: days };
}

function readDates(c: BulkCell): Parsed {
  if (blank(c)) return { value: undefined };
  const dates = c instanceof Date ? [cellText(c)] : splitList(c);
  const bad = dates.find((d) => !MENU_DATE_RE.test(d));
  return bad ? { error: `"${bad}" is not a date as dd-MM-yyyy` } : { value: dates };
}

function readSessions(c: BulkCell): Parsed {
  if (blank(c)) return { value: undefined };
  const out: string[] = [];
  for (const name of splitList(c)) {
    const s = SESSION_NAMES.find((n) => n.toLowerCase() === name.toLowerCase());
    if (!s) return { error: `Unknown session "${name}" (${SESSION_NAMES.join(', ')})` };
    out.push(s);
  }
  return { value: out };
}

/** The columns, in order. */
export const BULK_COLUMNS: readonly BulkColumn[] = [
  {
    header: 'foodid',
    field: null,
    hint: 'Empty for a new item; keep the downloaded id to change an item',
    write: () => '',
    read: (c) => ({ value: blank(c) ? undefined : cellText(c) }),
  },
  text('foodname', 'foodname', 'Text, required'),
  number('price', 'price'),
  number('subsidyamount', 'subsidyamount'),
  list('listofcategories', 'listofcategories', 'Category names, comma-separated; each must exist in the restaurant'),
  text('hsn_code', 'hsn_code'),
  text('article_number', 'article_number'),
  text('vendorname', 'vendorname'),
  text('taxation', 'taxation'),
  text('item_availability', 'item_availability'),
  number('calories', 'calories'),
  text('dietarynote', 'dietarynote'),
  number('individual_quantity', 'individual_quantity', true),
  {
    header: 'total_online_orders',
    field: null,
    hint: 'Read only: ignored',
    write: () => null,
    read: () => ({ value: undefined }),
  },
  text('fooddescription', 'fooddescription'),
  text('shortdescription', 'shortdescription'),
  text('food_info_link', 'food_info_link', 'Web address: https://… (or mailto:, tel:)'),
  {
    ...text('vegflag', 'vegflag', `One of ${VEG_FLAGS.join(', ')} (veg, egg, non-veg)`),
    read: (c) => ({ value: blank(c) ? undefined : cellText(c).toUpperCase() }),
  },
  text('foodquality', 'foodquality'),
  text('tasteflag', 'tasteflag'),
  { ...list('session_list', 'session_list', `Comma-separated: ${SESSION_NAMES.join(', ')}`), read: readSessions },
  {
    header: 'daysavailable',
    field: 'daysavailable',
    hint: 'Day names, comma-separated (Monday, Tuesday…); None for no day; empty for every day',
    write: (i) => {
      const days = MENU_WEEKDAYS.filter((d) => i.daysavailable[d]);
      return days.length ? days.join(', ') : 'None';
    },
    read: readDays,
  },
  { ...list('available_dates', 'datesavailable', 'Dates as dd-MM-yyyy, comma-separated'), read: readDates },
  json(
    'servingtime',
    'servingtime',
    'JSON [{"starttime":"11:30","endtime":"15:00"}] or 11:30-15:00, 18:30-22:30',
    readRanges,
  ),
  bool('onlyforpos', 'onlyforpos'),
  bool('hide_item', 'hide_item'),
  bool('menudisplay', 'menudisplay'),
  bool('hasdelivery', 'hasdelivery'),
  number('deliverycharges', 'deliverycharges'),
  number('itemsincontainer', 'itemsincontainer', true),
  text('barcode', 'barcode'),
  text('offertext', 'offertext'),
  bool('is_beverage', 'is_beverage'),
  bool('is_hot_food', 'is_hot_food'),
  text('cuisine', 'cuisine'),
  bool('enable_subscription', 'enable_subscription'),
  extrasFlag('enable_as_submenu'),
  extrasFlag('enable_as_mainitem'),
  extrasFlag('enable_as_mealdeal'),
  bool('mrp_item', 'mrp_item'),
  number('mrp_quantity_trigger', 'mrp_quantity_trigger', true),
  text('item_image', 'imageurl', 'Image address'),
  json('ingredients', 'ingredients', 'JSON [{"header":"","values":[{"name":"Onion","vegflag":"V"}]}]'),
  json('nutrition', 'nutrition', 'JSON [{"name":"Protein","quantity":"5 g","calories":"","dailyValue":"8%"}]'),
  list('submenu', 'submenu', 'Submenu ids, comma-separated'),
  text('itemcolor', 'itemcolor', 'Colour as #RRGGBB'),
  text('dietary_info', 'dietary_info'),
  text('special_diet', 'special_diet'),
  text('food_texture', 'food_texture'),
];
export const BULK_HEADERS = BULK_COLUMNS.map((c) => c.header);

/** The row of a menu item (foodid first). */
export function bulkRowOf(foodid: string, item: FoodItemFields): BulkCell[] {
  return BULK_COLUMNS.map((c) => (c.header === 'foodid' ? foodid : c.write(item)));
}

const headerByField = new Map(BULK_COLUMNS.filter((c) => c.field).map((c) => [c.field as string, c.header]));
/** The column of a validation error's field path (`extras.enable_as_submenu`, `servingtime.0`…); '' when none. */
export function bulkHeaderOf(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const [first = '', second = ''] = parts;
  return headerByField.get(first === 'extras' ? `extras.${second}` : first) ?? (first === 'foodid' ? 'foodid' : '');
}

export type BulkCellError = { column: string; message: string };
export type BulkRowResult = { foodid: string; fields: FoodItemFields | null; errors: BulkCellError[] };

const messageOf = (m: string) =>
  m in MENU_ITEM_MESSAGES ? MENU_ITEM_MESSAGES[m as keyof typeof MENU_ITEM_MESSAGES] : m;

/**
 * One sheet row → the item's fields, checked by the item editor's rules (foodItemFieldsSchema and
 * validateFoodItem). `cells` holds the sheet's columns by header; `base` is the item being changed (null for a
 * new item). Every problem is reported, each with its column.
 */
export function parseBulkRow(
  cells: ReadonlyMap<string, BulkCell>,
  base: FoodItemFields | null,
  ctx: FoodItemCheckContext = {},
): BulkRowResult {
  const errors: BulkCellError[] = [];
  const draft: Record<string, unknown> = { ...(base ?? {}) };
  const extras: Record<string, unknown> = { ...(base?.extras ?? {}) };
  let foodid = '';
  for (const column of BULK_COLUMNS) {
    if (!cells.has(column.header)) continue;
    const parsed = column.read(cells.get(column.header) ?? null);
    if ('error' in parsed) {
      errors.push({ column: column.header, message: parsed.error });
      continue;
    }
    if (column.header === 'foodid') foodid = (parsed.value as string | undefined) ?? '';
    if (!column.field) continue;
    if (column.field.startsWith('extras.')) extras[column.field.slice(7)] = parsed.value;
    else if (parsed.value === undefined) delete draft[column.field];
    else draft[column.field] = parsed.value;
  }
  draft.extras = Object.fromEntries(Object.entries(extras).filter(([, v]) => v !== undefined));
  const result = foodItemFieldsSchema.safeParse(draft);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const column = bulkHeaderOf(issue.path);
      if (errors.some((e) => e.column === column)) continue;
      errors.push({ column, message: messageOf(issue.message) });
    }
    return { foodid, fields: null, errors };
  }
  for (const e of validateFoodItem(result.data, ctx)) {
    errors.push({ column: bulkHeaderOf(e.field ?? ''), message: e.message });
  }
  return { foodid, fields: errors.length ? null : result.data, errors };
}
