import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { InvoiceDocument } from '@cd/core';
import { orders } from './orders.js';
import { foodcourts, restaurants } from './sites.js';

/**
 * Invoices and credit notes of orders (issue 13 point 6, page invoice). A row is never edited after it is
 * issued, except `status` and `replaced_by_id` when a newer invoice supersedes it. `document` is what the
 * document says, frozen at issue: the PDF is drawn from it alone, the same bytes at every download.
 */
const money = (name: string) => numeric(name, { precision: 12, scale: 3 }).notNull().default('0');

export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** The sequence in the restaurant's series of this kind (gap-free, from invoice_sequences). */
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    /** lower(number), for searches by its start under row-level security (lib/text-prefix.ts). */
    number_lc: text('number_lc').generatedAlwaysAs(sql`lower(number)`),
    status: text('status').notNull().default('issued'),
    order_id: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    restaurant: text('restaurant')
      .notNull()
      .references(() => restaurants.restaurant),
    foodcourt: text('foodcourt')
      .notNull()
      .references(() => foodcourts.foodcourt),
    currency: text('currency').notNull().default(''),
    total: money('total'),
    tax: money('tax'),
    refunded: money('refunded'),
    reason: text('reason').notNull().default(''),
    /** Credit notes: the invoice they cancel. */
    credits_invoice_id: bigint('credits_invoice_id', { mode: 'number' }).references((): AnyPgColumn => invoices.id),
    /** Superseded invoices: the invoice that replaced them. */
    replaced_by_id: bigint('replaced_by_id', { mode: 'number' }).references((): AnyPgColumn => invoices.id),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    issued_by: text('issued_by').notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_series_key').on(t.restaurant, t.kind, t.seq),
    // One current invoice per order: a parallel second issue fails here and its transaction (and number) rolls back.
    uniqueIndex('invoices_current_key')
      .on(t.order_id)
      .where(sql`kind = 'invoice' and status = 'issued'`),
    index('invoices_order_idx').on(t.order_id, t.id),
    index('invoices_issued_idx').on(t.issued_at, t.id),
    index('invoices_restaurant_idx').on(t.restaurant, t.issued_at),
    index('invoices_number_lc_idx').on(sql`${t.number_lc} collate "C"`),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_status_check', sql`${t.status} in ('issued', 'superseded')`),
    check('invoices_seq_check', sql`${t.seq} > 0`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The last number given in each series (restaurant × kind). The issuing transaction bumps it with
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING`: the row stays locked until commit, so parallel issues queue
 * and a rolled-back issue gives its number back — the series has no gaps.
 */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    restaurant: text('restaurant')
      .notNull()
      .references(() => restaurants.restaurant),
    kind: text('kind').notNull(),
    last_seq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurant, t.kind] })],
);
