import { z } from 'zod';
import { SESSION_NAMES } from '../constants.js';
import { money, quantity, signedMoney } from '../numbers.js';
import {
  ORDER_CHANNELS,
  ORDER_LIMITS,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAYMENT_TENDERS,
  REFUND_STATES,
} from '../orders/order-rules.js';
import { REFUND_KINDS, REFUND_REASON_MAX } from '../orders/refund-rules.js';
import { orderOfferInput } from './marketing.js';
import { clientMeta, successEnvelope } from './envelope.js';
import { exportQuerySchema, listAnswerSchema, listQuerySchema, SORT_ORDERS, wholeListQuerySchema } from './list.js';

/**
 * Orders (issue 13): what the ordering apps send to the ingest API, the order history list and detail
 * (page preorderhistory), refunds (page refunds) and the API keys of the ordering apps (administrators).
 * Money is a number with at most 3 decimals (core's `money`), summed exactly by the rules in ../orders.
 */

/** Dates and times the database can hold: years 2000 to 2199. */
const yearInRange = (v: string) => {
  const year = Number(v.slice(0, 4));
  return year >= 2000 && year < 2200;
};
export const orderDate = () =>
  z.iso
    .date()
    .refine(yearInRange, 'Use a date between 2000 and 2199')
    .meta({ description: 'YYYY-MM-DD', example: '2026-11-25' });
export const orderDateTime = () =>
  z.iso
    .datetime({ offset: true })
    .refine(yearInRange, 'Use a time between 2000 and 2199')
    .meta({ description: 'ISO 8601 time with its offset', example: '2026-11-25T12:41:07+05:30' });

/** A database id (bigint) in a path or query. */
export const orderIdParam = () => z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const lineId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const positiveMoney = () => money().refine((v) => v > 0, 'Must be more than zero');
const text = (max: number = ORDER_LIMITS.text) => z.string().trim().max(max);

// ---------- ingest ----------

export const orderOptionInput = z.object({
  name: text().min(1),
  group: text().default('').meta({ description: 'The submenu the option was chosen in' }),
  price: signedMoney().default(0).meta({ description: 'What the option added to the unit price' }),
});

export const orderLineInput = z.object({
  foodid: text().min(1).meta({ description: 'The menu item (food item id) ordered' }),
  name: text().min(1).meta({ description: 'The item name as sold (kept even if the menu changes)' }),
  options: z.array(orderOptionInput).max(ORDER_LIMITS.optionsPerLine).default([]),
  quantity: quantity(1),
  unit_price: money().meta({ description: 'Price of one unit including its options and tax' }),
  tax: money().default(0).meta({ description: 'Tax included in the line total' }),
  tax_rate: z
    .number()
    .min(0)
    .max(100)
    .multipleOf(0.001)
    .optional()
    .meta({
      description:
        'The tax rate of the line in percent (e.g. 5 for 5 % GST). Send it: the SAP posting books tax by it. ' +
        'Without it the rate is worked out from the tax and the price and snapped to the nearest 0.5 %.',
    }),
});

export const paymentInput = z.object({
  tender: z.enum(PAYMENT_TENDERS),
  amount: positiveMoney(),
  reference: text().default('').meta({ description: 'The payment provider or terminal reference' }),
  paid_at: orderDateTime().optional(),
});

const ORDER_EXAMPLE = {
  order_number: 'ATR-20261125-0042',
  restaurant: 'fc-blr-atrium:spice_route',
  channel: 'kiosk',
  order_type: 'dine_in',
  status: 'placed',
  session: 'Lunch',
  placed_at: '2026-11-25T12:41:07+05:30',
  customer_ref: 'EMP-10442',
  lines: [
    {
      foodid: 'spice_route_paneer_tikka',
      name: 'Paneer Tikka',
      options: [{ name: 'Hot', group: 'Spice level', price: 0 }],
      quantity: 2,
      unit_price: 220,
      tax: 20.95,
      tax_rate: 5,
    },
    {
      foodid: 'spice_route_masala_chai',
      name: 'Masala Chai',
      options: [],
      quantity: 1,
      unit_price: 40,
      tax: 1.9,
      tax_rate: 5,
    },
  ],
  charges: 0,
  discount: 0,
  total: 480,
  payments: [{ tender: 'card', amount: 480, reference: 'TXN-88213' }],
};

export const orderIngestBody = z
  .object({
    order_number: text(ORDER_LIMITS.orderNumber)
      .min(1)
      .meta({ description: "The ordering app's order number, unique within the restaurant" }),
    restaurant: text().min(1).meta({ description: 'Restaurant id (`<food court>:<restid>`)' }),
    channel: z.enum(ORDER_CHANNELS),
    order_type: z.enum(ORDER_TYPES),
    status: z.enum(ORDER_STATUSES).default('placed'),
    session: z.enum(SESSION_NAMES).optional(),
    placed_at: orderDateTime().optional().meta({ description: 'Default: when the call arrives' }),
    business_date: orderDate()
      .optional()
      .meta({ description: "Default: the date of placed_at as written (the restaurant's local date)" }),
    customer_ref: text(ORDER_LIMITS.customerRef).default(''),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code')
      .optional()
      .meta({ description: "Default: the restaurant's currency" }),
    lines: z.array(orderLineInput).min(1).max(ORDER_LIMITS.lines),
    charges: money().default(0).meta({ description: 'Delivery, packaging and other charges' }),
    discount: money().default(0),
    total: money().optional().meta({ description: 'When given, must equal lines + charges − discount' }),
    payments: z.array(paymentInput).max(ORDER_LIMITS.payments).default([]),
    subscription_id: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: 'The subscription that produced it (order_type subscription): it must be live that day' }),
    offers: z
      .array(orderOfferInput)
      .max(10)
      .default([])
      .meta({
        description:
          'The offers that paid part of the order (from the quote): recorded with it, and the order is refused ' +
          '(409) when an offer is used up, past its budget or its code is spent. Their amounts may not come to ' +
          'more than the discount plus the charges.',
      }),
  })
  .superRefine((body, ctx) => {
    const offered = body.offers.reduce((s, o) => s + Math.round(o.amount * 1000), 0);
    if (offered > Math.round((body.discount + body.charges) * 1000))
      ctx.addIssue({ code: 'custom', path: ['offers'], message: 'The offers come to more than the discount' });
    const ids = body.offers.map((o) => o.offer_id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['offers'], message: 'An offer is listed twice' });
  })
  .meta({ example: ORDER_EXAMPLE });
export type OrderIngestBody = z.output<typeof orderIngestBody>;

export const orderIngestUpdateBody = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    note: text().default(''),
    at: orderDateTime().optional().meta({ description: 'When the change happened (default: now)' }),
    payments: z.array(paymentInput).max(ORDER_LIMITS.payments).default([]).meta({ description: 'Payments to add' }),
  })
  .superRefine((body, ctx) => {
    if (!body.status && body.payments.length === 0)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Give a status or payments to add' });
  })
  .meta({ example: { status: 'completed', note: 'Collected at the counter' } });
export type OrderIngestUpdateBody = z.output<typeof orderIngestUpdateBody>;

export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(ORDER_LIMITS.idempotencyKey)
    .regex(/^[\x21-\x7e]+$/, 'Use printable characters without spaces')
    .optional()
    .meta({ description: 'A key of your own (e.g. a UUID): a retried call with the same key gets the first answer' }),
});

export const ingestedOrderSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  restaurant: z.string(),
  status: z.enum(ORDER_STATUSES),
  business_date: z.string(),
  currency: z.string(),
  total: z.number(),
  paid: z.number(),
  refunded: z.number(),
  version: z.number().int(),
});
export type IngestedOrder = z.infer<typeof ingestedOrderSchema>;
export const orderIngestAnswer = successEnvelope({ message: z.string(), order: ingestedOrderSchema }).meta({
  example: {
    result: 'success',
    message: 'Order received',
    order: {
      order_id: 1042,
      order_number: 'ATR-20261125-0042',
      restaurant: 'fc-blr-atrium:spice_route',
      status: 'placed',
      business_date: '2026-11-25',
      currency: 'INR',
      total: 480,
      paid: 480,
      refunded: 0,
      version: 1,
    },
  },
});
export type OrderIngestAnswer = z.infer<typeof orderIngestAnswer>;

// ---------- order history ----------

export const ORDER_SORT = [
  'placed_at',
  'business_date',
  'order_number',
  'restaurant',
  'total',
  'paid',
  'status',
  'channel',
  'order_type',
] as const;

const siteId = z.string().max(200);
const orderFilters = {
  location: siteId.optional(),
  foodcourt: siteId.optional(),
  restaurant: siteId.optional(),
  from: orderDate().optional().meta({ description: 'First business date (inclusive)' }),
  to: orderDate().optional().meta({ description: 'Last business date (inclusive)' }),
  status: z.enum(ORDER_STATUSES).optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
  order_type: z.enum(ORDER_TYPES).optional(),
  refund_state: z.enum(REFUND_STATES).optional(),
};
const newestFirst = { order: z.enum(SORT_ORDERS).default('desc').meta({ description: 'Default desc: newest first' }) };
const rangeInOrder = (q: { from?: string; to?: string }, ctx: z.core.$RefinementCtx) => {
  if (q.from && q.to && q.to < q.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'End date cannot be before start date' });
};

/** GET /orders: search is the start of an order number or a customer reference. Newest first by default. */
export const orderListQuery = listQuerySchema(ORDER_SORT, orderFilters).extend(newestFirst).superRefine(rangeInOrder);
export const orderExportQuery = exportQuerySchema(ORDER_SORT, orderFilters)
  .extend(newestFirst)
  .superRefine(rangeInOrder);
export type OrderListQuery = z.output<typeof orderExportQuery> & { page?: number; page_size?: number };

const amounts = {
  currency: z.string(),
  total: z.number(),
  paid: z.number(),
  refunded: z.number(),
  refund_state: z.enum(REFUND_STATES),
};

export const orderSummarySchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  restaurant: z.string(),
  restaurant_name: z.string(),
  foodcourt: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  order_type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  session: z.string(),
  business_date: z.string(),
  placed_at: z.string(),
  customer_ref: z.string(),
  ...amounts,
  item_count: z.number().int().meta({ description: 'Units ordered' }),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderLineSchema = z.object({
  line_id: z.number().int(),
  line_no: z.number().int(),
  foodid: z.string(),
  name: z.string(),
  options: z.array(z.object({ name: z.string(), group: z.string(), price: z.number() })),
  quantity: z.number().int(),
  unit_price: z.number(),
  line_total: z.number(),
  tax: z.number(),
  refunded_quantity: z.number().int(),
  refunded_amount: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderPaymentSchema = z.object({
  payment_id: z.number().int(),
  tender: z.enum(PAYMENT_TENDERS),
  amount: z.number(),
  reference: z.string(),
  paid_at: z.string(),
});

export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  source: z.string().meta({ description: 'The API client or user that changed it' }),
  note: z.string(),
});

export const refundViewSchema = z.object({
  refund_id: z.number().int(),
  order_id: z.number().int(),
  kind: z.enum(REFUND_KINDS),
  amount: z.number(),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  lines: z.array(
    z.object({ line_id: z.number().int(), name: z.string(), quantity: z.number().int(), amount: z.number() }),
  ),
});
export type RefundView = z.infer<typeof refundViewSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  foodcourt_name: z.string(),
  subtotal: z.number(),
  charges: z.number(),
  discount: z.number(),
  tax: z.number(),
  refundable: z.number(),
  api_client: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  lines: z.array(orderLineSchema),
  payments: z.array(orderPaymentSchema),
  status_history: z.array(orderStatusChangeSchema),
  refunds: z.array(refundViewSchema),
  subscription_id: z.number().int().nullable().meta({ description: 'The subscription that produced it' }),
  offers: z
    .array(z.object({ offer_id: z.number().int(), name: z.string(), code: z.string(), amount: z.number() }))
    .meta({ description: 'The offers that paid part of the order (issue 17)' }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListAnswer = listAnswerSchema('orders', orderSummarySchema);
export const orderDetailAnswer = successEnvelope({ order: orderDetailSchema });

// ---------- refunds ----------

export const refundBody = z
  .object({
    kind: z.enum(REFUND_KINDS).meta({ description: 'full: all that is left; lines: units of lines; amount: a sum' }),
    lines: z
      .array(z.object({ line_id: lineId, quantity: quantity(1) }))
      .max(ORDER_LIMITS.lines)
      .default([]),
    amount: positiveMoney().optional(),
    reason: z.string().trim().min(1, 'Give a reason').max(REFUND_REASON_MAX),
    idempotency_key: z
      .string()
      .trim()
      .min(1)
      .max(ORDER_LIMITS.idempotencyKey)
      .optional()
      .meta({ description: 'Or the Idempotency-Key header; one of them is required' }),
    ...clientMeta,
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'lines' && b.lines.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Choose at least one line' });
    if (b.kind === 'amount' && b.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Give the amount to refund' });
  })
  .meta({
    example: { kind: 'lines', lines: [{ line_id: 1, quantity: 1 }], reason: 'Cold food', idempotency_key: 'a1b2' },
  });
export type RefundBody = z.output<typeof refundBody>;

export const refundAnswer = successEnvelope({
  message: z.string(),
  refund: refundViewSchema,
  order: orderDetailSchema,
});

export const REFUND_SORT = ['created_at', 'amount', 'order_number', 'restaurant'] as const;
const refundFilters = {
  location: siteId.optional(),
  foodcourt: siteId.optional(),
  restaurant: siteId.optional(),
  from: orderDate().optional().meta({ description: 'First day the refund was made (inclusive, UTC)' }),
  to: orderDate().optional().meta({ description: 'Last day the refund was made (inclusive, UTC)' }),
  kind: z.enum(REFUND_KINDS).optional(),
};
export const refundListQuery = listQuerySchema(REFUND_SORT, refundFilters)
  .extend(newestFirst)
  .superRefine(rangeInOrder);
export const refundSummarySchema = refundViewSchema.omit({ lines: true }).extend({
  order_number: z.string(),
  restaurant: z.string(),
  restaurant_name: z.string(),
  currency: z.string(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;
export const refundListAnswer = listAnswerSchema('refunds', refundSummarySchema);

// ---------- API keys of the ordering apps ----------

export const API_KEY_PREFIX = 'cdk_';
export const API_KEY_SORT = ['api_client', 'created_at', 'last_used_at'] as const;
/** active: accepted; expiring: rotated, accepted until its grace period ends; revoked: revoked or expired. */
export const API_KEY_STATUSES = ['active', 'expiring', 'revoked'] as const;
export const apiKeyListQuery = wholeListQuerySchema(API_KEY_SORT, {
  status: z.enum(['active', 'revoked']).optional(),
});
/** The grace periods the page offers when a key is rotated (the API takes any number of seconds up to 7 days). */
export const API_KEY_GRACE_SECONDS = [0, 3600, 86_400, 604_800] as const;
export const apiKeyRotateBody = z.object({
  grace_seconds: z
    .number()
    .int()
    .min(0)
    .max(604_800)
    .meta({ description: 'How long the old key is still accepted; 0: refused at once' }),
  ...clientMeta,
});
export const apiKeyBody = z.object({
  api_client: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9][\w.\- ]*$/, 'Use letters, digits, spaces, dots, dashes and underscores')
    .meta({ description: 'The ordering app or integration the key is for, e.g. kiosk-atrium' }),
  foodcourts: z
    .array(siteId.min(1))
    .max(500)
    .default([])
    .meta({ description: 'Food courts whose orders it may send; empty: every food court' }),
  ...clientMeta,
});
export const apiKeyViewSchema = z.object({
  id: z.number().int(),
  api_client: z.string(),
  prefix: z.string().meta({ description: 'The start of the key, to recognise it' }),
  foodcourts: z.array(z.string()),
  foodcourt_names: z
    .array(z.string())
    .meta({ description: 'The names of `foodcourts`, in the same order (the id where a food court is gone)' }),
  status: z.enum(API_KEY_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  calls_24h: z.number().int().meta({ description: 'Calls made with the key in the last 24 hours (by the hour)' }),
  revoked_by: z.string().nullable(),
  revoked_at: z.string().nullable(),
  expires_at: z.string().nullable().meta({ description: 'A rotated key is refused from then on' }),
  replaced_by: z.number().int().nullable().meta({ description: 'The key issued when this one was rotated' }),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;
export const apiKeyListAnswer = listAnswerSchema('api_keys', apiKeyViewSchema);
export const apiKeyCreatedAnswer = successEnvelope({
  message: z.string(),
  api_key: apiKeyViewSchema,
  key: z.string().meta({ description: 'The key itself: shown this once, stored only as a hash' }),
});
export const apiKeyAnswer = successEnvelope({ message: z.string(), api_key: apiKeyViewSchema });
export const apiKeyRotatedAnswer = successEnvelope({
  message: z.string(),
  api_key: apiKeyViewSchema.meta({ description: 'The new key' }),
  key: z.string().meta({ description: 'The new key itself: shown this once, stored only as a hash' }),
  replaced: apiKeyViewSchema.meta({ description: 'The old key, accepted until its `expires_at`' }),
});
