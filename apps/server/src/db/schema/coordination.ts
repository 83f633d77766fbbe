import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The per-IP request limits (@fastify/rate-limit, lib/rate-limit-store.ts): one row per limited route and client
 * address, counting the hits of the current window. In the database, so every API process counts the same hits.
 * UNLOGGED (migration 0023): no write-ahead log for a counter that may be lost in a crash. `key` is the route and
 * the address; rows whose window ended are pruned by the API processes' sweep.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  reset_at: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * The periodic tasks' rounds (lib/periodic.ts): one row per task. A process runs a round only after claiming it —
 * the round is due (`next_at`) and no other process holds the lease — so each round runs once across processes.
 * `holder` names the process that ran (or runs) the last round.
 */
export const periodicRounds = pgTable('periodic_rounds', {
  name: text('name').primaryKey(),
  next_at: timestamp('next_at', { withTimezone: true }).notNull(),
  lease_until: timestamp('lease_until', { withTimezone: true }),
  holder: text('holder'),
  started_at: timestamp('started_at', { withTimezone: true }),
  finished_at: timestamp('finished_at', { withTimezone: true }),
});
