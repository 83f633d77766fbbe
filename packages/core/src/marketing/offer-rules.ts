import { z } from 'zod';
import { SESSION_NAMES } from '../constants.js';
import { money, MONEY_MAX, quantity } from '../numbers.js';
import { ORDER_CHANNELS, ORDER_TYPES } from '../orders/order-rules.js';

/**
 * Offers (issue 17): the promotions and discounts of /promotions and /discounts, the shape the pricing engine
 * reads and the API stores. An offer is a condition part (where, when, for whom, on what) and a reward part
 * (what it takes off), plus limits and a stacking rule. Money is in the currency's units (at most 3 decimals);
 * the engine works in thousandths.
 */

export const OFFER_KINDS = ['percent', 'amount', 'bxgy', 'free_item', 'meal_deal', 'delivery_fee'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_KIND_LABELS: Record<OfferKind, string> = {
  percent: 'Percentage off',
  amount: 'Fixed amount off',
  bxgy: 'Buy X get Y',
  free_item: 'Free item',
  meal_deal: 'Meal-deal price',
  delivery_fee: 'Delivery fee off',
};
/** auto: applies by itself when its conditions hold (/discounts); code: only with a code (/promotions). */
export const OFFER_TRIGGERS = ['auto', 'code'] as const;
export type OfferTrigger = (typeof OFFER_TRIGGERS)[number];
export const OFFER_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** exclusive: applies only alone; stackable: combines with other stackable offers. Higher priority goes first. */
export const OFFER_STACKING = ['stackable', 'exclusive'] as const;
export type OfferStacking = (typeof OFFER_STACKING)[number];
export const CODE_MODES = ['shared', 'unique'] as const;
export type CodeMode = (typeof CODE_MODES)[number];

export const OFFER_LIMITS = {
  name: 100,
  sites: 500,
  items: 1000,
  codeLength: 32,
  /** Unique codes generated in one call. */
  generate: 10_000,
  mealDealComponents: 8,
  priority: 1000,
  cartLines: 100,
  codesPerCart: 5,
} as const;

const id = z.string().trim().min(1).max(200);
const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm')
  .optional();
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .optional();

export const offerConditionsSchema = z
  .object({
    foodcourts: z.array(id).max(OFFER_LIMITS.sites).default([]).meta({ description: 'Empty: every food court' }),
    restaurants: z.array(id).max(OFFER_LIMITS.sites).default([]).meta({ description: 'Empty: every restaurant' }),
    items: z.array(id).max(OFFER_LIMITS.items).default([]).meta({ description: 'Qualifying foodids (empty: all)' }),
    categories: z.array(id).max(OFFER_LIMITS.items).default([]).meta({ description: 'Qualifying categories' }),
    channels: z.array(z.enum(ORDER_CHANNELS)).default([]),
    order_types: z.array(z.enum(ORDER_TYPES)).default([]),
    sessions: z.array(z.enum(SESSION_NAMES)).default([]),
    days: z
      .array(z.number().int().min(0).max(6))
      .max(7)
      .default([])
      .meta({ description: 'Weekdays, 0 = Sunday (empty: every day)' }),
    valid_from: isoDate,
    valid_to: isoDate,
    time_from: hhmm.meta({ description: 'Local time; a window past midnight wraps (22:00–02:00)' }),
    time_to: hhmm,
    min_spend: money().default(0).meta({ description: 'Cart subtotal before offers' }),
    groups: z.array(z.number().int().min(1)).max(50).default([]).meta({ description: 'Customer groups (any of)' }),
    first_order: z.boolean().default(false).meta({ description: "Only a customer's first order" }),
  })
  .superRefine((c, ctx) => {
    if (c.valid_from && c.valid_to && c.valid_to < c.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'End date cannot be before start date' });
    if (Boolean(c.time_from) !== Boolean(c.time_to))
      ctx.addIssue({ code: 'custom', path: ['time_to'], message: 'Give both times of the window, or neither' });
    if (c.time_from && c.time_from === c.time_to)
      ctx.addIssue({ code: 'custom', path: ['time_to'], message: 'Start time and end time cannot be the same' });
  });
export type OfferConditions = z.output<typeof offerConditionsSchema>;

const percent = z.number().gt(0, 'Must be more than 0').max(100, 'At most 100');
export const offerRewardSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    percent,
    applies_to: z.enum(['order', 'items']).default('order').meta({ description: 'items: the qualifying lines' }),
  }),
  z.object({
    kind: z.literal('amount'),
    amount: money().refine((v) => v > 0, 'Must be more than zero'),
    applies_to: z.enum(['order', 'items']).default('order'),
  }),
  z.object({
    kind: z.literal('bxgy'),
    buy: quantity(1),
    get: quantity(1),
    get_percent: percent.default(100).meta({ description: '100: the Y units are free' }),
    max_times: quantity(0).default(0).meta({ description: 'Times per order (0: no limit)' }),
  }),
  z.object({ kind: z.literal('free_item'), foodid: id, quantity: quantity(1).default(1) }),
  z.object({
    kind: z.literal('meal_deal'),
    components: z
      .array(z.object({ items: z.array(id).min(1, 'Choose the items').max(200), quantity: quantity(1).default(1) }))
      .min(2, 'A meal deal has at least two parts')
      .max(OFFER_LIMITS.mealDealComponents),
    price: money(),
  }),
  z.object({ kind: z.literal('delivery_fee'), percent: percent.default(100) }),
]);
export type OfferReward = z.output<typeof offerRewardSchema>;

export const offerLimitsSchema = z.object({
  max_discount: money().optional().meta({ description: 'Cap per order on what this offer takes off' }),
  uses_total: quantity(1).optional().meta({ description: 'Redemptions in all (empty: no limit)' }),
  uses_per_customer: quantity(1).optional(),
  budget: money()
    .refine((v) => v > 0, 'Must be more than zero')
    .optional()
    .meta({ description: 'Total discount it may give' }),
});
export type OfferLimits = z.output<typeof offerLimitsSchema>;

/** What the engine needs of one offer (the API's offer plus its usage so far). */
export type EngineOffer = {
  id: number;
  name: string;
  trigger: OfferTrigger;
  status: OfferStatus;
  priority: number;
  stacking: OfferStacking;
  conditions: OfferConditions;
  reward: OfferReward;
  limits: OfferLimits;
  /** Usage so far: redemptions in all, by this customer, and discount given (currency units). */
  used?: { total: number; by_customer: number; spent: number };
};

export const cartLineSchema = z.object({
  line_no: z.number().int().min(1).optional().meta({ description: 'Default: the position, from 1' }),
  foodid: id,
  category: z.string().max(200).default(''),
  quantity: quantity(1),
  unit_price: money().meta({ description: 'Price of one unit with its options' }),
});
export const cartSchema = z
  .object({
    restaurant: id,
    channel: z.enum(ORDER_CHANNELS),
    order_type: z.enum(ORDER_TYPES),
    session: z.enum(SESSION_NAMES).optional(),
    at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'Use YYYY-MM-DDTHH:mm (local time)')
      .optional()
      .meta({ description: "The restaurant's local date and time (default: now)" }),
    customer_ref: z.string().max(100).default(''),
    codes: z.array(z.string().trim().min(1).max(OFFER_LIMITS.codeLength)).max(OFFER_LIMITS.codesPerCart).default([]),
    lines: z.array(cartLineSchema).min(1, 'Add a line to the cart').max(OFFER_LIMITS.cartLines),
    delivery_fee: money().default(0),
  })
  .refine((c) => c.lines.reduce((s, l) => s + l.unit_price * l.quantity, 0) < MONEY_MAX, {
    path: ['lines'],
    message: 'The cart comes to more than 1,000,000,000',
  });
export type Cart = z.output<typeof cartSchema>;

/** Why an offer was not applied: a code the UI can translate and the sentence the API gives. */
export const NOT_APPLIED_REASONS = [
  'not_active',
  'not_started',
  'ended',
  'wrong_day',
  'wrong_time',
  'wrong_site',
  'wrong_channel',
  'wrong_order_type',
  'wrong_session',
  'not_in_group',
  'not_first_order',
  'needs_code',
  'below_min_spend',
  'no_qualifying_items',
  'missing_item',
  'used_up',
  'customer_limit',
  'budget_spent',
  'exclusive_taken',
  'not_combinable',
  'nothing_left',
] as const;
export type NotAppliedReason = (typeof NOT_APPLIED_REASONS)[number];

/** Generated unique codes: no 0/O, 1/I/L (read aloud and typed from a receipt). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const normaliseCode = (code: string) => code.trim().toUpperCase();
