import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';
import { foodItems } from './menu.js';

/**
 * Menu management, the rest (issue 20). Classifications of items (sales categories, accounting groups, diet tags…)
 * and their assignment; stock as a ledger with a current level per item; snoozes (off sale until a time).
 */
export const classifications = pgTable(
  'classifications',
  {
    id: serial('id').primaryKey(),
    /** sales_category | accounting_group | diet_tag | other (core decides the list). */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** A code for reports and SAP rules (a GL account, a report group). */
    code: text('code').notNull().default(''),
    description: text('description').notNull().default(''),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('classifications_name_key').on(t.kind, sql`lower(${t.name})`)],
);
export type ClassificationRow = typeof classifications.$inferSelect;

export const itemClassifications = pgTable(
  'item_classifications',
  {
    foodid: text('foodid')
      .notNull()
      .references(() => foodItems.foodid, { onDelete: 'cascade' }),
    classification_id: integer('classification_id')
      .notNull()
      .references(() => classifications.id, { onDelete: 'cascade' }),
    /** The classification's kind, kept here so "one sales category per item" is a unique index. */
    kind: text('kind').notNull(),
    assigned_by: text('assigned_by'),
    assigned_at: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.foodid, t.classification_id] }),
    index('item_classifications_classification_idx').on(t.classification_id),
    uniqueIndex('item_classifications_single_kind')
      .on(t.foodid, t.kind)
      .where(sql`${t.kind} in ('sales_category', 'accounting_group')`),
  ],
);

/** The current stock of a tracked item (one row per item; an item belongs to one restaurant). */
export const stockLevels = pgTable(
  'stock_levels',
  {
    foodid: text('foodid')
      .primaryKey()
      .references(() => foodItems.foodid, { onDelete: 'cascade' }),
    restaurant: text('restaurant').notNull(),
    on_hand: numeric('on_hand', { precision: 12, scale: 3 }).notNull().default('0'),
    /** At or below this the item is low (empty: no warning). */
    low_threshold: numeric('low_threshold', { precision: 12, scale: 3 }),
    /** Sold out because the stock reached zero (set and cleared with the level, in the same transaction). */
    sold_out: boolean('sold_out').notNull().default(false),
    last_entry_id: integer('last_entry_id'),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('stock_levels_restaurant_idx').on(t.restaurant)],
);
export type StockLevelRow = typeof stockLevels.$inferSelect;

/** Every stock movement, append-only: receipts, sales (from orders), refunds, wastage, counts, day-start resets. */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    foodid: text('foodid').notNull(),
    restaurant: text('restaurant').notNull(),
    entry_type: text('entry_type').notNull(),
    /** The change (negative for sales and wastage); a count stores the difference it made. */
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    balance_after: numeric('balance_after', { precision: 12, scale: 3 }).notNull(),
    reason: text('reason').notNull().default(''),
    /** What caused it (an order id, a stock_update request id, a business date): one entry per (item, type, ref). */
    ref: text('ref'),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    created_by: text('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_ledger_item_idx').on(t.foodid, t.id),
    index('stock_ledger_restaurant_idx').on(t.restaurant, t.occurred_at),
    uniqueIndex('stock_ledger_ref_key')
      .on(t.foodid, t.entry_type, t.ref)
      .where(sql`${t.ref} is not null`),
  ],
);

/** An item or a submenu option off sale at a restaurant until a time (spec: snooze; peers §6 "86 an item"). */
export const snoozes = pgTable(
  'snoozes',
  {
    restaurant: text('restaurant').notNull(),
    /** item | option */
    target_type: text('target_type').notNull(),
    /** The item's food id, or `<submenuid>:<option key>` for an option. */
    target_id: text('target_id').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    created_by: text('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.restaurant, t.target_type, t.target_id] }), index('snoozes_until_idx').on(t.until)],
);
