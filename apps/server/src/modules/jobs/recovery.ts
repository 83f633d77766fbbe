import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settleOnError, updateJob } from './job-store.js';
import type { JobHooks } from './job-types.js';

export const INTERRUPTED = 'interrupted by a restart';

type Candidate = { id: string; queue: string; title: string; state: string | null; stale: boolean };

/**
 * Ends jobs whose worker died (a crash, a kill, a restart) as error "<title>: interrupted by a restart".
 * A job is dead when its record is in progress and its pg-boss job
 *   - is gone or already finished (completed / failed / cancelled), or
 *   - is active but its heartbeat is older than `staleSeconds` — or, with `allActive` (the embedded
 *     database at start: this is the only process and it runs nothing yet), active at all.
 * Jobs still waiting in the queue (created / retry) are left to run. Nothing is retried: uploads and erases
 * are not safe to repeat blindly, and a download is one click to ask again. The handler wrote nothing, since
 * it makes its change in one transaction at its end; the queue's `onError` hook, in the same transaction, ends
 * the operation's own log of the run (a clone's targets not reached, a sync's deliveries). Returns the ids it
 * ended, with their queues (the caller fails the pg-boss jobs so they are not picked up again).
 */
export async function recoverDeadJobs(
  db: Db,
  options: {
    staleSeconds: number;
    allActive: boolean;
    exclude?: ReadonlySet<string>;
    /** A queue's hooks: its `onError` runs in the transaction that ends the job, so the run's own log follows. */
    hooks?: (queue: string) => JobHooks | undefined;
    warn?: (err: unknown, jobId: string) => void;
  },
): Promise<{ id: string; queue: string }[]> {
  const result = await db.execute<Candidate>(sql`
    select b.id, b.queue, b.title, j.state::text as state,
      coalesce(b.heartbeat_at, j.started_on, b.start_ts) < now() - make_interval(secs => ${options.staleSeconds}) as stale
    from background_jobs b
    left join pgboss.job j on j.id::text = b.id
    where b.status = 'in_progress'`);
  const rows = (result as unknown as { rows: Candidate[] }).rows;
  const ended: { id: string; queue: string }[] = [];
  for (const job of rows) {
    if (options.exclude?.has(job.id)) continue; // running in this process: alive
    const waiting = job.state === 'created' || job.state === 'retry';
    const dead = job.state === 'active' ? options.allActive || job.stale : !waiting;
    if (!dead) continue;
    const message = `${job.title}: ${INTERRUPTED}`;
    const row = await db.transaction(async (tx) => {
      const ended = await updateJob(
        tx,
        job.id,
        { status: 'error', end_ts: new Date(), message, heartbeat_at: null },
        { onlyRunning: true },
      );
      if (ended) {
        await settleOnError(
          tx,
          options.hooks?.(job.queue),
          { id: job.id, title: job.title, reason: 'interrupted', message },
          (err) => options.warn?.(err, job.id),
        );
      }
      return ended;
    });
    if (row) ended.push({ id: job.id, queue: job.queue });
  }
  return ended;
}
