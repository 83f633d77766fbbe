import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { BackgroundJob } from '@cd/core';
import { openDatabase } from '../src/db/client.js';
import { appState } from '../src/db/schema/index.js';
import { testEndedKey, testMarkerKey } from '../src/modules/jobs/test-handlers.js';
import { backends } from './harness.js';
import { crashHarness, signInAdmin, startServer } from './child-server.js';
import { createScratchPostgres } from './jobs-fixtures.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe.each(backends)('a job interrupted by a crash on %s', (backend) => {
  const harness = crashHarness(backend, 'crash');
  const { dataDir } = harness;

  it('ends as error with its title after the restart, and wrote nothing', async () => {
    const env = await harness.env({ JOBS_TEST_HANDLERS: '1' });
    const first = await harness.start(env);
    const cookie = await signInAdmin(first.base);
    const call = async (base: string, method: string, url: string, body?: object) =>
      fetch(`${base}/v2/bck${url}`, {
        method,
        headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const jobOf = async (base: string, id: string): Promise<BackgroundJob | undefined> =>
      ((await (await call(base, 'GET', '/backgroundjobs')).json()) as { data: BackgroundJob[] }).data.find(
        (j) => j.id === id,
      );

    const enqueued = await call(first.base, 'POST', '/test/jobs', {
      steps: 300,
      stepMs: 100,
      title: 'Menu upload for Spice Route',
    });
    expect(enqueued.status, await enqueued.clone().text()).toBe(200);
    const job = ((await enqueued.json()) as { job: BackgroundJob }).job;

    // Mid-job: it has reported progress, and has not finished.
    for (let i = 0; ; i++) {
      const now = await jobOf(first.base, job.id);
      if (now && now.progress.done >= 3) break;
      if (i > 300) throw new Error(`the job did not start: ${JSON.stringify(now)}\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await harness.start(env);
    let ended: BackgroundJob | undefined;
    for (let i = 0; i < 200; i++) {
      ended = await jobOf(second.base, job.id);
      if (ended?.status !== 'in_progress') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(ended).toMatchObject({
      status: 'error',
      title: 'Menu upload for Spice Route',
      message: 'Menu upload for Spice Route: interrupted by a restart',
    });
    expect(ended!.end_ts).not.toBeNull();
    // It is not picked up again.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await jobOf(second.base, job.id))?.status).toBe('error');

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // Nothing was written: the handler's one transaction never committed.
    if (harness.databaseUrl) {
      const client = new pg.Client({ connectionString: harness.databaseUrl });
      await client.connect();
      const marker = await client.query('select 1 from app_state where key = $1', [testMarkerKey(job.id)]);
      const hooked = await client.query('select value from app_state where key = $1', [testEndedKey(job.id)]);
      const state = await client.query('select state from pgboss.job where id = $1', [job.id]);
      await client.end();
      expect(marker.rowCount).toBe(0);
      // The queue's onError hook ran in the recovery's transaction.
      expect(hooked.rows[0]?.value).toBe('interrupted: Menu upload for Spice Route: interrupted by a restart');
      expect(state.rows[0]?.state).toBe('failed');
    } else {
      const database = await openDatabase({ dataDir });
      try {
        const marker = await database.db
          .select()
          .from(appState)
          .where(eq(appState.key, testMarkerKey(job.id)));
        expect(marker).toEqual([]);
        const [hooked] = await database.db
          .select()
          .from(appState)
          .where(eq(appState.key, testEndedKey(job.id)));
        expect(hooked?.value).toBe('interrupted: Menu upload for Spice Route: interrupted by a restart');
        const state = await database.db.execute(sql`select state::text from pgboss.job where id::text = ${job.id}`);
        expect((state as unknown as { rows: { state: string }[] }).rows[0]?.state).toBe('failed');
      } finally {
        await database.close();
      }
    }
  }, 300_000);
});

describe('npm run worker', () => {
  it('refuses the embedded database with exit code 2 and says why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: os.tmpdir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('embedded database cannot be shared between processes');
  }, 60_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs the jobs of an API process started with JOBS_WORKER=off (PostgreSQL)',
    async () => {
      const scratch = await createScratchPostgres();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-worker-'));
      const env: Record<string, string> = {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_IDP: 'false',
        JOBS_TEST_HANDLERS: '1',
        JOBS_POLL_SECONDS: '0.5',
        DATABASE_URL: scratch.url,
      };
      const apiServer = await startServer({ ...env, JOBS_WORKER: 'off' });
      const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let workerOut = '';
      worker.stdout!.on('data', (d: Buffer) => (workerOut += d.toString()));
      worker.stderr!.on('data', (d: Buffer) => (workerOut += d.toString()));
      const workerExit = new Promise<number | null>((resolve) => worker.on('exit', resolve));
      try {
        const login = await fetch(`${apiServer.base}/v2/bck/vendor/password_login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: apiServer.base },
          body: JSON.stringify({ userid: 'demo.admin', password: 'ControlDesk#2026' }),
        });
        const cookie = login.headers
          .getSetCookie()
          .find((c) => c.startsWith('cd_session='))!
          .split(';')[0]!;
        const res = await fetch(`${apiServer.base}/v2/bck/test/jobs`, {
          method: 'POST',
          headers: { cookie, origin: apiServer.base, 'content-type': 'application/json' },
          body: JSON.stringify({ steps: 2, stepMs: 10 }),
        });
        const job = ((await res.json()) as { job: BackgroundJob }).job;
        let status = 'in_progress';
        for (let i = 0; i < 300 && status === 'in_progress'; i++) {
          await new Promise((r) => setTimeout(r, 200));
          const list = (
            (await (await fetch(`${apiServer.base}/v2/bck/backgroundjobs`, { headers: { cookie } })).json()) as {
              data: BackgroundJob[];
            }
          ).data;
          status = list.find((j) => j.id === job.id)?.status ?? 'missing';
        }
        expect(status, workerOut).toBe('done');
      } finally {
        worker.kill('SIGTERM');
        expect(await workerExit).toBe(0);
        apiServer.child.kill('SIGTERM');
        await apiServer.exited;
        await scratch.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
