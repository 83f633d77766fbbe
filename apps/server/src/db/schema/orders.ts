import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';
import { foodcourts, restaurants } from './sites.js';

/**
 * Orders (issue 13). The ordering apps create them through the ingest API (modules/orders/ingest.*); order
 * history, refunds, reports and day-end read them. Money is numeric(12,3) (core's money bounds), summed in
 * thousandths by core's order rules. `foodcourt` is the restaurant's, copied so that "one food court, one week,
 * newest first" is one index range scan on a million rows.
 */
const money = (name: string) => numeric(name, { precision: 12, scale: 3 }).notNull().default('0');
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    order_number: text('order_number').notNull(),
    /** lower(order_number), for searches by its start under row-level security (lib/text-prefix.ts). */
    order_number_lc: text('order_number_lc').generatedAlwaysAs(sql`lower(order_number)`),
    restaurant: text('restaurant')
      .notNull()
      .references(() => restaurants.restaurant),
    foodcourt: text('foodcourt')
      .notNull()
      .references(() => foodcourts.foodcourt),
    channel: text('channel').notNull(),
    order_type: text('order_type').notNull(),
    status: text('status').notNull(),
    /** Breakfast, Lunch, Snacks, Dinner, Allday, or '' when the app did not say. */
    session: text('session').notNull().default(''),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    placed_at: timestamp('placed_at', { withTimezone: true }).notNull(),
    customer_ref: text('customer_ref').notNull().default(''),
    /** lower(customer_ref), as order_number_lc. */
    customer_ref_lc: text('customer_ref_lc').generatedAlwaysAs(sql`lower(customer_ref)`),
    currency: text('currency').notNull().default(''),
    subtotal: money('subtotal'),
    charges: money('charges'),
    discount: money('discount'),
    total: money('total'),
    tax: money('tax'),
    paid: money('paid'),
    refunded: money('refunded'),
    /** Units ordered (the list shows it without reading the lines). */
    item_count: integer('item_count').notNull().default(0),
    refund_count: integer('refund_count').notNull().default(0),
    /** The subscription that produced it (order_type subscription; issue 18). */
    subscription_id: integer('subscription_id'),
    /** The API client that sent it ('' for demo history). */
    api_client: text('api_client').notNull().default(''),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_restaurant_number_key').on(t.restaurant, t.order_number),
    index('orders_foodcourt_date_idx').on(t.foodcourt, t.business_date, t.id),
    index('orders_restaurant_date_idx').on(t.restaurant, t.business_date, t.id),
    // Ascending: read backwards for newest first (the planner matches DESC only to DESC NULLS FIRST indexes).
    index('orders_date_idx').on(t.business_date, t.id),
    index('orders_subscription_idx')
      .on(t.subscription_id)
      .where(sql`${t.subscription_id} is not null`),
    // A customer's orders since a date (campaign results, segments, first order).
    index('orders_customer_idx').on(t.customer_ref, t.placed_at),
    // Searches by the start of a number or a reference (migration 0031): ranges in code-point order over the
    // lower-cased copies, which row-level security lets use an index (lib/text-prefix.ts).
    index('orders_number_lc_idx').on(sql`${t.order_number_lc} collate "C"`),
    index('orders_customer_lc_idx').on(sql`${t.customer_ref_lc} collate "C"`),
    check('orders_channel_check', inList('channel', ['app', 'kiosk', 'pos', 'web'])),
    check(
      'orders_type_check',
      inList('order_type', ['dine_in', 'takeaway', 'delivery', 'preorder', 'subscription', 'event']),
    ),
    check(
      'orders_status_check',
      inList('status', ['placed', 'accepted', 'preparing', 'ready', 'completed', 'cancelled']),
    ),
    check('orders_amounts_check', sql`${t.paid} <= ${t.total} and ${t.refunded} >= 0 and ${t.refunded} <= ${t.paid}`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** What was ordered: the item and its name as sold, the options chosen, quantities and prices. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    order_id: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    foodid: text('foodid').notNull(),
    name: text('name').notNull(),
    options: jsonb('options').$type<{ name: string; group: string; price: number }[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    unit_price: money('unit_price'),
    line_total: money('line_total'),
    tax: money('tax'),
    /** The line's tax rate in percent, as the ordering app sent it (or worked out, snapped to 0.5 %). */
    tax_rate: numeric('tax_rate', { precision: 6, scale: 3 }).notNull().default('0'),
    refunded_quantity: integer('refunded_quantity').notNull().default(0),
    refunded_amount: money('refunded_amount'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.order_id, t.line_no),
    check('order_lines_refund_check', sql`${t.refunded_quantity} between 0 and ${t.quantity}`),
  ],
);
export type OrderLineRow = typeof orderLines.$inferSelect;

export const orderPayments = pgTable(
  'order_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    order_id: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tender: text('tender').notNull(),
    amount: money('amount'),
    reference: text('reference').notNull().default(''),
    paid_at: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The business date the payment counts on: its order's while that day is open, else the restaurant's first
     * open day after it (core's countingDate), so a late payment never changes a closed day.
     */
    business_date: date('business_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.order_id),
    index('order_payments_business_date_idx').on(t.business_date),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    order_id: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The API client or the user who changed it. */
    source: text('source').notNull().default(''),
    note: text('note').notNull().default(''),
  },
  (t) => [index('order_status_history_order_idx').on(t.order_id, t.at)],
);

/** A refund of an order (page refunds): an amount, or units of its lines, with a reason. */
export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    order_id: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: money('amount'),
    reason: text('reason').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    /** What the request asked for, to tell a retry from another refund under the same key. */
    fingerprint: text('fingerprint').notNull().default(''),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The business date the refund counts on in reports and day-end (issues 14, 15): its order's business date while
     * that day is open; once the day is closed, the day the refund was given (UTC, or the order's date when that is
     * later), so a closed day's totals never change afterwards.
     */
    business_date: date('business_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
  },
  (t) => [
    uniqueIndex('refunds_order_key').on(t.order_id, t.idempotency_key),
    index('refunds_created_idx').on(t.created_at, t.id),
    // A rebuild of the rollups reads a range of dates' refunds and payments.
    index('refunds_business_date_idx').on(t.business_date),
    check('refunds_kind_check', inList('kind', ['full', 'lines', 'amount'])),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;

export const refundLines = pgTable(
  'refund_lines',
  {
    refund_id: bigint('refund_id', { mode: 'number' })
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    order_line_id: bigint('order_line_id', { mode: 'number' })
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    amount: money('amount'),
  },
  (t) => [primaryKey({ columns: [t.refund_id, t.order_line_id] })],
);

/**
 * API keys of the ordering apps (issue 13 point 2): created and revoked by an administrator, shown once, kept
 * as a SHA-256 hash (the keys are 256 random bits, so a slow hash adds nothing). `foodcourts` limits the
 * orders a key may send; empty means every food court.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    api_client: text('api_client').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    foodcourts: jsonb('foodcourts').$type<string[]>().notNull().default([]),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_by: text('revoked_by'),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** Set when the key is rotated with a grace period: refused from then on (issue 36). */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    /** The key issued when this one was rotated. */
    replaced_by: integer('replaced_by'),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.key_hash), index('api_keys_client_idx').on(t.api_client)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Calls made with each key, per hour (issue 36): counted in memory on each call and added here with the key's
 * last-used stamp, so the list can show the calls of the last 24 hours without a write per call.
 */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    api_key_id: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.api_key_id, t.hour] }), index('api_key_usage_hour_idx').on(t.hour)],
);

/**
 * Idempotency of the ingest calls: the first answer to (API client, Idempotency-Key) is kept, and a retry gets
 * it again instead of a second order. The primary key makes concurrent retries wait for the first and then
 * find its answer.
 */
export const ingestRequests = pgTable(
  'ingest_requests',
  {
    api_client: text('api_client').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    operation: text('operation').notNull(),
    fingerprint: text('fingerprint').notNull(),
    order_id: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.api_client, t.idempotency_key] }),
    index('ingest_requests_created_idx').on(t.created_at),
  ],
);
