import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** DESIGN.md §5: who, when, what, before/after; written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entity_id), index('audit_at_idx').on(t.at)],
);

/** Small key/value settings of the deployment (generated secrets, last data-sync time). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
