import { boolean, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps, version } from './columns.js';
import type { UserSites } from './users.js';

/** Named permission sets applied to users (the /permission-profile page). */
export const permissionProfiles = pgTable(
  'permission_profiles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    admin: boolean('admin').notNull().default(false),
    pagepermissionaccess: jsonb('pagepermissionaccess').$type<string[]>().notNull().default([]),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    read_only_access: jsonb('read_only_access').$type<string[]>().notNull().default([]),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('permission_profiles_name_key').on(sql`lower(${t.name})`)],
);

/** Named sets of locations, food courts and restaurants applied to users (the /siteprofile page). */
export const siteProfiles = pgTable(
  'site_profiles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sites: jsonb('sites').$type<UserSites>().notNull().default({ locations: [], foodcourts: [], restaurants: [] }),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('site_profiles_name_key').on(sql`lower(${t.name})`)],
);

export type PermissionProfileRow = typeof permissionProfiles.$inferSelect;
export type SiteProfileRow = typeof siteProfiles.$inferSelect;
