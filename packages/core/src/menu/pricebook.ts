import { z } from 'zod';
import { amount, intId, QUANTITY_MAX, sequenceNumber } from '../numbers.js';
import { MENU_LIMITS, SUBMENU_TYPE_PRICEBOOK } from './constants.js';
import { EMPTY_RULES, type SubmenuForm, type SubmenuOption } from './submenu.js';

/** Price-book submenus, spec 001 §3.8. Missing numeric limits travel as -1. */

const lim = z.number().int().min(-1).max(QUANTITY_MAX).default(-1);

export const pricebookRulesSchema = z.object({
  ismand: z.boolean().default(false),
  multiple: z.boolean().default(false),
  default: z.string().max(MENU_LIMITS.nameMax).default(''),
  min: lim,
  max: lim,
  min_quantity: lim,
  max_quantity: lim,
  free_quantity: lim,
  description: z.string().max(MENU_LIMITS.descriptionMax, 'submenu.descriptionTooLong').default(''),
});

export const pricebookSubitemSchema = z.object({
  id: z.union([intId(), z.string().max(80)]).optional(),
  submenuid: z.string().max(80).optional(),
  subitemname: z.string().max(MENU_LIMITS.nameMax),
  subitemtype: z.enum(['item', 'group']).default('item'),
  price: amount().default(0),
  foodid: z.string().max(80).default(''),
  /** Numeric path id. */
  path: intId().nullable().default(null),
  sequence: sequenceNumber().default(0),
  ishidden: z.boolean().default(false),
  ismand: z.boolean().default(false),
  multiple: z.boolean().default(false),
  min: lim,
  max: lim,
  min_quantity: lim,
  max_quantity: lim,
  free_quantity: lim,
  display: z.enum(['selection', 'quantity']).default('selection'),
  /** JSON string (short name and the like). */
  extras: z.string().max(5000).default('{}'),
  imageurl: z.string().max(1000).default(''),
  defaultSelect: z.boolean().default(false),
  /** Group sub-options with price and defaultSelect, in order. */
  subitem_extras: z
    .array(
      z.object({
        name: z.string().max(MENU_LIMITS.nameMax),
        price: amount(),
        defaultSelect: z.boolean().default(false),
      }),
    )
    .max(200)
    .default([]),
  rules: z.object({ default: z.string().max(MENU_LIMITS.nameMax).default('') }).default({ default: '' }),
});
export type PricebookSubitem = z.infer<typeof pricebookSubitemSchema>;

export const pricebookSubmenuSchema = z.object({
  submenuid: z.string().max(80).optional(),
  submenuname: z.string().max(MENU_LIMITS.nameMax),
  submenutype: z.literal(SUBMENU_TYPE_PRICEBOOK).default(SUBMENU_TYPE_PRICEBOOK),
  /** Comma-joined. */
  tags: z.string().max(1000).default(''),
  rules: pricebookRulesSchema,
  price: amount().pipe(z.number().min(0)).default(0),
  extras: z.record(z.string(), z.unknown()).default({}),
  imageurl: z.string().max(1000).default(''),
  isHidden: z.boolean().default(false),
  /** The price-book path the submenu belongs to (numeric path id). */
  path: intId(),
  subitems: z.array(pricebookSubitemSchema).max(500),
});
export type PricebookSubmenu = z.infer<typeof pricebookSubmenuSchema>;
export type PricebookSubmenuInput = z.input<typeof pricebookSubmenuSchema>;

const toWire = (v: number | null | undefined) => (v === null || v === undefined ? -1 : v);
const fromWire = (v: number | undefined) => (v === undefined || v < 0 ? null : v);

/** Editor form + options → price-book payload (§3.8); limits not set become -1. */
export function toPricebookSubmenu(
  form: SubmenuForm,
  options: SubmenuOption[],
  path: number,
  submenuid?: string,
): PricebookSubmenu {
  return {
    ...(submenuid ? { submenuid } : {}),
    submenuname: form.title.trim(),
    submenutype: SUBMENU_TYPE_PRICEBOOK,
    tags: form.tags.join(','),
    rules: {
      ismand: form.ismand,
      multiple: form.multiple,
      default: form.default,
      min: toWire(form.multiple ? form.min : null),
      max: toWire(form.multiple ? form.max : null),
      min_quantity: toWire(form.min_quantity),
      max_quantity: toWire(form.max_quantity),
      free_quantity: toWire(form.free_quantity),
      description: form.description,
    },
    price: 0,
    extras: {},
    imageurl: '',
    isHidden: options.length > 0 && options.every((o) => o.isHidden),
    path,
    subitems: options.map((o, sequence) => ({
      ...(submenuid ? { submenuid } : {}),
      subitemname: o.name,
      subitemtype: o.type,
      price: o.type === 'group' ? 0 : (o.price ?? 0),
      foodid: o.foodid ?? '',
      path: o.path ?? path,
      sequence,
      ishidden: o.isHidden,
      ismand: o.rules.ismand,
      multiple: o.rules.multiple,
      min: toWire(o.rules.min),
      max: toWire(o.rules.max),
      min_quantity: toWire(o.rules.min_quantity),
      max_quantity: toWire(o.rules.max_quantity),
      free_quantity: toWire(o.rules.free_quantity),
      display: o.rules.display,
      extras: JSON.stringify({ shortName: o.shortName }),
      imageurl: o.imageurl,
      defaultSelect: form.default !== '' && form.default.toLowerCase() === o.name.toLowerCase(),
      subitem_extras:
        o.type === 'group'
          ? (o.refList ?? Object.keys(o.items ?? {})).map((name) => ({
              name,
              price: o.items?.[name]?.price ?? 0,
              defaultSelect: o.rules.default !== '' && o.rules.default.toLowerCase() === name.toLowerCase(),
            }))
          : [],
      rules: { default: o.rules.default },
    })),
  };
}

/** Price-book submenu → editor form + options. */
export function fromPricebookSubmenu(sm: PricebookSubmenu): { form: SubmenuForm; options: SubmenuOption[] } {
  const r = sm.rules;
  const form: SubmenuForm = {
    title: sm.submenuname,
    description: r.description,
    ismand: r.ismand,
    multiple: r.multiple,
    min: fromWire(r.min),
    max: fromWire(r.max),
    free_quantity: fromWire(r.free_quantity),
    min_quantity: fromWire(r.min_quantity),
    max_quantity: fromWire(r.max_quantity),
    default: r.default,
    tags: sm.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
  const options: SubmenuOption[] = [...sm.subitems]
    .sort((a, b) => a.sequence - b.sequence)
    .map((s) => {
      let shortName = '';
      try {
        const parsed = JSON.parse(s.extras) as { shortName?: unknown };
        if (typeof parsed.shortName === 'string') shortName = parsed.shortName;
      } catch {
        shortName = '';
      }
      return {
        name: s.subitemname,
        shortName,
        type: s.subitemtype,
        ...(s.subitemtype === 'item' ? { price: s.price } : {}),
        imageurl: s.imageurl,
        ...(s.path !== null ? { path: s.path } : {}),
        ...(s.foodid ? { foodid: s.foodid } : {}),
        isHidden: s.ishidden,
        ...(s.subitemtype === 'group'
          ? {
              items: Object.fromEntries(s.subitem_extras.map((e) => [e.name, { price: e.price }])),
              refList: s.subitem_extras.map((e) => e.name),
            }
          : {}),
        rules: {
          ...EMPTY_RULES,
          ismand: s.ismand,
          multiple: s.multiple,
          min: fromWire(s.min),
          max: fromWire(s.max),
          min_quantity: fromWire(s.min_quantity),
          max_quantity: fromWire(s.max_quantity),
          free_quantity: fromWire(s.free_quantity),
          display: s.display,
          default: s.rules.default,
        },
      };
    });
  return { form, options };
}
