import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedDemo } from '../src/db/seed/demo.js';
import { claimRound, every, releaseRound } from '../src/lib/periodic.js';
import { pruneRateLimits } from '../src/lib/rate-limit-store.js';
import { backends, createScratchPostgres, createTwoInstances } from './harness.js';

/**
 * Scale-out (issue 34): two API instances on one database behave as one product. The per-IP limit and the
 * per-account throttle count tries made through either; a periodic task's round runs in one of them. On PostgreSQL
 * each instance has its own connections, as two processes would; on the embedded database they share it.
 */
describe.each(backends)('two API instances on one %s database', (backend) => {
  let databases: Database[] = [];
  let apps: App[] = [];
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ apps, databases, close } = await createTwoInstances(backend, {
      LOGIN_RATE_LIMIT_PER_MINUTE: '3',
      SIGN_IN_FAILURES_PER_ACCOUNT: '2',
    }));
  }, 120_000);
  afterAll(async () => {
    await close?.();
    apps = [];
    databases = [];
  });

  const passwordLogin = (app: App, userid: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password }, remoteAddress });

  it('counts one address’s sign-in tries through either instance against one per-IP limit', async () => {
    const [a, b] = apps as [App, App];
    const tries = [];
    for (const [i, app] of [a, b, a, b, a].entries()) {
      const res = await passwordLogin(app, `nobody.${i}`, 'wrong', '203.0.113.7');
      tries.push(res.statusCode === 429 ? res.json().extras.code : res.statusCode);
    }
    // Three a minute, wherever they land; then both instances refuse.
    expect(tries).toEqual([400, 400, 400, 'tooManyRequests', 'tooManyRequests']);
    // Another address has its own count.
    expect((await passwordLogin(b, 'nobody.x', 'wrong', '203.0.113.8')).statusCode).toBe(400);
    // Each route counts on its own, in the shared table, one row per route and address.
    const rows = (await databases[0]!.db.execute(
      sql`select key, hits from rate_limit_hits order by key`,
    )) as unknown as { rows: { key: string; hits: number }[] };
    expect(rows.rows).toEqual([
      { key: 'POST /v2/bck/vendor/password_login 203.0.113.7', hits: 5 },
      { key: 'POST /v2/bck/vendor/password_login 203.0.113.8', hits: 1 },
    ]);
    // A window that has ended is pruned (and a new hit would start a new one).
    await databases[0]!.db.execute(sql`update rate_limit_hits set reset_at = now() - interval '1 second'
      where key like '%203.0.113.7'`);
    expect(await pruneRateLimits(databases[0]!.db)).toBe(1);
    expect((await passwordLogin(a, 'nobody.y', 'wrong', '203.0.113.7')).statusCode).toBe(400);
  });

  it('counts an account’s failed passwords through either instance against one per-account limit', async () => {
    const [a, b] = apps as [App, App];
    expect((await passwordLogin(a, 'demo.menu', 'Wrong#Pass1', '198.51.100.1')).statusCode).toBe(400);
    expect((await passwordLogin(b, 'demo.menu', 'Wrong#Pass1', '198.51.100.2')).statusCode).toBe(400);
    const third = await passwordLogin(a, 'demo.menu', 'ControlDesk#2026', '198.51.100.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().extras.code).toBe('tooManyFailedSignIns');
  });

  it('runs each round of a periodic task in one instance, never two at once', async () => {
    const [dbA, dbB] = [databases[0]!.db, databases.at(-1)!.db];
    const log = { warn: (obj: object, msg: string) => console.warn(msg, obj) };
    let running = 0;
    let most = 0;
    const ran: string[] = [];
    const task = (who: string) => async () => {
      running++;
      most = Math.max(most, running);
      ran.push(who);
      // Longer than the interval: the other instance must not start the next round meanwhile.
      await new Promise((r) => setTimeout(r, 120));
      running--;
    };
    const started = Date.now();
    const stops = [
      every(dbA, 100, task('a'), log, 'scale-out test'),
      every(dbB, 100, task('b'), log, 'scale-out test'),
    ];
    await new Promise((r) => setTimeout(r, 1500));
    for (const stop of stops) await stop();
    const elapsed = Date.now() - started;
    expect(most).toBe(1);
    // Rounds follow one another (each 120 ms, due 90 ms after it began): never the two instances' ticks together.
    expect(ran.length).toBeGreaterThanOrEqual(4);
    expect(ran.length).toBeLessThanOrEqual(Math.ceil(elapsed / 120));
    const [row] = (
      (await dbA.execute(
        sql`select holder, lease_until from periodic_rounds where name = 'scale-out test'`,
      )) as unknown as { rows: { holder: string; lease_until: Date | null }[] }
    ).rows;
    expect(row?.lease_until).toBeNull();
  });

  it('leaves a round held by a process that stopped answering until its lease ends', async () => {
    const db = databases[0]!.db;
    await db.execute(sql`insert into periodic_rounds (name, next_at, lease_until, holder)
      values ('stalled', now() - interval '1 minute', now() + interval '1 minute', 'gone:1')`);
    expect(await claimRound(db, 'stalled', 1000, 'me')).toBe(false);
    await db.execute(sql`update periodic_rounds set lease_until = now() - interval '1 second' where name = 'stalled'`);
    expect(await claimRound(db, 'stalled', 1000, 'me')).toBe(true);
    // Claimed and released: not due again before its interval, whoever asks.
    await releaseRound(db, 'stalled', 'me');
    expect(await claimRound(db, 'stalled', 60_000, 'other')).toBe(false);
  });
});

/** Processes started together on an empty PostgreSQL database: one migrates and seeds, the others wait for it. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('starting together on an empty postgres database', () => {
  it('migrates and seeds once', async () => {
    const scratch = await createScratchPostgres();
    const opened: Database[] = [];
    try {
      const seeded: boolean[] = [];
      const open = () =>
        openDatabase({
          databaseUrl: scratch.url,
          dataDir: null,
          prepare: async (db) => void seeded.push(await seedDemo(db)),
        }).then((d) => opened.push(d));
      await Promise.all([open(), open(), open()]);
      expect(seeded.sort()).toEqual([false, false, true]);
      const [users] = (
        (await opened[0]!.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(users?.n).toBeGreaterThan(0);
    } finally {
      for (const d of opened) await d.close();
      await scratch.drop();
    }
  }, 120_000);
});
