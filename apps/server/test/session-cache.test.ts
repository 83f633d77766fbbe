import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { backends, createTwoInstances, sessionCookie } from './harness.js';

/**
 * Sessions kept in memory (issue 34, modules/auth/session.store.ts): a busy user's requests do not each read their
 * session, and yet no change waits for the keeping time (set to a minute here, so only the notifications can
 * explain what the tests see). Two API instances on one database, as two processes behind a proxy.
 */
describe.each(backends)('kept sessions on %s', (backend) => {
  let databases: Database[] = [];
  let apps: App[] = [];
  let close: (() => Promise<void>) | undefined;
  let admin = '';

  beforeAll(async () => {
    ({ apps, databases, close } = await createTwoInstances(backend, { SESSION_CACHE_SECONDS: '60' }));
    admin = await signIn(apps[1]!, 'demo.admin', 'ControlDesk#2026');
    const made = await call(apps[1]!, 'POST', '/vendor/users', admin, {
      userid: 'kept.cashier',
      name: 'Kept Cashier',
      phone: '',
      email: '',
      password: 'Cashier#2026',
      login_types: ['password'],
      only_sso_login: false,
      mfa_enabled: false,
      admin: false,
      status: 'active',
      pagepermissionaccess: ['restaurant'],
      permissions: [],
      read_only_access: [],
      sites: { locations: [], foodcourts: [], restaurants: ['fc-blr-atrium:spice_route'] },
    });
    expect(made.statusCode, made.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await close?.();
    apps = [];
    databases = [];
  });

  async function signIn(app: App, userid: string, password: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res)!;
  }
  const call = (app: App, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });
  const restaurants = (app: App, cookie: string) => call(app, 'GET', '/vendor/restaurant?page=1&page_size=25', cookie);

  /** The status the request answers once it differs from `from`, polling for up to 5 s. */
  async function statusAfterChange(ask: () => Promise<{ statusCode: number }>, from: number) {
    const until = Date.now() + 5_000;
    for (;;) {
      const { statusCode } = await ask();
      if (statusCode !== from || Date.now() > until) return statusCode;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('ends a kept session at once when its user is made inactive by any code, in every instance', async () => {
    const [a] = apps as [App, App];
    const cookie = await signIn(a, 'kept.cashier', 'Cashier#2026');
    expect((await restaurants(a, cookie)).statusCode).toBe(200);
    // Kept: the session row can go without instance A reading it again…
    const started = Date.now();
    // …but a change made straight in the database (no API call of A's) reaches A by notification.
    await databases.at(-1)!.db.execute(sql`update users set status = 'inactive' where userid = 'kept.cashier'`);
    expect(await statusAfterChange(() => restaurants(a, cookie), 200)).toBe(401);
    expect(Date.now() - started).toBeLessThan(5_000);
    await databases.at(-1)!.db.execute(sql`update users set status = 'active' where userid = 'kept.cashier'`);
  });

  it('refuses a session signed out through the other instance', async () => {
    const [a, b] = apps as [App, App];
    const cookie = await signIn(a, 'kept.cashier', 'Cashier#2026');
    expect((await restaurants(a, cookie)).statusCode).toBe(200);
    expect((await call(b, 'POST', '/vendor/logout', cookie, {})).statusCode).toBe(200);
    expect(await statusAfterChange(() => restaurants(a, cookie), 200)).toBe(401);
  });

  it('applies a change of pages made through the same instance to the very next request', async () => {
    const [a] = apps as [App, App];
    const cookie = await signIn(a, 'kept.cashier', 'Cashier#2026');
    expect((await restaurants(a, cookie)).statusCode).toBe(200);
    const adminOnA = await signIn(a, 'demo.admin', 'ControlDesk#2026');
    const { user } = (await call(a, 'GET', '/vendor/users/kept.cashier', adminOnA)).json();
    const saved = await call(a, 'PUT', '/vendor/users/kept.cashier', adminOnA, {
      ...user,
      pagepermissionaccess: ['location'],
      version: user.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // No waiting: the change was this instance's own.
    expect((await restaurants(a, cookie)).statusCode).toBe(403);
  });

  it('keeps reading a busy session from memory: its row can change under it only by notification', async () => {
    const [a] = apps as [App, App];
    const cookie = await signIn(a, 'kept.cashier', 'Cashier#2026');
    // (The user holds only the organisations page since the test before: the restaurant list answers 403.)
    expect((await restaurants(a, cookie)).statusCode).toBe(403);
    // Move the session's expiry without a trigger's notification (sessions are notified on delete only): a kept
    // session is still served, which shows the read came from memory…
    await databases.at(-1)!.db.execute(sql`update sessions set expires_at = now() - interval '1 minute'`);
    expect((await restaurants(a, cookie)).statusCode).toBe(403);
    // …while a session A never read is checked in the database.
    const fresh = await signIn(apps[1]!, 'kept.cashier', 'Cashier#2026');
    await databases.at(-1)!.db.execute(sql`update sessions set expires_at = now() - interval '1 minute'`);
    expect((await restaurants(a, fresh)).statusCode).toBe(401);
  });
});
