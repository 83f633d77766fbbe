import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { publicReason } from '../../lib/safe-error.js';
import { siteDirectoryOf } from '../../db/site-directory.js';
import { runWithScope } from '../../db/tenant-scope.js';
import { getJob, settleOnError, toBackgroundJob, updateJob } from './job-store.js';
import type { JobHandler, JobHooks, JobOutcome } from './job-types.js';

/** At most 4 progress writes a second (each is a record update and an event). */
export const PROGRESS_INTERVAL_MS = 250;

export type RunnerDeps = {
  db: Db;
  log: FastifyBaseLogger;
  jobDir: (id: string) => string;
  /** How often a running job refreshes heartbeat_at (so other processes know its worker is alive). */
  heartbeatMs: number;
};

/** What the user is told of a handler's failure: its message, but never a failed query's SQL or values. */
const reasonOf = (err: unknown) => publicReason(err);

/**
 * Runs one job: loads its record (skips it when it is gone or no longer in progress), gives the handler its
 * context, keeps the heartbeat, throttles progress, then records the outcome. A handler that throws ends the
 * job as error with "<title>: <reason>" (and `hooks.onError` runs). Never throws, so pg-boss never retries a job.
 */
export async function runJob(deps: RunnerDeps, id: string, handler: JobHandler, hooks?: JobHooks): Promise<void> {
  const { db, log } = deps;
  const row = await getJob(db, id);
  if (!row || row.status !== 'in_progress') {
    log.warn({ jobId: id }, 'job skipped: its record is gone or already finished');
    return;
  }
  const started = await updateJob(db, id, { heartbeat_at: new Date() }, { onlyRunning: true, event: false });
  if (!started) return;
  const dir = deps.jobDir(id);
  fs.mkdirSync(dir, { recursive: true });
  const jobLog = log.child({ jobId: id, queue: row.queue });

  const heartbeat = setInterval(() => {
    updateJob(db, id, { heartbeat_at: new Date() }, { onlyRunning: true, event: false }).catch((err) =>
      jobLog.warn({ err }, 'job heartbeat failed'),
    );
  }, deps.heartbeatMs);
  heartbeat.unref();

  // Progress: the first call writes at once, later ones at most every PROGRESS_INTERVAL_MS (the latest wins);
  // writes are chained so they land in order.
  let lastWrite = 0;
  let pending: { done: number; total: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const write = (done: number, total: number) => {
    lastWrite = Date.now();
    chain = chain
      .then(() =>
        db.transaction((tx) =>
          updateJob(
            tx,
            id,
            { progress_done: done, progress_total: total, heartbeat_at: new Date() },
            { onlyRunning: true },
          ),
        ),
      )
      .catch((err) => jobLog.warn({ err }, 'job progress write failed'));
    return chain;
  };
  const flush = () => {
    timer = null;
    if (pending) {
      const p = pending;
      pending = null;
      void write(p.done, p.total);
    }
  };
  // Never waits for the database: a handler may report progress inside its own transaction, which on the
  // embedded database (one connection) holds every other query until it ends.
  const progress = async (done: number, total: number) => {
    lastTotal = total;
    const wait = lastWrite + PROGRESS_INTERVAL_MS - Date.now();
    if (wait <= 0 && !timer) {
      void write(done, total);
      return;
    }
    pending = { done, total };
    timer ??= setTimeout(flush, Math.max(0, wait));
  };

  // The outcome as the job record stores it; at its end the progress shows complete.
  let lastTotal = 0;
  const outcomePatch = (outcome: JobOutcome) => {
    const files = outcome.files ?? [];
    return {
      status: outcome.status,
      end_ts: new Date(),
      filepath: files.length === 0 ? '' : files.length === 1 ? files[0]! : files,
      error_file: outcome.errorFile ?? '',
      message: outcome.message,
      heartbeat_at: null,
      ...(outcome.status === 'done' && lastTotal > 0 ? { progress_done: lastTotal, progress_total: lastTotal } : {}),
    };
  };
  let completed = false;
  const complete = async (tx: DbOrTx, outcome: JobOutcome) => {
    completed = true;
    await updateJob(tx, id, outcomePatch(outcome), { onlyRunning: true });
  };

  let outcome: JobOutcome;
  try {
    // The handler works under the scope of the user who started the job (db/tenant-scope.ts): what a request of
    // theirs could not reach, their job cannot either. The job machinery around it stays the system's.
    const scope = await siteDirectoryOf(db).scopeForUserid(row.userid);
    outcome = await runWithScope(scope, () =>
      handler({
        job: toBackgroundJob(row),
        data: row.data,
        db,
        dir,
        progress,
        complete,
        log: { info: (msg) => jobLog.info(msg), warn: (msg) => jobLog.warn(msg) },
      }),
    );
  } catch (err) {
    jobLog.warn({ err }, 'job failed');
    outcome = { status: 'error', message: `${row.title}: ${reasonOf(err)}` };
  } finally {
    clearInterval(heartbeat);
    if (timer) clearTimeout(timer);
    timer = null;
    flush();
    await chain;
  }

  try {
    // After `complete` the record is already final when that transaction committed (then this changes nothing);
    // if it rolled back, the record is still running and gets the outcome here.
    // An error the handler did not record with `complete` (it threw, or returned one): the queue's hook ends the
    // operation's own log of the run in the same transaction.
    await db.transaction(async (tx) => {
      const ended = await updateJob(tx, id, outcomePatch(outcome), { onlyRunning: completed });
      if (ended && outcome.status === 'error') {
        await settleOnError(tx, hooks, { id, title: row.title, reason: 'failed', message: outcome.message }, (err) =>
          jobLog.warn({ err }, 'job error hook failed'),
        );
      }
    });
  } catch (err) {
    // The record stays in progress; the recovery sweep ends it as error.
    jobLog.error({ err }, 'could not record the job outcome');
  }
}
