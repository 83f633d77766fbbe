import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';

/**
 * Background jobs (spec 000 §3 "background job"): one row per upload, download or erase a user started. The
 * row is created and the pg-boss job enqueued in the same transaction (same id in both). `filepath` and
 * `error_file` name files inside the job's directory `<DATA_DIR>/jobs/<id>`. `heartbeat_at` is refreshed by
 * the worker running the job, so another process can tell a job whose worker died (modules/jobs/recovery.ts).
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: text('id').primaryKey(),
    userid: text('userid').notNull(),
    type: text('type', { enum: ['upload', 'download', 'erase'] }).notNull(),
    status: text('status', { enum: ['in_progress', 'done', 'error'] }).notNull(),
    filename: text('filename').notNull().default(''),
    filepath: jsonb('filepath')
      .$type<string | string[]>()
      .notNull()
      .default(sql`'""'::jsonb`),
    error_file: text('error_file').notNull().default(''),
    start_ts: timestamp('start_ts', { withTimezone: true }).notNull().defaultNow(),
    end_ts: timestamp('end_ts', { withTimezone: true }),
    title: text('title').notNull(),
    rest_id: text('rest_id').notNull().default(''),
    action_id: text('action_id').notNull().default(''),
    action_type: text('action_type').notNull().default(''),
    main_title: text('main_title').notNull().default(''),
    show_timestamp: boolean('show_timestamp').notNull().default(true),
    progress_done: integer('progress_done').notNull().default(0),
    progress_total: integer('progress_total').notNull().default(0),
    message: text('message').notNull().default(''),
    /** The pg-boss queue (handler name). */
    queue: text('queue').notNull(),
    /** The handler's input. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }),
    ...version,
    ...timestamps,
  },
  (t) => [index('background_jobs_user_idx').on(t.userid, t.start_ts)],
);

export type BackgroundJobRow = typeof backgroundJobs.$inferSelect;

/**
 * The change log the event stream (GET /v2/bck/events) sends and replays: a reconnect with Last-Event-ID gets
 * every later event of its user. Written in the transaction of the change; old rows are pruned.
 */
export const jobEvents = pgTable(
  'job_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userid: text('userid').notNull(),
    job_id: text('job_id').notNull(),
    kind: text('kind', { enum: ['job', 'job_deleted'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_events_user_idx').on(t.userid, t.id), index('job_events_created_idx').on(t.created_at)],
);

export type JobEventRow = typeof jobEvents.$inferSelect;
