import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';
import { foodcourts, restaurants } from './sites.js';

/** Templates of counter settings (page counterTemplate, issue 16). */
export const counterTemplates = pgTable('counter_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updated_by: text('updated_by'),
  ...version,
  ...timestamps,
});
export type CounterTemplateRow = typeof counterTemplates.$inferSelect;

/**
 * Counters of a food court (and optionally of one restaurant). `flags` are the service flags; while hidden they
 * are cleared and `saved_flags` keeps them for the unhide (spec 001 §4.1).
 */
export const counters = pgTable(
  'counters',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    foodcourt: text('foodcourt')
      .notNull()
      .references(() => foodcourts.foodcourt),
    restaurant: text('restaurant').references(() => restaurants.restaurant),
    counter_type: text('counter_type').notNull(),
    template_id: integer('template_id').references(() => counterTemplates.id),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull(),
    saved_flags: jsonb('saved_flags').$type<Record<string, boolean>>(),
    hidden: boolean('hidden').notNull().default(false),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('counters_foodcourt_idx').on(t.foodcourt, t.name), index('counters_template_idx').on(t.template_id)],
);
export type CounterRow = typeof counters.$inferSelect;

/**
 * Devices of a counter with their licence (0 Created, 1 Pending, 2 Enabled, 3 Disabled). A pending licence holds
 * the hash of its pairing code and when it expires; a paired device the hash of its token. Heartbeats keep
 * `last_seen_at` and the app version; `online` is what the event stream last said, so a change is told once.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    counter_id: integer('counter_id')
      .notNull()
      .references(() => counters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    device_type: text('device_type').notNull(),
    licence_status: integer('licence_status').notNull().default(0),
    pairing_code_hash: text('pairing_code_hash'),
    pairing_expires_at: timestamp('pairing_expires_at', { withTimezone: true }),
    token_hash: text('token_hash'),
    paired_at: timestamp('paired_at', { withTimezone: true }),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
    online: boolean('online').notNull().default(false),
    app_version: text('app_version').notNull().default(''),
    /** A test push from push-setting waiting for the device's next heartbeat, and when it got it. */
    test_push_at: timestamp('test_push_at', { withTimezone: true }),
    test_push_delivered_at: timestamp('test_push_delivered_at', { withTimezone: true }),
    /** The licence's details (get_details_licence / put_details_licence), validated by core's licenceDetailsSchema. */
    licence_details: jsonb('licence_details').$type<Record<string, unknown>>().notNull().default({}),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('devices_counter_idx').on(t.counter_id),
    uniqueIndex('devices_pairing_code_key').on(t.pairing_code_hash),
    uniqueIndex('devices_token_key').on(t.token_hash),
    index('devices_online_idx').on(t.online, t.last_seen_at),
  ],
);
export type DeviceRow = typeof devices.$inferSelect;

/** Cashier accounts of a food court with a hashed PIN, lockout after wrong PINs, and the counters they may use. */
export const cashiers = pgTable(
  'cashiers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    foodcourt: text('foodcourt')
      .notNull()
      .references(() => foodcourts.foodcourt),
    counter_ids: jsonb('counter_ids').$type<number[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    pin_hash: text('pin_hash').notNull(),
    failed_attempts: integer('failed_attempts').notNull().default(0),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('cashiers_foodcourt_idx').on(t.foodcourt, t.name)],
);
export type CashierRow = typeof cashiers.$inferSelect;

/** Which order events go to which devices and channels, per food court (page push-setting). */
export const pushSettings = pgTable('push_settings', {
  foodcourt: text('foodcourt')
    .primaryKey()
    .references(() => foodcourts.foodcourt),
  rules: jsonb('rules').$type<Record<string, unknown>[]>().notNull(),
  updated_by: text('updated_by'),
  ...version,
  ...timestamps,
});

/** Printed QR codes: a table, counter or collection point, carrying a signed short link (page qrGeneration). */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: serial('id').primaryKey(),
    foodcourt: text('foodcourt')
      .notNull()
      .references(() => foodcourts.foodcourt),
    restaurant: text('restaurant').references(() => restaurants.restaurant),
    target_type: text('target_type').notNull(),
    label: text('label').notNull(),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qr_codes_foodcourt_idx').on(t.foodcourt, t.id)],
);
export type QrCodeRow = typeof qrCodes.$inferSelect;
