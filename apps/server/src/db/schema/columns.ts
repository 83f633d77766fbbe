import { integer, timestamp } from 'drizzle-orm/pg-core';

export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** DESIGN.md §5: every editable row carries a version; an update names the version it edited. */
export const version = { version: integer('version').notNull().default(1) };
