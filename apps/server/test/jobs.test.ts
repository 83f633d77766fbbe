import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BackgroundJob } from '@cd/core';
import { appState, auditLog, backgroundJobs } from '../src/db/schema/index.js';
import { testEndedKey, testMarkerKey } from '../src/modules/jobs/test-handlers.js';
import { setState } from '../src/lib/app-state.js';
import { backends } from './harness.js';
import { jobsTestContext, openEventStream, type SseEvent } from './jobs-fixtures.js';

const jobEvents = (events: SseEvent[], id: string) =>
  events.filter((e) => e.event === 'job' && (e.data as BackgroundJob).id === id).map((e) => e.data as BackgroundJob);

const isSyncAt = (data: unknown, time: string) => (data as { last_bqsync_time?: string }).last_bqsync_time === time;

describe.each(backends)('background jobs on %s', (backend) => {
  let t: Awaited<ReturnType<typeof jobsTestContext>>;
  let base: string;

  beforeAll(async () => {
    t = await jobsTestContext(backend);
    await t.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.ctx.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }, 60_000);
  afterAll(async () => t?.close());

  const stateOf = async (key: string) =>
    (await t.ctx.database.db.select().from(appState).where(eq(appState.key, key)))[0]?.value;
  const stream = (headers: Record<string, string> = {}, query = '') =>
    openEventStream(`${base}/v2/bck/events${query}`, { cookie: `cd_session=${t.adminCookie}`, ...headers });

  it('runs a job to done; the stream sends sync, then the job with its progress', async () => {
    const s = await stream();
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('content-encoding')).toBeNull();
    await s.waitFor((ev) => ev.some((e) => e.event === 'sync'));
    expect(s.retry).toBe(3000);
    expect(s.events[0]).toMatchObject({ event: 'sync', data: { last_bqsync_time: expect.any(String) } });
    expect(s.events[0]!.id).toBeUndefined();

    const job = await t.enqueue({
      steps: 6,
      stepMs: 60,
      files: ['Spice Route.xlsx'],
      type: 'download',
      title: 'Menu download',
    });
    expect(job).toMatchObject({
      status: 'in_progress',
      type: 'download',
      title: 'Menu download',
      progress: { done: 0, total: 0 },
    });
    await s.waitFor((ev) => jobEvents(ev, job.id).some((j) => j.status === 'done'));
    const seen = jobEvents(s.events, job.id);
    expect(seen[0]!.status).toBe('in_progress');
    const progress = seen.filter((j) => j.progress.done > 0 && j.status === 'in_progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThanOrEqual(6);
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ status: 'done', filepath: 'Spice Route.xlsx', message: 'Did 6 steps' });
    expect(done.end_ts).not.toBeNull();
    // Ids increase.
    const ids = s.events.filter((e) => e.id !== undefined).map((e) => e.id!);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    await s.close();

    const file = await t.admin('GET', `/backgroundjob/file?job_id=${job.id}&index=0`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment; filename="Spice Route.xlsx"');
    expect(file.body).toBe(`file Spice Route.xlsx of ${job.id}\n`);
    // The change was written once, at the end.
    const [marker] = await t.ctx.database.db
      .select()
      .from(appState)
      .where(eq(appState.key, testMarkerKey(job.id)));
    expect(marker?.value).toBe('written');
  });

  it("throttles progress to at most 4 writes a second, even reported inside the handler's transaction", async () => {
    const s = await stream();
    const started = Date.now();
    const job = await t.enqueue({ steps: 300, stepMs: 1, inTx: true });
    await s.waitFor((ev) => jobEvents(ev, job.id).some((j) => j.status === 'done'));
    const elapsed = Date.now() - started;
    const seen = jobEvents(s.events, job.id);
    const progress = seen.filter((j) => j.status === 'in_progress' && j.progress.done > 0);
    expect(progress.length).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 2);
    expect(seen.at(-1)).toMatchObject({ status: 'done', progress: { done: 300, total: 300 } });
    await s.close();
  });

  it('a reconnect with Last-Event-ID gets the events it missed, and no earlier ones', async () => {
    const s = await stream();
    const first = await t.enqueue({ steps: 1, stepMs: 1 });
    await s.waitFor((ev) => jobEvents(ev, first.id).some((j) => j.status === 'done'));
    const lastId = s.events.at(-1)!.id!;
    await s.close();

    const missed = await t.enqueue({ steps: 3, stepMs: 20, title: 'Missed job' });
    await t.waitJob(missed.id, (j) => j.status === 'done');

    const again = await stream({ 'last-event-id': String(lastId) });
    await again.waitFor((ev) => jobEvents(ev, missed.id).some((j) => j.status === 'done'));
    expect(jobEvents(again.events, first.id)).toEqual([]);
    expect(jobEvents(again.events, missed.id)[0]!.status).toBe('in_progress');
    expect(again.events.filter((e) => e.id !== undefined).every((e) => e.id! > lastId)).toBe(true);
    await again.close();

    // The query parameter works too (EventSource cannot set the header on its first connection).
    const viaQuery = await stream({}, `?last_event_id=${lastId}`);
    await viaQuery.waitFor((ev) => jobEvents(ev, missed.id).some((j) => j.status === 'done'));
    await viaQuery.close();
  });

  it('a stream sees only its own user; closing it leaves no subscriber behind', async () => {
    const settle = async (n: number) => {
      const until = Date.now() + 5000;
      while (t.ctx.app.jobs.hub.subscriberCount !== n && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
    };
    await settle(0);
    const before = t.ctx.app.jobs.hub.subscriberCount;
    expect(before).toBe(0);
    const mine = await stream();
    const theirs = await openEventStream(`${base}/v2/bck/events`, { cookie: `cd_session=${t.otherCookie}` });
    await theirs.waitFor((ev) => ev.some((e) => e.event === 'sync'));
    expect(t.ctx.app.jobs.hub.subscriberCount).toBe(before + 2);
    const job = await t.enqueue({ steps: 1, stepMs: 1 });
    await mine.waitFor((ev) => jobEvents(ev, job.id).some((j) => j.status === 'done'));
    expect(theirs.events.filter((e) => e.event !== 'sync')).toEqual([]);
    await mine.close();
    await theirs.close();
    await settle(before);
    expect(t.ctx.app.jobs.hub.subscriberCount).toBe(before);

    const anonymous = await fetch(`${base}/v2/bck/events`);
    expect(anonymous.status).toBe(401);
  });

  it('a rolled-back transaction leaves no job record, no event and no queued job', async () => {
    const db = t.ctx.database.db;
    const id = t.ctx.app.jobs.newJobId();
    await expect(
      db.transaction(async (tx) => {
        await t.ctx.app.jobs.enqueue(tx, {
          id,
          queue: 'test-slow',
          userid: 'demo.admin',
          type: 'upload',
          title: 'Rolled back',
          data: {},
        });
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    expect(await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id))).toEqual([]);
    const events = await db.execute(sql`select count(*)::int as n from job_events where job_id = ${id}`);
    expect((events as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const queued = await db.execute(sql`select count(*)::int as n from pgboss.job where id::text = ${id}`);
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // The same call committed does both.
    await db.transaction((tx) =>
      t.ctx.app.jobs.enqueue(tx, {
        id,
        queue: 'test-slow',
        userid: 'demo.admin',
        type: 'upload',
        title: 'Committed',
        data: { steps: 0 },
      }),
    );
    const after = await db.execute(sql`select count(*)::int as n from pgboss.job where id::text = ${id}`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    await t.waitJob(id, (j) => j.status === 'done');
  });

  it("one user's events are numbered in commit order (a reconnect cannot skip a late commit)", async () => {
    const db = t.ctx.database.db;
    const jobs = t.ctx.app.jobs;
    const order: string[] = [];
    const req = (title: string) =>
      ({ queue: 'test-slow', userid: 'demo.admin', type: 'upload', title, data: { steps: 0 } }) as const;
    const slow = db.transaction(async (tx) => {
      const job = await jobs.enqueue(tx, req('first, commits late'));
      await new Promise((r) => setTimeout(r, 400));
      order.push('first');
      return job;
    });
    await new Promise((r) => setTimeout(r, 100));
    const quick = db.transaction(async (tx) => {
      const job = await jobs.enqueue(tx, req('second'));
      order.push('second');
      return job;
    });
    const [a, b] = await Promise.all([slow, quick]);
    expect(order).toEqual(['first', 'second']);
    const ids = await db.execute(
      sql`select job_id, id from job_events where job_id in (${a.id}, ${b.id}) and payload->>'progress' is not null order by id`,
    );
    expect((ids as unknown as { rows: { job_id: string }[] }).rows[0]!.job_id).toBe(a.id);
    await t.waitJob(b.id, (j) => j.status === 'done');
  });

  it('a handler that throws ends the job as error with its title and the reason', async () => {
    const job = await t.enqueue({
      steps: 2,
      stepMs: 5,
      fail: 'Row 3: price is not a number',
      title: 'Menu upload for Spice Route',
    });
    const ended = await t.waitJob(job.id, (j) => j.status !== 'in_progress');
    expect(ended).toMatchObject({
      status: 'error',
      message: 'Menu upload for Spice Route: Row 3: price is not a number',
    });
    const [marker] = await t.ctx.database.db
      .select()
      .from(appState)
      .where(eq(appState.key, testMarkerKey(job.id)));
    expect(marker).toBeUndefined();
    // The queue's onError hook ended its own record of the run in the same transaction.
    expect(await stateOf(testEndedKey(job.id))).toBe(
      'failed: Menu upload for Spice Route: Row 3: price is not a number',
    );
  });

  it("ends the job even when the queue's onError hook fails, and keeps nothing the hook wrote", async () => {
    const job = await t.enqueue({ steps: 1, stepMs: 5, fail: 'Bad row', hookFails: true, title: 'Menu upload' });
    const ended = await t.waitJob(job.id, (j) => j.status !== 'in_progress');
    expect(ended).toMatchObject({ status: 'error', message: 'Menu upload: Bad row' });
    expect(await stateOf(testEndedKey(job.id))).toBeUndefined();
    // A job that ends by its own `complete` does not call the hook.
    const done = await t.enqueue({ steps: 1, stepMs: 5 });
    expect(await t.waitJob(done.id, (j) => j.status !== 'in_progress')).toMatchObject({ status: 'done' });
    expect(await stateOf(testEndedKey(done.id))).toBeUndefined();
  });

  it('an outcome recorded in a transaction that rolls back is not kept: the job ends as error, unchanged', async () => {
    const job = await t.enqueue({ steps: 1, stepMs: 5, failAfterComplete: 'constraint failed', title: 'Menu erase' });
    const ended = await t.waitJob(job.id, (j) => j.status !== 'in_progress');
    expect(ended).toMatchObject({ status: 'error', message: 'Menu erase: constraint failed' });
    const [marker] = await t.ctx.database.db
      .select()
      .from(appState)
      .where(eq(appState.key, testMarkerKey(job.id)));
    expect(marker).toBeUndefined();
    // The done outcome it recorded before the rollback never reached the stored job or its events.
    const events = (await t.ctx.database.db.execute(
      sql`select payload->>'status' as status from job_events where job_id = ${job.id}`,
    )) as unknown as { rows: { status: string }[] };
    expect(events.rows.map((r) => r.status)).not.toContain('done');
  });

  it('an upload with an error file ends as error and offers the file', async () => {
    const job = await t.enqueue({ steps: 1, stepMs: 1, errorFile: 'errors.xlsx', filename: 'menu.xlsx' });
    const ended = await t.waitJob(job.id, (j) => j.status !== 'in_progress');
    expect(ended).toMatchObject({ status: 'error', error_file: 'errors.xlsx', filename: 'menu.xlsx', filepath: '' });
    const file = await t.admin('GET', `/backgroundjob/file?job_id=${job.id}&kind=error`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('several files make filepath a list; another user can neither see, download nor dismiss the job', async () => {
    const job = await t.enqueue({ steps: 1, stepMs: 1, files: ['a.xlsx', 'b.xlsx'], type: 'download' });
    const ended = await t.waitJob(job.id, (j) => j.status === 'done');
    expect(ended.filepath).toEqual(['a.xlsx', 'b.xlsx']);
    expect((await t.admin('GET', `/backgroundjob/file?job_id=${job.id}&index=1`)).body).toContain('b.xlsx');
    expect((await t.admin('GET', `/backgroundjob/file?job_id=${job.id}&index=2`)).statusCode).toBe(404);

    expect((await t.other('GET', '/backgroundjobs')).json().data).toEqual([]);
    expect((await t.other('GET', `/backgroundjob/file?job_id=${job.id}`)).statusCode).toBe(404);
    const del = await t.other('DELETE', `/delete/backgroundjob?job_type=download&job_id=${job.id}`);
    expect(del.statusCode).toBe(404);
    expect(await t.jobOf(job.id)).toBeDefined();
  });

  it('dismissing a finished job deletes it and its files, tells the stream, and is audited; a running one is refused', async () => {
    const running = await t.enqueue({ steps: 40, stepMs: 50 });
    const refused = await t.admin('DELETE', `/delete/backgroundjob?job_type=upload&job_id=${running.id}`);
    expect(refused.statusCode).toBe(409);

    const job = await t.enqueue({
      steps: 1,
      stepMs: 1,
      files: ['x.xlsx'],
      type: 'download',
      restId: 'fc-blr-atrium:spice_route',
    });
    await t.waitJob(job.id, (j) => j.status === 'done');
    const dir = t.ctx.app.jobs.jobDir(job.id);
    expect(fs.existsSync(path.join(dir, 'x.xlsx'))).toBe(true);
    expect(
      (await t.admin('DELETE', `/delete/backgroundjob?job_type=upload&job_id=${job.id}`)).statusCode,
      'wrong type',
    ).toBe(404);

    const s = await stream();
    await s.waitFor((ev) => ev.some((e) => e.event === 'sync'));
    const del = await t.admin(
      'DELETE',
      `/delete/backgroundjob?job_type=download&job_id=${job.id}&rest_id=${encodeURIComponent('fc-blr-atrium:spice_route')}`,
    );
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ result: 'success' });
    expect(fs.existsSync(dir)).toBe(false);
    expect(await t.jobOf(job.id)).toBeUndefined();
    await s.waitFor((ev) => ev.some((e) => e.event === 'job_deleted' && (e.data as { id: string }).id === job.id));
    await s.close();
    const audits = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.entity_id, job.id));
    expect(audits).toMatchObject([{ action: 'delete', entity: 'background_job', actor: 'demo.admin' }]);
    await t.waitJob(running.id, (j) => j.status === 'done', 30_000);
  });

  it('removes old job directories that belong to no job, and keeps the others', async () => {
    const jobs = t.ctx.app.jobs;
    const orphan = jobs.ensureJobDir(jobs.newJobId());
    const fresh = jobs.ensureJobDir(jobs.newJobId());
    const job = await t.enqueue({ steps: 0, files: ['kept.xlsx'], type: 'download' });
    await t.waitJob(job.id, (j) => j.status === 'done');
    const old = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(orphan, old, old);
    fs.utimesSync(jobs.jobDir(job.id), old, old);
    await jobs.removeOrphanDirs();
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(path.join(jobs.jobDir(job.id), 'kept.xlsx'))).toBe(true);
  });

  it('sends keep-alive comments, ends a stream once its session is signed out, and app.close() ends the rest', async () => {
    const extra = await jobsTestContext(backend, { SSE_HEARTBEAT_SECONDS: '1' });
    try {
      await extra.ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = extra.ctx.app.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      const s = await openEventStream(`http://127.0.0.1:${port}/v2/bck/events`, {
        cookie: `cd_session=${extra.adminCookie}`,
      });
      const until = Date.now() + 10_000;
      while (!s.comments.includes('ping') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(s.comments).toContain('ping');
      expect(s.ended).toBe(false);
      const other = await openEventStream(`http://127.0.0.1:${port}/v2/bck/events`, {
        cookie: `cd_session=${extra.otherCookie}`,
      });
      await other.waitFor((ev) => ev.some((e) => e.event === 'sync'));

      // A new sync time reaches open streams at the next heartbeat, once.
      const synced = '2026-11-21T09:30:00.000Z';
      await setState(extra.ctx.database.db, 'last_bqsync_time', synced);
      await other.waitFor((ev) => ev.some((e) => e.event === 'sync' && isSyncAt(e.data, synced)));
      await new Promise((r) => setTimeout(r, 2_500));
      expect(other.events.filter((e) => e.event === 'sync' && isSyncAt(e.data, synced))).toHaveLength(1);
      await extra.admin('POST', '/vendor/logout', {});
      await Promise.race([s.done, new Promise((r) => setTimeout(r, 10_000))]);
      expect(s.ended).toBe(true);
      expect(other.ended).toBe(false);

      // An open stream does not keep app.close() waiting.
      const started = Date.now();
      await extra.close();
      expect(Date.now() - started).toBeLessThan(10_000);
      await other.done;
      expect(other.ended).toBe(true);
    } finally {
      await extra.close().catch(() => undefined);
    }
  }, 60_000);
});
