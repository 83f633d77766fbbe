import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { foodItems } from './menu.js';

/**
 * Menu operations (issue 20): clones between restaurants, production plans, POS codes and menu syncs to POS,
 * vending and third-party aggregators.
 */

/**
 * One clone run (its id is the background job's id): source, mode, what was included, the targets with the
 * menu stamp each had at preview, and the outcome per target (the conflict report).
 */
export const menuClones = pgTable(
  'menu_clones',
  {
    id: text('id').primaryKey(),
    source_restaurant: text('source_restaurant').notNull(),
    /** only_missing | overwrite */
    mode: text('mode').notNull(),
    /** manual | linked (a linked restaurant following its source) */
    trigger: text('trigger').notNull().default('manual'),
    include: jsonb('include').$type<Record<string, boolean>>().notNull().default({}),
    targets: jsonb('targets').$type<{ restaurant: string; stamp: string }[]>().notNull().default([]),
    /** queued | running | done | error */
    status: text('status').notNull().default('queued'),
    results: jsonb('results').$type<Record<string, unknown>[]>().notNull().default([]),
    created_by: text('created_by').notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('menu_clones_source_idx').on(t.source_restaurant, t.created_at)],
);
export type MenuCloneRow = typeof menuClones.$inferSelect;

/** A production plan: what to prepare at a restaurant on a day for a session (key productionPlanning). */
export const productionPlans = pgTable(
  'production_plans',
  {
    id: serial('id').primaryKey(),
    restaurant: text('restaurant').notNull(),
    plan_date: date('plan_date', { mode: 'string' }).notNull(),
    /** A session of the restaurant's session list, or 'all_day'. */
    session: text('session').notNull().default('all_day'),
    /** draft | approved */
    status: text('status').notNull().default('draft'),
    /** How many past same weekdays the proposal looked at. */
    lookback_weeks: integer('lookback_weeks').notNull().default(4),
    /** proposal method and parameters, e.g. {method:'average', buffer_pct:10} */
    method: jsonb('method').$type<Record<string, unknown>>().notNull().default({}),
    notes: text('notes').notNull().default(''),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('production_plans_key').on(t.restaurant, t.plan_date, t.session)],
);
export type ProductionPlanRow = typeof productionPlans.$inferSelect;

export const productionPlanLines = pgTable(
  'production_plan_lines',
  {
    plan_id: integer('plan_id')
      .notNull()
      .references(() => productionPlans.id, { onDelete: 'cascade' }),
    foodid: text('foodid').notNull(),
    /** The name when planned (the item may be renamed or deleted later). */
    foodname: text('foodname').notNull(),
    /** What the history proposed. */
    proposed: numeric('proposed', { precision: 12, scale: 3 }).notNull().default('0'),
    /** What the kitchen will prepare (the proposal adjusted by hand). */
    planned: numeric('planned', { precision: 12, scale: 3 }).notNull().default('0'),
    /** The same-weekday sales the proposal came from, oldest first. */
    history: jsonb('history').$type<number[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.plan_id, t.foodid] })],
);

/** The PLU code a POS rings an item up by; unique within the restaurant. */
export const itemPluCodes = pgTable(
  'item_plu_codes',
  {
    foodid: text('foodid')
      .primaryKey()
      .references(() => foodItems.foodid, { onDelete: 'cascade' }),
    restaurant: text('restaurant').notNull(),
    plu: text('plu').notNull(),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('item_plu_codes_restaurant_plu').on(t.restaurant, sql`lower(${t.plu})`)],
);

/** Where menus are published: a POS, a vending back-end or a third-party aggregator endpoint. */
export const menuSyncTargets = pgTable(
  'menu_sync_targets',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** pos | vending | aggregator */
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    /** Sent as the Authorization header; never returned to the browser. */
    auth_header: text('auth_header').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Restaurants this target receives (empty: any restaurant may be published to it). */
    restaurants: jsonb('restaurants').$type<string[]>().notNull().default([]),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('menu_sync_targets_name').on(sql`lower(${t.name})`)],
);
export type MenuSyncTargetRow = typeof menuSyncTargets.$inferSelect;

/** The log of menu syncs: one row per (run, target), with what was sent and what came back. */
export const menuSyncRuns = pgTable(
  'menu_sync_runs',
  {
    id: serial('id').primaryKey(),
    /** The background job that ran it. */
    job_id: text('job_id').notNull(),
    target_id: integer('target_id').notNull(),
    target_name: text('target_name').notNull(),
    /** pos | vending | aggregator */
    kind: text('kind').notNull(),
    restaurant: text('restaurant').notNull(),
    /** queued | running | done | error */
    status: text('status').notNull().default('queued'),
    item_count: integer('item_count').notNull().default(0),
    request_bytes: integer('request_bytes').notNull().default(0),
    response_status: integer('response_status'),
    /** The first few KB of the answer, or the error. */
    response_excerpt: text('response_excerpt').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    created_by: text('created_by').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('menu_sync_runs_restaurant_idx').on(t.restaurant, t.created_at),
    index('menu_sync_runs_job_idx').on(t.job_id),
  ],
);
export type MenuSyncRunRow = typeof menuSyncRuns.$inferSelect;
