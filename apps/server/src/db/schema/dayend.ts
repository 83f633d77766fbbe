import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  boolean,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';

/**
 * A restaurant's business day once someone closed it (issue 15). No row: the day is open. `state` closed or
 * reopened; the unique key makes a second close of the same day impossible (the loser of two parallel closes
 * meets the first one's row). `totals` is the Z report as it was at close, `count` what was counted per tender.
 */
export const dayEnds = pgTable(
  'day_ends',
  {
    id: serial('id').primaryKey(),
    restaurant: text('restaurant').notNull(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    state: text('state').notNull(),
    totals: jsonb('totals').$type<Record<string, unknown>>().notNull(),
    count: jsonb('count').$type<{ tender: string; expected: number; counted: number; difference: number }[]>(),
    note: text('note').notNull().default(''),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    closed_by: text('closed_by'),
    reopened_at: timestamp('reopened_at', { withTimezone: true }),
    reopened_by: text('reopened_by'),
    reopen_reason: text('reopen_reason').notNull().default(''),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('day_ends_day_key').on(t.restaurant, t.business_date)],
);
export type DayEndRow = typeof dayEnds.$inferSelect;

/** The day-end log (`dayendlogs`): closes, reopens, automatic closes and why one was skipped, resolved orders. */
export const dayEndLogs = pgTable(
  'day_end_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurant: text('restaurant').notNull(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    action: text('action').notNull(),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    detail: text('detail').notNull().default(''),
    totals: jsonb('totals').$type<Record<string, unknown>>(),
  },
  (t) => [index('day_end_logs_restaurant_idx').on(t.restaurant, t.business_date, t.id)],
);

/** Posting rules of /sap-inflow: what a line must be (empty = any) and the accounts it gets. */
export const sapRules = pgTable(
  'sap_rules',
  {
    id: serial('id').primaryKey(),
    priority: integer('priority').notNull().default(100),
    active: boolean('active').notNull().default(true),
    kind: text('kind').notNull(),
    client: text('client').notNull().default(''),
    foodcourt: text('foodcourt').notNull().default(''),
    restaurant: text('restaurant').notNull().default(''),
    category: text('category').notNull().default(''),
    tax_rate: numeric('tax_rate', { precision: 6, scale: 3 }),
    tender: text('tender').notNull().default(''),
    channel: text('channel').notNull().default(''),
    gl_account: text('gl_account').notNull(),
    cost_center: text('cost_center').notNull().default(''),
    profit_center: text('profit_center').notNull().default(''),
    tax_code: text('tax_code').notNull().default(''),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('sap_rules_kind_idx').on(t.kind, t.priority)],
);
export type SapRuleRow = typeof sapRules.$inferSelect;

/**
 * The SAP log (`vendor/saplogs`): each posting of a closed day, and each reversal of an earlier one when the day
 * changed after it was posted. `content` keeps the lines (a reversal mirrors them); `files` the CSV and IDoc XML.
 */
export const sapPostings = pgTable(
  'sap_postings',
  {
    id: serial('id').primaryKey(),
    restaurant: text('restaurant').notNull(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    reverses: integer('reverses'),
    reversed_by: integer('reversed_by'),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    documents: integer('documents').notNull().default(0),
    line_count: integer('line_count').notNull().default(0),
    debit: numeric('debit', { precision: 16, scale: 3 }).notNull().default('0'),
    credit: numeric('credit', { precision: 16, scale: 3 }).notNull().default('0'),
    currency: text('currency').notNull().default(''),
    content: jsonb('content').$type<Record<string, unknown>[]>().notNull().default([]),
    files: jsonb('files').$type<{ name: string; content: string }[]>().notNull().default([]),
    error: text('error'),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('sap_postings_day_idx').on(t.restaurant, t.business_date, t.id)],
);
export type SapPostingRow = typeof sapPostings.$inferSelect;
