import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { MenuChangeEntry, MenuChangeReport } from '@cd/core';
import { timestamps, version } from './columns.js';
import { restaurants } from './sites.js';

/**
 * Menu change history (issue 36): one row per insert, update or delete of a menu item (`item`), a submenu
 * (`submenu`), a category (`category`) or a price-book price (`price`), written by the trigger cd_menu_revision
 * of migration 0026 — never by application code, so no writer can forget it. `before` and `after` are the whole
 * rows (null for a create / a delete); `changed` the columns that differ. `record_id` is the foodid, the
 * submenuid, the category id, or `<path id>:<foodid>` for a price.
 */
export const menuRevisions = pgTable(
  'menu_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurant: text('restaurant'),
    entity: text('entity').notNull(),
    record_id: text('record_id').notNull(),
    /** insert | update | delete */
    op: text('op').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    changed: jsonb('changed').$type<string[]>().notNull().default([]),
    actor: text('actor'),
    /** The revision a revert undid. */
    reverted_from: bigint('reverted_from', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('menu_revisions_record_idx').on(t.entity, t.record_id, t.id),
    index('menu_revisions_restaurant_idx').on(t.restaurant, t.at),
    index('menu_revisions_at_idx').on(t.at),
  ],
);
export type MenuRevisionRow = typeof menuRevisions.$inferSelect;

/**
 * Scheduled menu changes (issue 36 point 3; migration 0030): a named set of item edits of one restaurant, a draft
 * until scheduled (`publish_at`) or published now. `entries` keeps each edit with the live values it was made
 * against (`base`), so a live change since is seen as a conflict. `report` is what the publish did.
 */
export const menuChangeSets = pgTable(
  'menu_change_sets',
  {
    id: serial('id').primaryKey(),
    restaurant: text('restaurant')
      .notNull()
      .references(() => restaurants.restaurant, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** draft | scheduled | published | failed | cancelled */
    status: text('status').notNull().default('draft'),
    publish_at: timestamp('publish_at', { withTimezone: true }),
    entries: jsonb('entries').$type<MenuChangeEntry[]>().notNull().default([]),
    published_at: timestamp('published_at', { withTimezone: true }),
    report: jsonb('report').$type<MenuChangeReport | null>(),
    created_by: text('created_by'),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('menu_change_sets_restaurant_idx').on(t.restaurant, t.updated_at),
    index('menu_change_sets_due_idx')
      .on(t.publish_at)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);
export type MenuChangeSetRow = typeof menuChangeSets.$inferSelect;
