import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { BackgroundJob } from '@cd/core';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { EVENTS_APPLICATION } from '../src/modules/jobs/event-hub.js';
import { jobsTestContext, openEventStream } from './jobs-fixtures.js';

/**
 * Several processes on one PostgreSQL database: an API process that runs no jobs (JOBS_WORKER=off) and a
 * worker process. The job enqueued by the API runs in the worker, and the API's event stream sees the
 * worker's changes through LISTEN/NOTIFY.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('jobs across processes on postgres', () => {
  let api: Awaited<ReturnType<typeof jobsTestContext>>;
  let workerDb: Database;
  let worker: App;
  let base: string;

  beforeAll(async () => {
    api = await jobsTestContext('postgres', { JOBS_WORKER: 'off' });
    await api.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = api.ctx.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: api.ctx.dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: api.ctx.config.DATABASE_URL,
      JOBS_TEST_HANDLERS: '1',
      JOBS_POLL_SECONDS: '0.5',
    });
    workerDb = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: null });
    worker = await buildApp({
      config,
      db: workerDb.db,
      secret: 'test-secret-0123456789',
      logger: false,
      role: 'worker',
    });
    await worker.ready();
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await workerDb?.close();
    await api?.close();
  });

  it("runs the API's job in the worker and streams its changes to the API's clients", async () => {
    const s = await openEventStream(`${base}/v2/bck/events`, { cookie: `cd_session=${api.adminCookie}` });
    await s.waitFor((ev) => ev.some((e) => e.event === 'sync'));
    const job = await api.enqueue({ steps: 4, stepMs: 50, files: ['out.xlsx'], type: 'download' });
    const events = await s.waitFor((ev) =>
      ev.some(
        (e) =>
          e.event === 'job' && (e.data as BackgroundJob).id === job.id && (e.data as BackgroundJob).status === 'done',
      ),
    );
    const mine = events.filter((e) => e.event === 'job' && (e.data as BackgroundJob).id === job.id);
    expect(mine.some((e) => (e.data as BackgroundJob).progress.done > 0)).toBe(true);
    await s.close();
    // The worker wrote the file where the API serves it from (a shared DATA_DIR).
    const file = await api.admin('GET', `/backgroundjob/file?job_id=${job.id}`);
    expect(file.statusCode).toBe(200);
  });

  it('keeps streaming after the LISTEN connection is lost, and delivers what happened meanwhile', async () => {
    const s = await openEventStream(`${base}/v2/bck/events`, { cookie: `cd_session=${api.adminCookie}` });
    await s.waitFor((ev) => ev.some((e) => e.event === 'sync'));
    const client = new pg.Client({ connectionString: api.ctx.config.DATABASE_URL });
    await client.connect();
    const killed = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`,
      [EVENTS_APPLICATION],
    );
    await client.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    const job = await api.enqueue({ steps: 2, stepMs: 20 });
    await s.waitFor((ev) =>
      ev.some(
        (e) =>
          e.event === 'job' && (e.data as BackgroundJob).id === job.id && (e.data as BackgroundJob).status === 'done',
      ),
    );
    await s.close();
  });
});
