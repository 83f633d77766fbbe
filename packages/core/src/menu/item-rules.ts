import { isSafeLink, SAFE_LINK_MESSAGE } from '../links.js';
import { MENU_LIMITS, MENU_TIME_RE } from './constants.js';
import type { FoodItemFields, IngredientSection, NutritionRow } from './item.js';
import { submenuAllowedForItem } from './submenu.js';
import type { RuleError } from './submenu-rules.js';

/** Menu-item widget rules, spec 001 §5.2 and §4.2 — shared by the item editor and the server. */

/** English text of every item rule key (the web builds its locale file from this). */
export const MENU_ITEM_MESSAGES = {
  'editMenu.alerts.emptyfields': 'Enter the start time, end time and preparation time.',
  'editMenu.emptyFoodname': 'Enter the item name.',
  'editMenu.alerts.validTime': `Enter valid times (HH:mm) and a preparation time of ${MENU_LIMITS.prepTimeMin} to ${MENU_LIMITS.prepTimeMax} minutes.`,
  'common.startTimeGrt': 'Start time cannot be later than end time.',
  'common.startTimeEqlEndTime': 'Start time cannot be the same as end time.',
  'editMenu.invalidTimeRange': 'Start time must be before end time.',
  'editMenu.alerts.duplicateTimeRange': 'This time range overlaps or touches another range.',
  'editMenu.timerangeAddedTwice': 'This time range has already been added.',
  'editMenu.formFieldLabels.dateLimitExceededError': `You can select at most ${MENU_LIMITS.dateLimit} dates.`,
  'editMenu.duplicateDate': 'The same date is selected twice.',
  'editMenu.nutritionNameRequired': 'Every nutrition row needs a name.',
  'editMenu.duplicateNutrient': 'The same nutrient appears twice.',
  'editMenu.invalidReportingFilter': 'Reporting filter may contain letters, digits and spaces only.',
  'editMenu.submenuNotAllowed': 'This submenu cannot be used with this type of item.',
  'editMenu.unknownSubmenu': 'This submenu does not exist.',
  'editMenu.unsafeLink': SAFE_LINK_MESSAGE,
} as const;
export type MenuItemRuleKey = keyof typeof MENU_ITEM_MESSAGES;

const fail = (key: MenuItemRuleKey, field?: string): RuleError => ({
  key,
  message: MENU_ITEM_MESSAGES[key],
  ...(field ? { field } : {}),
});

/**
 * A number or integer field's typed text (§5.2). Empty or not a number → ''. Negatives → '' unless allowNegative.
 * Integer fields TRUNCATE decimals ("12.7" → 12) rather than refusing them, the way the widget converts on input.
 */
export function parseNumericInput(
  raw: string | number,
  opts: { integer?: boolean; allowNegative?: boolean } = {},
): number | '' {
  const s = typeof raw === 'number' ? raw : raw.trim();
  if (s === '') return '';
  const n = Number(s);
  if (!Number.isFinite(n)) return '';
  if (n < 0 && !opts.allowNegative) return '';
  const value = opts.integer ? Math.trunc(n) : n;
  return value === 0 ? 0 : value; // no -0
}

/** reporting_filter2: every character that is not an ASCII letter, digit or space is removed. */
export function sanitizeReportingFilter(raw: string): string {
  return raw.replace(/[^A-Za-z0-9 ]/g, '');
}

/** Pre-order push minutes (integer): a negative (or unreadable) value is ignored and the previous value kept. */
export function parsePreorderPush(raw: string | number, previous: number | ''): number | '' {
  if (typeof raw === 'string' && raw.trim() === '') return '';
  const n = Number(typeof raw === 'string' ? raw.trim() : raw);
  if (!Number.isFinite(n) || n < 0) return previous;
  return Math.trunc(n);
}

/** A prep-time row being added; the fields are what the inputs hold (possibly empty). */
export type PrepTimeRow = {
  starttime: string;
  endtime: string;
  preptime: number | string | '' | null | undefined;
  preptimelabel?: string;
};
type Range = { starttime: string; endtime: string };

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Prep time 1..59 whole minutes, typed with at most 2 characters. */
function validPrepTime(v: number | string): boolean {
  const s = String(v).trim();
  if (s.length > 2 || !/^\d+$/.test(s)) return false;
  const n = Number(s);
  return n >= MENU_LIMITS.prepTimeMin && n <= MENU_LIMITS.prepTimeMax;
}

/**
 * Adding a prep-time range (§5.2), in this order: all three fields (emptyfields), times HH:mm and prep time 1..59
 * and ≤ 2 characters (validTime: the spec's alert for an invalid time; invalidTimeRange is the serving-time inline), start later than end (startTimeGrt), start equal to end
 * (startTimeEqlEndTime), overlapping or touching an existing range (duplicateTimeRange).
 */
export function validatePrepTimeAdd(row: PrepTimeRow, existing: Range[]): RuleError | null {
  if (blank(row.starttime) || blank(row.endtime) || blank(row.preptime)) return fail('editMenu.alerts.emptyfields');
  if (!MENU_TIME_RE.test(row.starttime) || !MENU_TIME_RE.test(row.endtime)) {
    return fail('editMenu.alerts.validTime', 'starttime');
  }
  if (!validPrepTime(row.preptime as number | string)) return fail('editMenu.alerts.validTime', 'preptime');
  if (row.starttime > row.endtime) return fail('common.startTimeGrt', 'starttime');
  if (row.starttime === row.endtime) return fail('common.startTimeEqlEndTime', 'endtime');
  // Touching counts: 10:00-11:00 and 11:00-12:00 share 11:00 and are refused.
  if (existing.some((e) => row.starttime <= e.endtime && row.endtime >= e.starttime)) {
    return fail('editMenu.alerts.duplicateTimeRange');
  }
  return null;
}

/** Adding a serving (multi) time range: start before end (invalidTimeRange); an exact duplicate (timerangeAddedTwice). */
export function validateTimeRangeAdd(range: Range, existing: Range[]): RuleError | null {
  if (!MENU_TIME_RE.test(range.starttime) || !MENU_TIME_RE.test(range.endtime) || range.starttime >= range.endtime) {
    return fail('editMenu.invalidTimeRange', 'starttime');
  }
  if (existing.some((e) => e.starttime === range.starttime && e.endtime === range.endtime)) {
    return fail('editMenu.timerangeAddedTwice');
  }
  return null;
}

/** More than 366 selected dates is refused. */
export function checkDateLimit(dates: readonly string[]): RuleError | null {
  return dates.length > MENU_LIMITS.dateLimit
    ? fail('editMenu.formFieldLabels.dateLimitExceededError', 'datesavailable')
    : null;
}

/** Ingredient Add is disabled while the section's last ingredient has no name. */
export function canAddIngredient(section: Pick<IngredientSection, 'values'>): boolean {
  const last = section.values[section.values.length - 1];
  return last === undefined || last.name.trim() !== '';
}

/** Nutrients not used by any row (a deleted row's nutrient comes back), in catalogue order. */
export function availableNutrients(all: readonly string[], rows: readonly Pick<NutritionRow, 'name'>[]): string[] {
  const used = new Set(rows.map((r) => r.name.trim().toLowerCase()));
  return all.filter((n) => !used.has(n.trim().toLowerCase()));
}

/** Nutrition Add is disabled while any row has no name or no unused nutrient remains. */
export function canAddNutrition(rows: readonly Pick<NutritionRow, 'name'>[], all: readonly string[]): boolean {
  return rows.every((r) => r.name.trim() !== '') && availableNutrients(all, rows).length > 0;
}

/** Check or uncheck one value of a checkbox group; checking beyond maxSelection (when > 0) is ignored. */
export function toggleInGroup(selected: readonly string[], value: string, maxSelection?: number): string[] {
  if (selected.includes(value)) return selected.filter((v) => v !== value);
  if (maxSelection !== undefined && maxSelection > 0 && selected.length >= maxSelection) return [...selected];
  return [...selected, value];
}

type ItemKind = { extras: { enable_as_mealdeal: boolean; enable_as_submenu: boolean } };

/** The submenu box's choices for an item (§4.2): each submenu with `disabled` when the item's type forbids it. */
export function itemSubmenuOptions<T extends { submenuid: string; all_linked: boolean }>(
  item: ItemKind,
  submenus: readonly T[],
): (T & { disabled: boolean })[] {
  return submenus.map((s) => ({ ...s, disabled: !submenuAllowedForItem(item, s.all_linked) }));
}

export type FoodItemCheckContext = { submenus?: readonly { submenuid: string; all_linked: boolean }[] };

/**
 * Whole-item check the server runs on save: what the widgets enforce one edit at a time.
 * Fields not present are not checked (partial updates). Returns every failure found.
 */
export function validateFoodItem(fields: Partial<FoodItemFields>, ctx: FoodItemCheckContext = {}): RuleError[] {
  const errors: RuleError[] = [];
  const prep = fields.app_preptime_array ?? [];
  prep.forEach((row, i) => {
    const e = validatePrepTimeAdd(row, prep.slice(0, i));
    if (e) errors.push({ ...e, field: `app_preptime_array.${i}` });
  });
  const serving = fields.servingtime ?? [];
  serving.forEach((range, i) => {
    const e = validateTimeRangeAdd(range, serving.slice(0, i));
    if (e) errors.push({ ...e, field: `servingtime.${i}` });
  });
  const dates = fields.datesavailable ?? [];
  const dateLimit = checkDateLimit(dates);
  if (dateLimit) errors.push(dateLimit);
  if (new Set(dates).size !== dates.length) errors.push(fail('editMenu.duplicateDate', 'datesavailable'));
  const nutrition = fields.nutrition ?? [];
  const seen = new Set<string>();
  nutrition.forEach((row, i) => {
    const name = row.name.trim().toLowerCase();
    if (name === '') errors.push(fail('editMenu.nutritionNameRequired', `nutrition.${i}`));
    else if (seen.has(name)) errors.push(fail('editMenu.duplicateNutrient', `nutrition.${i}`));
    seen.add(name);
  });
  if (
    fields.reporting_filter2 !== undefined &&
    sanitizeReportingFilter(fields.reporting_filter2) !== fields.reporting_filter2
  ) {
    errors.push(fail('editMenu.invalidReportingFilter', 'reporting_filter2'));
  }
  // The link rule of every user-typed link (core's links.ts). A rule, not the schema: the schema also reads stored
  // items, and an item saved with such a link before the rule must still open so it can be corrected.
  if (fields.food_info_link !== undefined && !isSafeLink(fields.food_info_link)) {
    errors.push(fail('editMenu.unsafeLink', 'food_info_link'));
  }
  if (ctx.submenus && fields.submenu) {
    const known = new Map(ctx.submenus.map((s) => [s.submenuid, s.all_linked]));
    const kind: ItemKind = {
      extras: {
        enable_as_mealdeal: fields.extras?.enable_as_mealdeal ?? false,
        enable_as_submenu: fields.extras?.enable_as_submenu ?? false,
      },
    };
    fields.submenu.forEach((id, i) => {
      const allLinked = known.get(id);
      if (allLinked === undefined) errors.push(fail('editMenu.unknownSubmenu', `submenu.${i}`));
      else if (!submenuAllowedForItem(kind, allLinked)) errors.push(fail('editMenu.submenuNotAllowed', `submenu.${i}`));
    });
  }
  return errors;
}
