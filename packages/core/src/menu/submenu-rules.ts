import { isValidName } from '../validation.js';
import { MENU_LIMITS } from './constants.js';
import type { OptionRules, SubmenuForm, SubmenuOption } from './submenu.js';

/**
 * Submenu editor rules, spec 001 §4.3 and §5.3 — shared by the editor and the server.
 * Every refusal is a RuleError: `key` is the translation key (namespace `submenu.`), `message` English text.
 */
export type RuleError = { key: string; message: string; field?: string };

/** English text of every submenu rule key (the web builds its locale file from this). */
export const SUBMENU_MESSAGES = {
  'submenu.emptyTitle': 'Enter a submenu title.',
  'submenu.emptyMin': 'Enter the minimum number of options.',
  'submenu.emptyMax': 'Enter the maximum number of options.',
  'submenu.min_max_less_zero': 'Minimum and maximum cannot be negative.',
  'submenu.max_less_min': 'Maximum cannot be less than minimum.',
  'submenu.max_exceed_total': 'Maximum cannot exceed the number of options.',
  'submenu.maxQuantity_less_minQuantity': 'Maximum quantity cannot be less than minimum quantity.',
  'submenu.atleastOneOption': 'Add at least one option.',
  'submenu.defaultOption': 'Choose a default option that matches one of the options.',
  'submenu.saveOption': 'Add or discard the option you are editing before saving.',
  'submenu.connectSelf': 'Cannot connect a submenu with a specific option to itslef',
  'submenu.emptyname': 'Enter an option name.',
  'submenu.negprice': 'Price cannot be negative.',
  'submenu.emptyType': 'Choose an option type.',
  'submenu.emptySubOption': 'Add at least one sub-option to the group.',
  'submenu.alreadyexist': 'An option with this name already exists.',
  'submenu.emptyOption': 'Enter a sub-option name.',
  'submenu.invalidName': 'The name contains characters that are not allowed.',
  'submenu.descriptionTooLong': `The description can be at most ${MENU_LIMITS.descriptionMax} characters.`,
} as const;
export type SubmenuRuleKey = keyof typeof SUBMENU_MESSAGES;

const fail = (key: SubmenuRuleKey, field?: string): RuleError => ({
  key,
  message: SUBMENU_MESSAGES[key],
  ...(field ? { field } : {}),
});

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export type SubmenuSaveContext = {
  mode: 'menu' | 'pricebook';
  /** Names of the main-menu items the submenu is connected to (menu mode). */
  connectedItemNames?: string[];
  /** The add-option dialog holds a half-typed option not yet added. */
  pendingOption?: boolean;
};

type Limits = { min: number | null; max: number | null };
type Quantities = { min_quantity: number | null; max_quantity: number | null };

/**
 * min/max of a multiple-choice submenu or group against the number of choices (§5.3): every refusal, at most one
 * per field (the first is the one of the spec's order).
 */
function minMaxErrors(rules: Limits, total: number): RuleError[] {
  const noMin = rules.min === null || rules.min === undefined;
  const noMax = rules.max === null || rules.max === undefined;
  if (noMin || noMax) {
    return [...(noMin ? [fail('submenu.emptyMin', 'min')] : []), ...(noMax ? [fail('submenu.emptyMax', 'max')] : [])];
  }
  const { min, max } = rules as { min: number; max: number };
  if (min < 0 || max < 0) return [fail('submenu.min_max_less_zero', min < 0 ? 'min' : 'max')];
  if (min > max) return [fail('submenu.max_less_min', 'max')];
  if (max > total) return [fail('submenu.max_exceed_total', 'max')];
  return [];
}

function checkQuantities(q: Quantities): RuleError | null {
  if (q.min_quantity !== null && q.max_quantity !== null && q.min_quantity > q.max_quantity) {
    return fail('submenu.maxQuantity_less_minQuantity', 'max_quantity');
  }
  return null;
}

/** Names of a group's sub-options in display order. */
export function subOptionNames(option: Pick<SubmenuOption, 'items' | 'refList'>): string[] {
  return option.refList ?? Object.keys(option.items ?? {});
}

/** Name required, valid characters and unique case-insensitively among `others`. */
function checkName(name: string, others: string[], emptyKey: SubmenuRuleKey): RuleError | null {
  if (name.trim() === '') return fail(emptyKey, 'name');
  if (!isValidOptionName(name)) return fail('submenu.invalidName', 'name');
  if (others.some((o) => same(o, name))) return fail('submenu.alreadyexist', 'name');
  return null;
}

/**
 * An option's refusals (§5.3 Add/Done), in the spec's order, at most one per field: name, type, price,
 * max_quantity, items (the group's sub-options), min, max, default. `groupRules`: check a group's own choice rules.
 */
function optionRuleErrors(option: SubmenuOption, others: SubmenuOption[], groupRules: boolean): RuleError[] {
  const errors: RuleError[] = [];
  const nameError = checkName(
    option.name,
    others.map((o) => o.name),
    'submenu.emptyname',
  );
  if (nameError) errors.push(nameError);
  if (option.type !== 'item' && option.type !== 'group') return [...errors, fail('submenu.emptyType', 'type')];
  if (option.type === 'item' && option.price !== undefined && option.price < 0) {
    errors.push(fail('submenu.negprice', 'price'));
  }
  const rules = option.rules;
  const quantityError = checkQuantities(rules);
  if (quantityError) errors.push(quantityError);
  if (option.type !== 'group') return errors;
  const subs = subOptionNames(option);
  if (subs.length === 0) errors.push(fail('submenu.emptySubOption', 'items'));
  const subError = subs
    .map((sub, i) => validateSubOption(sub, option.items?.[sub]?.price ?? null, subs.slice(0, i)))
    .find((e) => e !== null);
  if (subError) errors.push({ ...subError, field: 'items' });
  if (!groupRules) return errors;
  if (rules.multiple) errors.push(...minMaxErrors(rules, subs.length));
  if (rules.ismand && !rules.multiple && !subs.some((s) => rules.default !== '' && same(s, rules.default))) {
    errors.push(fail('submenu.defaultOption', 'default'));
  }
  return errors;
}

function checkOption(option: SubmenuOption, others: SubmenuOption[], groupRules: boolean): RuleError | null {
  return optionRuleErrors(option, others, groupRules)[0] ?? null;
}

/** Add/Done of an option in the option dialog (§5.3); `others` are the options already in the list. */
export function validateOption(option: SubmenuOption, others: SubmenuOption[]): RuleError | null {
  return checkOption(option, others, true);
}

/** Every refusal of Add/Done of an option, one per field (the dialog marks them all at once). */
export function optionErrors(option: SubmenuOption, others: SubmenuOption[]): RuleError[] {
  return optionRuleErrors(option, others, true);
}

/** A group's sub-option: name required (emptyOption), valid, unique in the group; price optional, not negative. */
export function validateSubOption(name: string, price: number | null, existing: string[]): RuleError | null {
  const nameError = checkName(name, existing, 'submenu.emptyOption');
  if (nameError) return nameError;
  if (price !== null && price < 0) return fail('submenu.negprice', 'price');
  return null;
}

/**
 * The character validity check of option names (spec 000 name rule) and the name length limit. `__proto__` is
 * refused too: option names are keys of the stored maps (§3.6), where that key would silently vanish.
 */
export function isValidOptionName(name: string): boolean {
  return name.length <= MENU_LIMITS.nameMax && isValidName(name) && name.trim() !== '__proto__';
}

/**
 * Save of the whole submenu (§5.3 Save): every refusal, in the spec's order, at most one per field (an option's
 * field is `options.<index>.<field>`; `options` may carry two: connectSelf and saveOption). The editor shows them
 * all at their fields; the server refuses with the first (validateSubmenuSave).
 */
export function submenuSaveErrors(form: SubmenuForm, options: SubmenuOption[], ctx: SubmenuSaveContext): RuleError[] {
  const errors: RuleError[] = [];
  const connected = ctx.connectedItemNames ?? [];
  if (options.some((o) => connected.some((n) => n.trim() !== '' && same(n, o.name)))) {
    errors.push(fail('submenu.connectSelf', 'options'));
  }
  if (ctx.pendingOption) errors.push(fail('submenu.saveOption', 'options'));
  if (form.title.trim() === '') errors.push(fail('submenu.emptyTitle', 'title'));
  if ((form.description ?? '').length > MENU_LIMITS.descriptionMax) {
    errors.push(fail('submenu.descriptionTooLong', 'description'));
  }
  if (form.multiple) errors.push(...minMaxErrors(form, options.length));
  const quantityError = checkQuantities(form);
  if (quantityError) errors.push(quantityError);
  if (options.length === 0) errors.push(fail('submenu.atleastOneOption', 'options'));
  if (form.ismand && !form.multiple && !options.some((o) => form.default !== '' && same(o.name, form.default))) {
    errors.push(fail('submenu.defaultOption', 'default'));
  }
  // What the dialogs enforce one option at a time, re-checked so a crafted payload is refused too.
  options.forEach((option, i) => {
    const optionError = checkOption(option, options.slice(0, i), ctx.mode === 'menu');
    if (optionError) errors.push({ ...optionError, field: `options.${i}.${optionError.field ?? 'name'}` });
  });
  return errors;
}

/** Save of the whole submenu, checks in the order of §5.3 Save; the first failure is returned (the API's answer). */
export function validateSubmenuSave(
  form: SubmenuForm,
  options: SubmenuOption[],
  ctx: SubmenuSaveContext,
): RuleError | null {
  return submenuSaveErrors(form, options, ctx)[0] ?? null;
}

/** Defaults of an option before it is stored: trimmed name, item price 0 when missing, groups without price. */
export function normaliseOption(option: SubmenuOption): SubmenuOption {
  const { price, ...rest } = option;
  if (option.type === 'group') {
    const items = option.items ?? {};
    return { ...rest, name: option.name.trim(), items, refList: option.refList ?? Object.keys(items) };
  }
  return { ...rest, name: option.name.trim(), price: price ?? 0 };
}

type ChoiceRules = { multiple: boolean; ismand: boolean; default: string; min: number | null; max: number | null };

/** Toggle multiple: turning it on clears the default; turning it off drops min and max (shown only when multiple). */
export function withMultiple<T extends ChoiceRules>(rules: T, multiple: boolean): T {
  return multiple ? { ...rules, multiple, default: '' } : { ...rules, multiple, min: null, max: null };
}

/** Toggle mandatory: turning it off clears the default. */
export function withMandatory<T extends ChoiceRules>(rules: T, ismand: boolean): T {
  return ismand ? { ...rules, ismand } : { ...rules, ismand, default: '' };
}

/** Switch display (selection/quantity): a change clears min and max quantity. */
export function withDisplay(rules: OptionRules, display: OptionRules['display']): OptionRules {
  if (rules.display === display) return rules;
  return { ...rules, display, min_quantity: null, max_quantity: null };
}

/** The hide-all checkbox. */
export function setAllHidden<T extends { isHidden: boolean }>(options: T[], hidden: boolean): T[] {
  return options.map((o) => ({ ...o, isHidden: hidden }));
}

/** Menu mode: once any option is linked to a main-menu item (foodid), manual adding is blocked. */
export function canAddManually(options: Pick<SubmenuOption, 'foodid'>[], mode: 'menu' | 'pricebook'): boolean {
  return mode === 'pricebook' || !options.some((o) => !!o.foodid);
}

/** Free/min/max quantity and group min/max input: whole non-negative numbers only; anything else clears (null). */
export function sanitizeWholeNumber(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

/** Option price input: a finite non-negative number; empty, invalid or negative clears (null). */
export function sanitizePrice(raw: string): number | null {
  const s = raw.trim();
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

type SearchItem = { path: number | string; extras: string | { enable_as_submenu?: unknown } | null | undefined };

function enabledAsSubmenu(extras: SearchItem['extras']): boolean {
  if (extras === null || extras === undefined) return false;
  if (typeof extras === 'object') return extras.enable_as_submenu === true;
  try {
    const parsed: unknown = JSON.parse(extras);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as { enable_as_submenu?: unknown }).enable_as_submenu === true
    );
  } catch {
    return false;
  }
}

/** Price-book item search results kept (§5.3): extras.enable_as_submenu set and the chosen path. */
export function filterPricebookSearch<T extends SearchItem>(items: T[], path: number | string): T[] {
  return items.filter((i) => String(i.path) === String(path) && enabledAsSubmenu(i.extras));
}

/** Move one entry (edit-sequence dialog); out-of-range indexes leave the order unchanged. */
export function reorder<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from < 0 || from >= copy.length || to < 0 || to >= copy.length || from === to) return copy;
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved as T);
  return copy;
}
