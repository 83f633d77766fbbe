import { and, desc, eq, sql } from 'drizzle-orm';
import type { BackgroundJob } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { backgroundJobs, jobEvents, type BackgroundJobRow, type JobEventRow } from '../../db/schema/index.js';
import type { JobEnd, JobHooks } from './job-types.js';

/** The channel that carries new job_events ids (payload: the id) to every process's event hub. */
export const EVENTS_CHANNEL = 'cd_events';
/** NOTIFY channel of order changes (payload: the restaurant), for live dashboards; sent by the order's transaction. */
export const SALES_CHANNEL = 'cd_sales';
/** NOTIFY channel of device status changes (payload: JSON with the device, its counter and food court). */
export const DEVICES_CHANNEL = 'cd_devices';

export type JobPatch = Partial<
  Pick<
    BackgroundJobRow,
    'status' | 'filepath' | 'error_file' | 'end_ts' | 'progress_done' | 'progress_total' | 'message' | 'heartbeat_at'
  >
>;

/** The record as the API and the event stream send it (contract: @cd/core BackgroundJob). */
export function toBackgroundJob(row: BackgroundJobRow): BackgroundJob {
  return {
    id: row.id,
    userid: row.userid,
    type: row.type,
    status: row.status,
    filename: row.filename,
    filepath: row.filepath,
    error_file: row.error_file,
    start_ts: row.start_ts.toISOString(),
    end_ts: row.end_ts ? row.end_ts.toISOString() : null,
    title: row.title,
    restId: row.rest_id,
    actionId: row.action_id,
    actionType: row.action_type,
    mainTitle: row.main_title,
    showTimestamp: row.show_timestamp,
    progress: { done: row.progress_done, total: row.progress_total },
    message: row.message,
  };
}

/** Advisory-lock class of the per-user event lock (the two-key form: apart from pg-boss's one-key locks). */
const EVENT_LOCK_CLASS = 6006;

/**
 * Appends an event to the user's change log and notifies every process (NOTIFY is delivered on commit, so
 * listeners never see an event of a transaction that rolled back). A per-user lock held to commit makes one
 * user's event ids follow commit order, so a stream resuming after id N misses nothing committed later with a
 * smaller id. Call it last in the transaction (after the job row's update), and keep that transaction short.
 */
export async function writeEvent(
  tx: DbOrTx,
  event: { userid: string; jobId: string; kind: JobEventRow['kind']; payload: Record<string, unknown> },
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_LOCK_CLASS}, hashtext(${event.userid}))`);
  const [row] = await tx
    .insert(jobEvents)
    .values({ userid: event.userid, job_id: event.jobId, kind: event.kind, payload: event.payload })
    .returning({ id: jobEvents.id });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(row!.id)})`);
  return row!.id;
}

/** Updates a job (only while it is `in_progress` when `onlyRunning`) and logs the change as an event. */
export async function updateJob(
  tx: DbOrTx,
  id: string,
  patch: JobPatch,
  options: { onlyRunning?: boolean; event?: boolean } = {},
): Promise<BackgroundJobRow | undefined> {
  const where = options.onlyRunning
    ? and(eq(backgroundJobs.id, id), eq(backgroundJobs.status, 'in_progress'))
    : eq(backgroundJobs.id, id);
  const [row] = await tx
    .update(backgroundJobs)
    .set({ ...patch, version: sql`${backgroundJobs.version} + 1`, updated_at: new Date() })
    .where(where)
    .returning();
  if (row && options.event !== false) {
    await writeEvent(tx, { userid: row.userid, jobId: row.id, kind: 'job', payload: toBackgroundJob(row) });
  }
  return row;
}

export async function getJob(db: DbOrTx, id: string): Promise<BackgroundJobRow | undefined> {
  const [row] = await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
  return row;
}

/** A user's jobs, newest first. */
export async function listJobs(db: DbOrTx, userid: string, limit = 200): Promise<BackgroundJobRow[]> {
  return db
    .select()
    .from(backgroundJobs)
    .where(eq(backgroundJobs.userid, userid))
    .orderBy(desc(backgroundJobs.start_ts), desc(backgroundJobs.id))
    .limit(limit);
}

/** Drops old events: older than `days`, and beyond the newest `keepPerUser` of each user. */
export async function pruneEvents(db: DbOrTx, days = 2, keepPerUser = 1000): Promise<void> {
  await db.execute(sql`delete from job_events where created_at < now() - make_interval(days => ${days})`);
  await db.execute(sql`delete from job_events where id in (
    select id from (
      select id, row_number() over (partition by userid order by id desc) as n from job_events
    ) ranked where n > ${keepPerUser})`);
}

/**
 * Runs a queue's `onError` hook (job-types.ts) in a savepoint of the transaction that ends the job: a hook that
 * fails is reported to `warn` and rolled back alone, and the job still ends.
 */
export async function settleOnError(
  tx: DbOrTx,
  hooks: JobHooks | undefined,
  end: JobEnd,
  warn: (err: unknown) => void,
): Promise<void> {
  const hook = hooks?.onError;
  if (!hook) return;
  try {
    await tx.transaction((savepoint) => hook(savepoint, end));
  } catch (err) {
    warn(err);
  }
}
