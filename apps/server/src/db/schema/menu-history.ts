import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
