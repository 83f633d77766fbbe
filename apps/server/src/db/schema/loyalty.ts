import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LoyaltyRewardBody, PointsEarn, StampsEarn } from '@cd/core';
import { timestamps, version } from './columns.js';
import { offers } from './marketing.js';
import { orders, refunds } from './orders.js';
import { restaurants } from './sites.js';

/** Loyalty programs (issue 18): points or stamps, where and for whom they earn, and when points expire. */
export const loyaltyPrograms = pgTable('loyalty_programs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  points_name: text('points_name').notNull().default('points'),
  foodcourts: jsonb('foodcourts').$type<string[]>().notNull().default([]),
  restaurants: jsonb('restaurants').$type<string[]>().notNull().default([]),
  channels: jsonb('channels').$type<string[]>().notNull().default([]),
  groups: jsonb('groups').$type<number[]>().notNull().default([]),
  points: jsonb('points').$type<PointsEarn | null>(),
  stamps: jsonb('stamps').$type<StampsEarn | null>(),
  expiry_days: integer('expiry_days'),
  updated_by: text('updated_by'),
  ...version,
  ...timestamps,
});
export type LoyaltyProgramRow = typeof loyaltyPrograms.$inferSelect;

/**
 * A member of a program. `balance` and `earned` are kept in the same transaction as every ledger entry (the
 * ledger is the truth; these make a 200,000-member list one index scan) and the row is the lock a redemption takes.
 */
export const loyaltyAccounts = pgTable(
  'loyalty_accounts',
  {
    id: serial('id').primaryKey(),
    program_id: integer('program_id')
      .notNull()
      .references(() => loyaltyPrograms.id, { onDelete: 'cascade' }),
    customer_ref: text('customer_ref').notNull(),
    balance: integer('balance').notNull().default(0),
    earned: integer('earned').notNull().default(0),
    last_activity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // In code-point order (collate "C", as the lists sort on every backend): the member list's first page by
    // customer is one range of this index.
    uniqueIndex('loyalty_accounts_member_key').on(t.program_id, sql`${t.customer_ref} collate "C"`),
    index('loyalty_accounts_balance_idx').on(t.program_id, t.balance, t.id),
    index('loyalty_accounts_customer_idx').on(t.customer_ref),
  ],
);

/**
 * The ledger: append-only. An order earns once per program (unique order, program, type 'earn'); a refund's
 * reversal once per refund and program; an expiry once per earn entry; a redemption once per idempotency key.
 * `remaining` is what is left of an earn entry to expire (spent and reversed points come off the oldest first).
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => loyaltyAccounts.id, { onDelete: 'cascade' }),
    program_id: integer('program_id').notNull(),
    entry_type: text('entry_type').notNull(),
    points: integer('points').notNull(),
    remaining: integer('remaining').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    order_id: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    refund_id: bigint('refund_id', { mode: 'number' }).references(() => refunds.id, { onDelete: 'set null' }),
    expires_entry_id: bigint('expires_entry_id', { mode: 'number' }),
    reward_id: integer('reward_id'),
    code: text('code').notNull().default(''),
    idempotency_key: text('idempotency_key'),
    reason: text('reason').notNull().default(''),
    actor: text('actor').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loyalty_ledger_account_idx').on(t.account_id, t.id),
    uniqueIndex('loyalty_ledger_earn_key')
      .on(t.order_id, t.program_id)
      .where(sql`${t.entry_type} = 'earn'`),
    uniqueIndex('loyalty_ledger_reverse_key')
      .on(t.refund_id, t.program_id)
      .where(sql`${t.entry_type} = 'reverse'`),
    uniqueIndex('loyalty_ledger_expire_key').on(t.expires_entry_id),
    uniqueIndex('loyalty_ledger_redeem_key').on(t.account_id, t.idempotency_key),
    index('loyalty_ledger_expiry_idx')
      .on(t.expires_at)
      .where(sql`${t.entry_type} = 'earn' and ${t.remaining} > 0`),
  ],
);

/** The reward catalogue: a reward costs points (or a full card) and is given as a one-use code of its offer. */
export const loyaltyRewards = pgTable('loyalty_rewards', {
  id: serial('id').primaryKey(),
  program_id: integer('program_id')
    .notNull()
    .references(() => loyaltyPrograms.id),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  cost: integer('cost').notNull(),
  reward: jsonb('reward').$type<LoyaltyRewardBody['reward']>().notNull(),
  valid_days: integer('valid_days').notNull().default(30),
  offer_id: integer('offer_id')
    .notNull()
    .references(() => offers.id),
  updated_by: text('updated_by'),
  ...version,
  ...timestamps,
});
export type LoyaltyRewardRow = typeof loyaltyRewards.$inferSelect;

/** Subscription and meal plans of a restaurant (issue 18 point 4). */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: serial('id').primaryKey(),
  restaurant: text('restaurant')
    .notNull()
    .references(() => restaurants.restaurant),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: text('status').notNull().default('draft'),
  sessions: jsonb('sessions').$type<string[]>().notNull(),
  days: jsonb('days').$type<number[]>().notNull(),
  serve_time: text('serve_time').notNull().default('12:30'),
  period: text('period').notNull().default('month'),
  price: numeric('price', { precision: 12, scale: 3 }).notNull(),
  trial_days: integer('trial_days').notNull().default(0),
  updated_by: text('updated_by'),
  ...version,
  ...timestamps,
});
export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;

/** A customer on a plan: its dates say its status on any day (core's statusOn). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    customer_ref: text('customer_ref').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    trial_ends: date('trial_ends', { mode: 'string' }),
    paused_from: date('paused_from', { mode: 'string' }),
    paused_until: date('paused_until', { mode: 'string' }),
    cancelled_from: date('cancelled_from', { mode: 'string' }),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('subscriptions_plan_idx').on(t.plan_id, t.customer_ref),
    index('subscriptions_customer_idx').on(t.customer_ref),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;
