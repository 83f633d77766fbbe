import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';
import { permissionProfiles } from './profiles.js';
import { users } from './users.js';

/**
 * Saved views (issue 36 point 5): a named address query and column set of one list (`list_key`, the page's path),
 * its owner's alone or shared with the users of a permission profile. `clients` is the tenant: the owner's clients
 * when saved (none for an administrator: every client); row-level security keeps a scoped caller to its clients'
 * views (migration 0027).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    clients: text('clients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list_key: text('list_key').notNull(),
    name: text('name').notNull(),
    /** The list's address query without `?` (filters, search, sort, page size). */
    query: text('query').notNull().default(''),
    /** The columns shown, in order; null: the page's own. */
    columns: jsonb('columns').$type<string[]>(),
    shared_with_profile: integer('shared_with_profile').references(() => permissionProfiles.id, {
      onDelete: 'set null',
    }),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_key').on(t.owner_id, t.list_key, sql`lower(${t.name})`),
    index('saved_views_shared_idx')
      .on(t.list_key, t.shared_with_profile)
      .where(sql`${t.shared_with_profile} IS NOT NULL`),
  ],
);

export type SavedViewRow = typeof savedViews.$inferSelect;
