import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
import type { GroupRule, OfferConditions, OfferLimits, OfferReward } from '@cd/core';
import { timestamps, version } from './columns.js';
import { orders } from './orders.js';

/**
 * Marketing I (issue 17): customers and their groups, offers with their codes and redemptions, campaigns with
 * their recipients, and upsell rules. Customers are known by the ordering apps' `customer_ref`; this table holds
 * what marketing needs to reach them (imported with a static group).
 */
export const customers = pgTable('customers', {
  customer_ref: text('customer_ref').primaryKey(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  marketing_opt_in: boolean('marketing_opt_in').notNull().default(true),
  ...timestamps,
});

export const customerGroups = pgTable('customer_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind').notNull(),
  rule: jsonb('rule').$type<GroupRule | null>(),
  /**
   * The sites the group belongs to (issue 32): a rule group's are its rule's; a static group's are its creator's
   * (an administrator's: none, a group of every site). The row-level security policy reads them.
   */
  foodcourts: jsonb('foodcourts').$type<string[]>().notNull().default([]),
  restaurants: jsonb('restaurants').$type<string[]>().notNull().default([]),
  member_count: integer('member_count').notNull().default(0),
  refreshed_at: timestamp('refreshed_at', { withTimezone: true }),
  updated_by: text('updated_by'),
  ...version,
  ...timestamps,
});
export type CustomerGroupRow = typeof customerGroups.$inferSelect;

/** Members: imported (static) or the last count of the rule (rule groups). */
export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    group_id: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    customer_ref: text('customer_ref').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.group_id, t.customer_ref] }),
    // A customer's groups, for the quote.
    index('customer_group_members_customer_idx').on(t.customer_ref, t.group_id),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    trigger: text('trigger').notNull(),
    status: text('status').notNull(),
    kind: text('kind').notNull(),
    priority: integer('priority').notNull().default(0),
    stacking: text('stacking').notNull(),
    code_mode: text('code_mode').notNull().default('shared'),
    shared_code: text('shared_code').notNull().default(''),
    conditions: jsonb('conditions').$type<OfferConditions>().notNull(),
    reward: jsonb('reward').$type<OfferReward>().notNull(),
    limits: jsonb('limits').$type<OfferLimits>().notNull().default({}),
    /** Redemptions so far and the discount they gave (moved in the order's transaction, under the row's lock). */
    uses: integer('uses').notNull().default(0),
    spent: numeric('spent', { precision: 12, scale: 3 }).notNull().default('0'),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('offers_status_idx').on(t.status, t.trigger),
    check('offers_uses_check', sql`${t.uses} >= 0 and ${t.spent} >= 0`),
  ],
);
export type OfferRow = typeof offers.$inferSelect;

/** Codes: one namespace for shared and unique codes (stored upper-case). A unique code is used once. */
export const offerCodes = pgTable(
  'offer_codes',
  {
    code: text('code').primaryKey(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    shared: boolean('shared').notNull().default(false),
    /** Given to this customer (a campaign's recipient); only they may use it. */
    customer_ref: text('customer_ref').notNull().default(''),
    uses: integer('uses').notNull().default(0),
    /** A loyalty reward's code is valid until then (issue 18); others do not expire by themselves. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_codes_offer_idx').on(t.offer_id, t.code)],
);

/** Which offer paid what of which order: one row per order and offer. */
export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    order_id: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code').notNull().default(''),
    customer_ref: text('customer_ref').notNull().default(''),
    amount: numeric('amount', { precision: 12, scale: 3 }).notNull(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offer_redemptions_order_offer_key').on(t.order_id, t.offer_id),
    index('offer_redemptions_offer_customer_idx').on(t.offer_id, t.customer_ref),
    index('offer_redemptions_offer_date_idx').on(t.offer_id, t.business_date),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    channel: text('channel').notNull(),
    group_id: integer('group_id')
      .notNull()
      .references(() => customerGroups.id),
    offer_id: integer('offer_id').references(() => offers.id),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    send_at: timestamp('send_at', { withTimezone: true }),
    control_pct: integer('control_pct').notNull().default(10),
    status: text('status').notNull().default('draft'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    reached: integer('reached').notNull().default(0),
    unreachable: integer('unreachable').notNull().default(0),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('campaigns_due_idx').on(t.status, t.send_at)],
);
export type CampaignRow = typeof campaigns.$inferSelect;

/** Each member of the campaign's group when it was sent: treatment (sent or unreachable) or control. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    customer_ref: text('customer_ref').notNull(),
    arm: text('arm').notNull(),
    status: text('status').notNull(),
    code: text('code').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.campaign_id, t.customer_ref] })],
);

export const upsellRules = pgTable('upsell_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  foodcourts: jsonb('foodcourts').$type<string[]>().notNull().default([]),
  restaurants: jsonb('restaurants').$type<string[]>().notNull().default([]),
  trigger_items: jsonb('trigger_items').$type<string[]>().notNull().default([]),
  sessions: jsonb('sessions').$type<string[]>().notNull().default([]),
  channels: jsonb('channels').$type<string[]>().notNull().default([]),
  suggestions: jsonb('suggestions').$type<string[]>().notNull(),
  placement: text('placement').notNull().default('cart'),
  max_shown: integer('max_shown').notNull().default(3),
  priority: integer('priority').notNull().default(0),
  updated_by: text('updated_by'),
  ...version,
  ...timestamps,
});
export type UpsellRuleRow = typeof upsellRules.$inferSelect;
