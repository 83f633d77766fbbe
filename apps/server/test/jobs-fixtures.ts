import type { LightMyRequestResponse } from 'fastify';
import type { BackgroundJob } from '@cd/core';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { createTestContext, sessionCookie, type Backend, type TestContext } from './harness.js';

export type SseEvent = { id?: number; event: string; data: unknown };

/** Reads a Server-Sent Events stream with fetch (inject cannot stream) and parses its frames. */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let retry: number | undefined;
  let ended = false;
  const waker: { wake: (() => void) | null } = { wake: null };
  const pump = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: Partial<SseEvent> & { event?: string } = {};
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === '') comments.push(value);
            else if (field === 'id') e.id = Number(value);
            else if (field === 'event') e.event = value;
            else if (field === 'data') e.data = JSON.parse(value);
            else if (field === 'retry') retry = Number(value);
          }
          if (e.event) events.push(e as SseEvent);
        }
        waker.wake?.();
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      waker.wake?.();
    }
  })();
  const waitFor = async (pred: (events: SseEvent[]) => boolean, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    while (!pred(events)) {
      if (ended) throw new Error(`stream ended; got ${JSON.stringify(events)}`);
      if (Date.now() > until) throw new Error(`timed out; got ${JSON.stringify(events)}`);
      await new Promise<void>((r) => {
        waker.wake = r;
        setTimeout(r, 100);
      });
    }
    return events;
  };
  return {
    res,
    events,
    comments,
    get retry() {
      return retry;
    },
    get ended() {
      return ended;
    },
    waitFor,
    close: async () => {
      controller.abort();
      await pump;
    },
    done: pump,
  };
}

export type Caller = (method: string, url: string, payload?: object) => Promise<LightMyRequestResponse>;

export const JOBS_ENV = { JOBS_TEST_HANDLERS: '1', JOBS_POLL_SECONDS: '0.5' };

/** A test context with the job system's test handlers, and two signed-in users. */
export async function jobsTestContext(backend: Backend, env: Record<string, string> = {}) {
  const ctx: TestContext = await createTestContext(backend, { env: { ...JOBS_ENV, ...env } });
  const signIn = async (userid: string, password: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid, password },
    });
    const cookie = sessionCookie(res);
    if (!cookie) throw new Error(`could not sign in ${userid}: ${res.body}`);
    return cookie;
  };
  const caller =
    (cookie: string): Caller =>
    (method, url, payload) =>
      ctx.app.inject({
        method: method as 'GET',
        url: `/v2/bck${url}`,
        payload,
        headers: { cookie: `cd_session=${cookie}` },
      });
  await ctx.database.db.insert(users).values({
    userid: 'jobs.other',
    name: 'Other',
    password_hash: await hashPassword('JobsTest#2026'),
    login_types: ['password'],
    pagepermissionaccess: [],
    read_only_access: [],
    permissions: [],
    sites: { locations: [], foodcourts: [], restaurants: [] },
  });
  const adminCookie = await signIn('demo.admin', 'ControlDesk#2026');
  const otherCookie = await signIn('jobs.other', 'JobsTest#2026');
  const admin = caller(adminCookie);
  const jobOf = async (id: string, as = admin): Promise<BackgroundJob | undefined> =>
    ((await as('GET', '/backgroundjobs')).json().data as BackgroundJob[]).find((j) => j.id === id);
  const waitJob = async (id: string, pred: (j: BackgroundJob) => boolean, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const job = await jobOf(id);
      if (job && pred(job)) return job;
      if (Date.now() > until) throw new Error(`job ${id} did not reach the state: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    ctx,
    adminCookie,
    otherCookie,
    admin,
    other: caller(otherCookie),
    jobOf,
    waitJob,
    enqueue: async (body: object = {}, as = admin): Promise<BackgroundJob> => {
      const res = await as('POST', '/test/jobs', body);
      if (res.statusCode !== 200) throw new Error(`enqueue failed: ${res.body}`);
      return res.json().job;
    },
    close: () => ctx.close(),
  };
}

/** Tests that start server processes take their PostgreSQL database from the harness. */
export { createScratchPostgres } from './harness.js';
