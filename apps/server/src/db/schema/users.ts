import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LoginType } from '@cd/core';
import { timestamps, version } from './columns.js';
import { permissionProfiles } from './profiles.js';

/** The sites a user may see and change: lists of location, food court and restaurant ids. */
export type UserSites = { locations: string[]; foodcourts: string[]; restaurants: string[] };

/** Back-office users (vendor and operator staff). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userid: text('userid').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    password_hash: text('password_hash'),
    login_types: jsonb('login_types').$type<LoginType[]>().notNull().default(['password', 'phone', 'email']),
    only_sso_login: boolean('only_sso_login').notNull().default(false),
    /** Second factor: an e-mail code in addition to the phone code. */
    mfa_enabled: boolean('mfa_enabled').notNull().default(false),
    admin: boolean('admin').notNull().default(false),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    pagepermissionaccess: jsonb('pagepermissionaccess').$type<string[]>().notNull().default([]),
    /** Fine-grained permissions held (add_restaurant, category_Only, unit_manager, …). */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    read_only_access: jsonb('read_only_access').$type<string[]>().notNull().default([]),
    sites: jsonb('sites').$type<UserSites>().notNull().default({ locations: [], foodcourts: [], restaurants: [] }),
    /** The permission profile last applied to the user (its saved views are shared with them; issue 36). */
    permission_profile_id: integer('permission_profile_id').references(() => permissionProfiles.id, {
      onDelete: 'set null',
    }),
    /** Who saved the row last (user id), for "last changed by" and conflict messages. */
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_userid_key').on(sql`lower(${t.userid})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
