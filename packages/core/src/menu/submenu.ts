import { z } from 'zod';
import { amount, intId, QUANTITY_MAX } from '../numbers.js';
import { MENU_LIMITS } from './constants.js';

/** Submenus (modifier groups) in menu mode, spec 001 §3.6 (stored form) and §3.7 (editor form). */

/** A stored limit: whole, of magnitude at most QUANTITY_MAX (older documents may hold -1 for "not set"). */
const storedLimit = z.number().int().min(-QUANTITY_MAX).max(QUANTITY_MAX).nullable();
const limit = z.number().int().min(0).max(QUANTITY_MAX).nullable().default(null);

/** Rules of a submenu or of a group option (spec 001 §3.7). Limits not set are null. */
export const optionRulesSchema = z.object({
  free_quantity: limit,
  max_quantity: limit,
  min_quantity: limit,
  display: z.enum(['selection', 'quantity']).default('selection'),
  ismand: z.boolean().default(false),
  multiple: z.boolean().default(false),
  min: limit,
  max: limit,
  default: z.string().max(MENU_LIMITS.nameMax).default(''),
});
export type OptionRules = z.infer<typeof optionRulesSchema>;

export const EMPTY_RULES: OptionRules = {
  free_quantity: null,
  max_quantity: null,
  min_quantity: null,
  display: 'selection',
  ismand: false,
  multiple: false,
  min: null,
  max: null,
  default: '',
};

/** The editor's option (spec 001 §3.7). Groups have no price; their sub-options are `items` in `refList` order. */
export const submenuOptionSchema = z.object({
  name: z.string().max(MENU_LIMITS.nameMax),
  shortName: z.string().max(60).default(''),
  type: z.enum(['item', 'group']).default('item'),
  price: amount().optional(),
  imageurl: z.string().max(1000).default(''),
  path: intId().optional(),
  /** A linked main-menu item. */
  foodid: z.string().max(80).optional(),
  isHidden: z.boolean().default(false),
  items: z.record(z.string(), z.object({ price: amount(), defaultSelect: z.boolean().optional() })).optional(),
  refList: z.array(z.string()).optional(),
  rules: optionRulesSchema.default(EMPTY_RULES),
  extras: z.record(z.string(), z.unknown()).optional(),
});
export type SubmenuOption = z.infer<typeof submenuOptionSchema>;

/** The submenu form (spec 001 §2.4) apart from its options. */
export const submenuFormSchema = z.object({
  title: z.string().max(MENU_LIMITS.nameMax),
  description: z.string().max(MENU_LIMITS.descriptionMax, 'submenu.descriptionTooLong').default(''),
  ismand: z.boolean().default(false),
  multiple: z.boolean().default(false),
  min: limit,
  max: limit,
  free_quantity: limit,
  min_quantity: limit,
  max_quantity: limit,
  default: z.string().max(MENU_LIMITS.nameMax).default(''),
  /** Price-book mode only. */
  tags: z.array(z.string().trim().min(1).max(40)).max(30).default([]),
});
export type SubmenuForm = z.infer<typeof submenuFormSchema>;

/** Stored form of spec 001 §3.6: attributes, ordered list, name → price, extras per option. */
export const submenuAttributesSchema = z.object({
  ismand: z.boolean(),
  multiple: z.boolean(),
  min: storedLimit,
  max: storedLimit,
  free_quantity: storedLimit,
  max_quantity: storedLimit,
  min_quantity: storedLimit,
  default: z.string(),
  description: z.string().max(MENU_LIMITS.descriptionMax, 'submenu.descriptionTooLong'),
  addonPrice: amount().optional(),
});
export const optionExtrasSchema = z.object({
  imageurl: z.string().max(1000).default(''),
  foodid: z.string().max(80).optional(),
  type: z.enum(['item', 'group']),
  isHidden: z.boolean().default(false),
  shortName: z.string().max(60).default(''),
  price: amount().optional(),
  items: z.record(z.string(), z.object({ price: amount(), defaultSelect: z.boolean().optional() })).optional(),
  list: z.array(z.string()).optional(),
  refList: z.array(z.string()).optional(),
  rules: optionRulesSchema.partial().optional(),
});
export const storedSubmenuSchema = z.object({
  attributes: submenuAttributesSchema,
  list: z.array(z.string().max(MENU_LIMITS.nameMax)).max(500),
  options: z.record(z.string(), amount()),
  extras: z.record(z.string(), optionExtrasSchema),
});
export type StoredSubmenu = z.infer<typeof storedSubmenuSchema>;

/** Editor form + options → stored form (§3.6). Groups carry no price in `options` (0). */
export function toStoredSubmenu(form: SubmenuForm, options: SubmenuOption[]): StoredSubmenu {
  const stored: StoredSubmenu = {
    attributes: {
      ismand: form.ismand,
      multiple: form.multiple,
      min: form.multiple ? form.min : null,
      max: form.multiple ? form.max : null,
      free_quantity: form.free_quantity,
      max_quantity: form.max_quantity,
      min_quantity: form.min_quantity,
      default: form.default,
      description: form.description,
    },
    list: options.map((o) => o.name),
    options: {},
    extras: {},
  };
  for (const o of options) {
    stored.options[o.name] = o.type === 'group' ? 0 : (o.price ?? 0);
    stored.extras[o.name] = {
      imageurl: o.imageurl,
      ...(o.foodid ? { foodid: o.foodid } : {}),
      type: o.type,
      isHidden: o.isHidden,
      shortName: o.shortName,
      ...(o.type === 'item' ? { price: o.price ?? 0 } : {}),
      ...(o.type === 'group' ? { items: o.items ?? {}, refList: o.refList ?? Object.keys(o.items ?? {}) } : {}),
      rules: o.rules,
    };
  }
  return stored;
}

/** Stored form → editor form + options, in list order. */
export function fromStoredSubmenu(
  title: string,
  stored: StoredSubmenu,
): { form: SubmenuForm; options: SubmenuOption[] } {
  const a = stored.attributes;
  const form: SubmenuForm = {
    title,
    description: a.description,
    ismand: a.ismand,
    multiple: a.multiple,
    min: a.min,
    max: a.max,
    free_quantity: a.free_quantity,
    min_quantity: a.min_quantity,
    max_quantity: a.max_quantity,
    default: a.default,
    tags: [],
  };
  const options: SubmenuOption[] = stored.list.map((name) => {
    const x = stored.extras[name];
    const type = x?.type ?? 'item';
    return {
      name,
      shortName: x?.shortName ?? '',
      type,
      ...(type === 'item' ? { price: x?.price ?? stored.options[name] ?? 0 } : {}),
      imageurl: x?.imageurl ?? '',
      ...(x?.foodid ? { foodid: x.foodid } : {}),
      isHidden: x?.isHidden ?? false,
      ...(type === 'group'
        ? { items: x?.items ?? {}, refList: x?.refList ?? x?.list ?? Object.keys(x?.items ?? {}) }
        : {}),
      rules: { ...EMPTY_RULES, ...(x?.rules ?? {}) },
    };
  });
  return { form, options };
}

/** Whether every entry carries a food id (a submenu built from main-menu items). */
export function isLinkedSubmenu(options: Pick<SubmenuOption, 'foodid'>[]): boolean {
  return options.length > 0 && options.every((o) => !!o.foodid);
}

/**
 * Which submenus an item may use, by item type (spec 001 §4.2): a meal-deal item only submenus whose entries
 * all carry a food id; an item enabled as a submenu cannot use such submenus; a general item any.
 */
export function submenuAllowedForItem(
  item: { extras: { enable_as_mealdeal: boolean; enable_as_submenu: boolean } },
  submenuAllLinked: boolean,
): boolean {
  if (item.extras.enable_as_mealdeal) return submenuAllLinked;
  if (item.extras.enable_as_submenu) return !submenuAllLinked;
  return true;
}

/** Connections diff (spec 001 §3.9): what the save adds and removes. */
export function connectionDiff(before: string[], after: string[]) {
  const b = new Set(before);
  const a = new Set(after);
  return {
    added_item_list: after.filter((id) => !b.has(id)),
    removed_item_list: before.filter((id) => !a.has(id)),
  };
}
