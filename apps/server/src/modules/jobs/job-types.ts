import type { BackgroundJob, JobType } from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';

/**
 * The contract between the job system (modules/jobs) and the operations that run as jobs (modules/bulk, …).
 * An operation registers a handler under a queue name; a route creates the job record and enqueues it in the
 * same transaction (`JobService.enqueue(tx, …)`); the worker runs the handler, which reports progress and
 * returns its outcome. A handler must make its change in ONE transaction at its end (or none), recording its
 * outcome there with `complete`, so a crash leaves nothing partial; the job system marks jobs whose worker died
 * as error on the next start (and calls the queue's `JobHooks.onError`, so an operation's own log of the run
 * says so too).
 */
export type JobContext = {
  job: BackgroundJob;
  /** The handler's input, as given to enqueue. */
  data: Record<string, unknown>;
  db: Db;
  /** This job's own directory for input and result files (created for it; removed when the job is dismissed). */
  dir: string;
  /**
   * Reports progress; throttled (≤ 4 writes a second, the latest wins) and streamed to the user's panel. It
   * never waits for the database, so it may be called inside the handler's transaction (on the embedded
   * database the update then lands when that transaction ends).
   */
  progress: (done: number, total: number) => Promise<void>;
  /**
   * Records the outcome in the handler's own transaction, so the change and the job's end commit together: a
   * crash can then neither leave a made change on a job that shows error, nor the reverse. The handler still
   * returns the same outcome (recorded again only if this transaction rolled back).
   */
  complete: (tx: DbOrTx, outcome: JobOutcome) => Promise<void>;
  log: { info: (msg: string) => void; warn: (msg: string) => void };
};

export type JobOutcome = {
  status: 'done' | 'error';
  /** Result files, relative to `dir` (download: one per restaurant). */
  files?: string[];
  /** An upload whose rows failed: the error workbook, relative to `dir`. */
  errorFile?: string;
  message: string;
};

export type JobHandler = (ctx: JobContext) => Promise<JobOutcome>;

export type EnqueueRequest = {
  /** The job's id when the caller chose it with newJobId() (to place a file in jobDir(id) first). */
  id?: string;
  /** Queue / handler name, e.g. 'bulk-download'. */
  queue: string;
  userid: string;
  type: JobType;
  title: string;
  mainTitle?: string;
  filename?: string;
  restId?: string;
  actionId?: string;
  actionType?: string;
  showTimestamp?: boolean;
  data: Record<string, unknown>;
};

/**
 * A job the job system ended as error without its handler's `complete`: its worker died (`interrupted`: recovery,
 * message "<title>: interrupted by a restart"), or its handler threw or returned an error outcome (`failed`).
 */
export type JobEnd = { id: string; title: string; reason: 'interrupted' | 'failed'; message: string };

/**
 * What an operation that keeps its own log of a run (menu_clones, menu_sync_runs) registers with its handler, so
 * that log follows the job however it ends.
 */
export type JobHooks = {
  /**
   * Called in the transaction that ends the job as error when the handler did not record that end itself (see
   * JobEnd): brings the operation's own rows still queued or running in line. It runs in a savepoint, so a hook
   * that fails is logged and the job still ends.
   */
  onError?: (tx: DbOrTx, end: JobEnd) => Promise<void>;
};

export type JobRegistry = {
  register(queue: string, handler: JobHandler, hooks?: JobHooks): void;
};

export type JobEnqueuer = {
  /** Creates the job record and enqueues it in the caller's transaction; returns the record. */
  enqueue(tx: DbOrTx, request: EnqueueRequest): Promise<BackgroundJob>;
  /** The directory of a job (to place an uploaded file before enqueueing). */
  jobDir(jobId: string): string;
  /** A new job id (uuid), so an upload can be written to jobDir(id) before the record exists. */
  newJobId(): string;
};
