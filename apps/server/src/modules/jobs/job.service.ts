import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { BackgroundJob } from '@cd/core';
import type { Config } from '../../config.js';
import { grantScopedRole, holdingStartLock, type Db, type DbOrTx } from '../../db/client.js';
import { backgroundJobs } from '../../db/schema/index.js';
import { EventHub } from './event-hub.js';
import { runJob } from './job-runner.js';
import { pruneEvents, toBackgroundJob, writeEvent } from './job-store.js';
import type { EnqueueRequest, JobEnqueuer, JobHandler, JobHooks, JobRegistry } from './job-types.js';
import { pgBossDb } from './pg-adapter.js';
import { recoverDeadJobs } from './recovery.js';

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A job may run this long before pg-boss gives up on it (our recovery usually acts first). */
const EXPIRE_SECONDS = 4 * 3600;
const SWEEP_MS = 30_000;
const PRUNE_MS = 10 * 60_000;

export type JobServiceOptions = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Run handlers in this process (default: config.jobsWorker). */
  worker?: boolean;
  /** Serve event streams from this process (a worker-only process does not). */
  events?: boolean;
};

/**
 * The job system of one process: the registry of handlers, enqueueing (in the caller's transaction), the
 * pg-boss worker, the recovery of jobs whose worker died, and the event hub that feeds GET /events.
 * See index.ts for how operations use it.
 */
export class JobService implements JobRegistry, JobEnqueuer {
  readonly hub: EventHub;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly hooks = new Map<string, JobHooks>();
  private boss: PgBoss | null = null;
  private started = false;
  private readonly timers: NodeJS.Timeout[] = [];
  /** Jobs running in this process, by id. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly db: Db;
  private readonly config: Config;
  private readonly log: FastifyBaseLogger;
  private readonly worker: boolean;
  private readonly events: boolean;

  constructor(options: JobServiceOptions) {
    this.db = options.db;
    this.config = options.config;
    this.log = options.log.child({ module: 'jobs' });
    this.worker = options.worker ?? options.config.jobsWorker;
    this.events = options.events ?? true;
    this.hub = new EventHub(this.db, this.config.DATABASE_URL, this.log);
  }

  get queues(): string[] {
    return [...this.handlers.keys()];
  }

  register(queue: string, handler: JobHandler, hooks?: JobHooks): void {
    if (this.started) throw new Error(`Job handler ${queue} registered after the job system started`);
    if (this.handlers.has(queue)) throw new Error(`Job handler ${queue} registered twice`);
    if (!/^[a-z0-9][a-z0-9_.-]{0,60}$/.test(queue)) throw new Error(`Bad queue name ${queue}`);
    this.handlers.set(queue, handler);
    if (hooks) this.hooks.set(queue, hooks);
  }

  newJobId(): string {
    return crypto.randomUUID();
  }

  jobDir(jobId: string): string {
    if (!ID_PATTERN.test(jobId)) throw new Error(`Bad job id ${jobId}`);
    return path.join(this.config.dataDir, 'jobs', jobId);
  }

  async enqueue(tx: DbOrTx, req: EnqueueRequest): Promise<BackgroundJob> {
    const boss = this.boss;
    if (!boss) throw new Error('The job system is not started');
    if (!this.handlers.has(req.queue)) throw new Error(`No job handler registered for queue ${req.queue}`);
    const id = req.id ?? this.newJobId();
    this.jobDir(id); // validates the id
    const [row] = await tx
      .insert(backgroundJobs)
      .values({
        id,
        userid: req.userid,
        type: req.type,
        status: 'in_progress',
        filename: req.filename ?? '',
        title: req.title,
        rest_id: req.restId ?? '',
        action_id: req.actionId ?? '',
        action_type: req.actionType ?? '',
        main_title: req.mainTitle ?? '',
        show_timestamp: req.showTimestamp ?? true,
        queue: req.queue,
        data: req.data,
      })
      .returning();
    const job = toBackgroundJob(row!);
    await writeEvent(tx, { userid: job.userid, jobId: id, kind: 'job', payload: job });
    const sent = await boss.send(
      req.queue,
      {},
      { id, retryLimit: 0, expireInSeconds: EXPIRE_SECONDS, db: pgBossDb(tx) },
    );
    if (!sent) throw new Error(`Could not enqueue job ${id} on ${req.queue}`);
    return job;
  }

  /** Starts pg-boss, ends jobs whose worker died, starts the workers and the event hub. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const pglite = !this.config.DATABASE_URL;
    const boss = new PgBoss(
      pglite
        ? { db: pgBossDb(this.db), schedule: false, supervise: true }
        : {
            connectionString: this.config.DATABASE_URL,
            max: 3,
            schedule: false,
            supervise: true,
            application_name: 'control-desk-jobs',
          },
    );
    boss.on('error', (err) => this.log.warn({ err }, 'pg-boss error'));
    const install = async () => {
      await boss.start();
      // Scoped requests enqueue jobs inside their own transaction, as the scoped role (db/tenant-scope.ts).
      await grantScopedRole(this.db, 'pgboss');
      for (const queue of this.handlers.keys()) await boss.createQueue(queue);
    };
    // Processes starting together on one PostgreSQL database install one after another: pg-boss's schema and
    // queues, made by two at once, deadlock.
    if (pglite) await install();
    else await holdingStartLock(this.config.DATABASE_URL!, install);
    this.boss = boss;

    if (this.events) await this.hub.start();
    // On the embedded database this is the only process and it runs nothing yet: every active job is dead.
    await this.sweep(pglite);
    await pruneEvents(this.db).catch((err) => this.log.warn({ err }, 'job event pruning failed'));
    await this.removeOrphanDirs().catch((err) => this.log.warn({ err }, 'job directory clean-up failed'));

    if (this.worker) {
      const heartbeatMs = Math.max(200, (this.config.JOBS_STALE_SECONDS * 1000) / 4);
      for (const [queue, handler] of this.handlers) {
        for (let i = 0; i < this.config.JOBS_CONCURRENCY; i++) {
          await boss.work(
            queue,
            { batchSize: 1, pollingIntervalSeconds: this.config.JOBS_POLL_SECONDS },
            async (jobs) => {
              for (const job of jobs) {
                await this.track(
                  job.id,
                  runJob(
                    { db: this.db, log: this.log, jobDir: (id) => this.jobDir(id), heartbeatMs },
                    job.id,
                    handler,
                    this.hooks.get(queue),
                  ),
                );
              }
            },
          );
        }
      }
    }
    // Several processes share PostgreSQL: one may die while others run. The embedded database has one process,
    // whose own jobs are alive, so it needs only the sweep at start (and a periodic one could misjudge a job
    // whose heartbeat waits behind its handler's long transaction).
    if (!pglite) {
      const sweep = setInterval(() => void this.sweep(false), SWEEP_MS);
      sweep.unref();
      this.timers.push(sweep);
    }
    const prune = setInterval(
      () => void pruneEvents(this.db).catch((err) => this.log.warn({ err }, 'job event pruning failed')),
      PRUNE_MS,
    );
    prune.unref();
    this.timers.push(prune);
  }

  private async track(id: string, run: Promise<void>): Promise<void> {
    this.running.set(id, run);
    try {
      await run;
    } finally {
      this.running.delete(id);
    }
  }

  /** Ends dead jobs (see recovery.ts) and fails their pg-boss jobs so no worker picks them up. */
  async sweep(allActive: boolean): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    try {
      const ended = await recoverDeadJobs(this.db, {
        staleSeconds: this.config.JOBS_STALE_SECONDS,
        allActive,
        exclude: new Set(this.running.keys()),
        hooks: (queue) => this.hooks.get(queue),
        warn: (err, jobId) => this.log.warn({ err, jobId }, 'job error hook failed'),
      });
      for (const job of ended) {
        this.log.warn({ jobId: job.id }, 'job ended as error: its worker died');
        await boss.fail(job.queue, job.id).catch(() => undefined);
      }
    } catch (err) {
      this.log.warn({ err }, 'job recovery sweep failed');
    }
  }

  /** Stops taking jobs, waits a little for running ones (they are recovered on the next start otherwise). */
  async stop(graceMs = 5000): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
    await this.hub.stop();
    const boss = this.boss;
    if (!boss) return;
    for (const queue of this.handlers.keys()) await boss.offWork(queue).catch(() => undefined);
    if (this.running.size > 0) {
      await Promise.race([Promise.allSettled([...this.running.values()]), new Promise((r) => setTimeout(r, graceMs))]);
    }
    await boss.stop({ graceful: false, wait: true, close: true, timeout: 1000 });
    this.boss = null;
  }

  /**
   * Removes job directories older than an hour that belong to no job: an upload whose request failed after
   * its file was written (the record was rolled back), or a job deleted while this process was down.
   */
  async removeOrphanDirs(): Promise<void> {
    const root = path.join(this.config.dataDir, 'jobs');
    if (!fs.existsSync(root)) return;
    const hourAgo = Date.now() - 3600_000;
    const candidates = fs
      .readdirSync(root)
      .filter((name) => ID_PATTERN.test(name) && fs.statSync(path.join(root, name)).mtimeMs < hourAgo);
    if (candidates.length === 0) return;
    const known = new Set(
      (
        await this.db
          .select({ id: backgroundJobs.id })
          .from(backgroundJobs)
          .where(inArray(backgroundJobs.id, candidates))
      ).map((r) => r.id),
    );
    for (const name of candidates) {
      if (!known.has(name)) await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
    }
  }

  /** Where a job's files live, made sure to exist. */
  ensureJobDir(jobId: string): string {
    const dir = this.jobDir(jobId);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }
}
