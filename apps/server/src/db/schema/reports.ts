import { bigserial, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';

/**
 * Daily rollups of the orders (issue 14 point 3): every report, the dashboard and the day-end read these, so the
 * same period gives the same totals everywhere. They are kept up to date in the transaction that ingests,
 * changes or refunds an order (modules/reports/rollups.ts: the order's contribution is taken out before a change
 * and put back after it) by appending signed rows — never updating one, so orders of the same restaurant and
 * hour never wait on each other — and readers always sum. A compaction folds the rows of a key into one now and
 * then (`seq` says which rows are new), and any range of dates can be rebuilt from the orders. A refund counts on
 * the business date of the refund, under the dimensions of its order; a payment on its own business date; a
 * cancelled order that was never paid counts only as cancelled (core's orders/figures.ts has the rules).
 * Sums are numeric(16,3): a year of a big client's sales fits, exactly.
 */
const amount = (name: string) => numeric(name, { precision: 16, scale: 3 }).notNull().default('0');
const dims = {
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  business_date: date('business_date', { mode: 'string' }).notNull(),
  restaurant: text('restaurant').notNull(),
  foodcourt: text('foodcourt').notNull(),
  currency: text('currency').notNull(),
  session: text('session').notNull(),
  channel: text('channel').notNull(),
};

export const salesDaily = pgTable(
  'sales_daily',
  {
    ...dims,
    order_type: text('order_type').notNull(),
    orders: integer('orders').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    items: integer('items').notNull().default(0),
    gross: amount('gross'),
    discount: amount('discount'),
    charges: amount('charges'),
    tax: amount('tax'),
    refunds: amount('refunds'),
    refund_count: integer('refund_count').notNull().default(0),
  },
  (t) => [
    index('sales_daily_key_idx').on(t.business_date, t.restaurant, t.currency, t.session, t.channel, t.order_type),
    index('sales_daily_restaurant_idx').on(t.restaurant, t.business_date),
    index('sales_daily_seq_idx').on(t.seq),
  ],
);

/** Payments by tender, on the business date each payment counts on. */
export const salesDailyTenders = pgTable(
  'sales_daily_tenders',
  {
    ...dims,
    tender: text('tender').notNull(),
    payments: integer('payments').notNull().default(0),
    amount: amount('amount'),
  },
  (t) => [
    index('sales_daily_tenders_key_idx').on(t.business_date, t.restaurant, t.currency, t.session, t.channel, t.tender),
    index('sales_daily_tenders_seq_idx').on(t.seq),
  ],
);

/** Items sold (and refunded, on the refund's date) per day. */
export const salesDailyItems = pgTable(
  'sales_daily_items',
  {
    ...dims,
    foodid: text('foodid').notNull(),
    /** The lines' tax rate in percent (part of the key: the SAP posting books tax by the rate the order carried). */
    tax_rate: numeric('tax_rate', { precision: 6, scale: 3 }).notNull().default('0'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(0),
    gross: amount('gross'),
    tax: amount('tax'),
    refunded_quantity: integer('refunded_quantity').notNull().default(0),
    refunds: amount('refunds'),
  },
  (t) => [
    index('sales_daily_items_key_idx').on(t.business_date, t.restaurant, t.currency, t.session, t.channel, t.foodid),
    index('sales_daily_items_restaurant_idx').on(t.restaurant, t.business_date),
    index('sales_daily_items_seq_idx').on(t.seq),
  ],
);

/** Options chosen on the items sold, per day. */
export const salesDailyOptions = pgTable(
  'sales_daily_options',
  {
    ...dims,
    foodid: text('foodid').notNull(),
    option_group: text('option_group').notNull(),
    option_name: text('option_name').notNull(),
    quantity: integer('quantity').notNull().default(0),
    gross: amount('gross'),
  },
  (t) => [
    index('sales_daily_options_key_idx').on(t.business_date, t.restaurant, t.currency, t.session, t.channel, t.foodid),
    index('sales_daily_options_seq_idx').on(t.seq),
  ],
);

/** A user's report sent by e-mail daily or weekly (issue 14 point 7). */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: serial('id').primaryKey(),
    userid: text('userid').notNull(),
    report: text('report').notNull(),
    label: text('label').notNull(),
    period: text('period').notNull(),
    frequency: text('frequency').notNull(),
    weekday: integer('weekday').notNull().default(1),
    hour: integer('hour').notNull().default(6),
    format: text('format').notNull(),
    email: text('email').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    next_run_at: timestamp('next_run_at', { withTimezone: true }).notNull(),
    last_run_at: timestamp('last_run_at', { withTimezone: true }),
    last_error: text('last_error'),
    ...timestamps,
  },
  (t) => [index('report_subscriptions_due_idx').on(t.next_run_at), index('report_subscriptions_user_idx').on(t.userid)],
);
export type ReportSubscriptionRow = typeof reportSubscriptions.$inferSelect;

/** Embedded BI dashboards of a client (page power_bi_reports). The secret signs embed tokens and is never sent out. */
export const reportEmbeds = pgTable(
  'report_embeds',
  {
    id: serial('id').primaryKey(),
    client: text('client').notNull(),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    site_url: text('site_url').notNull(),
    resource: text('resource').notNull().default(''),
    secret: text('secret').notNull().default(''),
    created_by: text('created_by').notNull(),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('report_embeds_client_idx').on(t.client)],
);
export type ReportEmbedRow = typeof reportEmbeds.$inferSelect;
