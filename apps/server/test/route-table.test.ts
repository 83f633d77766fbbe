import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { createTestContext, sessionCookie, type TestContext } from './harness.js';

const PUBLIC_ROUTES = new Set([
  'POST /v2/bck/vendor/password_login',
  'POST /v2/bck/vendor/send_login_otp',
  'POST /v2/bck/vendor/login',
  'POST /v2/bck/vendor/verify_otp',
  'POST /v2/bck/vendor/logout',
  'POST /v2/bck/vendor/login_options',
  'POST /v2/bck/vendor/sso_login',
  'POST /v2/bck/vendor/sso_complete',
  'POST /v2/bck/vendor/check_sso',
  'GET /v2/bck/vendor/sso_callback',
  'GET /v2/bck/health',
  // A device pairs with the one-time code typed on it (issue 16): it has no session or token yet.
  'POST /v2/bck/device/pair',
]);

/** The ordering apps' calls (issue 13): an API key instead of a session. */
const API_KEY_ROUTES = new Set([
  'POST /v2/bck/ingest/orders',
  'PATCH /v2/bck/ingest/orders/:order_id',
  'POST /v2/bck/ingest/feedback',
  'POST /v2/bck/ingest/feedback/:feedback_id/replies',
  'POST /v2/bck/marketing/quote',
  'GET /v2/bck/loyalty/balance',
  'POST /v2/bck/loyalty/earn',
  'POST /v2/bck/loyalty/redeem',
  'POST /v2/bck/ingest/subscriptions',
  'POST /v2/bck/ingest/subscriptions/:id/change',
  'GET /v2/bck/content/documents',
  'GET /v2/bck/content/pages/:slug',
  'GET /v2/bck/content/buzzfeed',
  'POST /v2/bck/content/buzzfeed/:id/vote',
  'GET /v2/bck/content/notifications',
  'GET /v2/bck/content/banners',
  'GET /v2/bck/content/documents/:id/file',
  'POST /v2/bck/ingest/stock_update',
  'GET /v2/bck/pos/list_fooditems_plu',
]);

/** A paired device's own calls: its token, never a session. */
const DEVICE_ROUTES = new Set([
  'POST /v2/bck/device/heartbeat',
  'GET /v2/bck/device/config',
  'POST /v2/bck/device/cashier_login',
]);

/**
 * Walks the route table: every API route declared a permission (the server refuses to start otherwise);
 * every route but the sign-in calls refuses anonymous callers (401); every page route refuses a signed-in
 * user without that page (403); a read-only page refuses writes.
 */
describe('route table', () => {
  let ctx: TestContext;
  let noPagesCookie: string;

  const call = (route: { method: string; url: string }, cookie?: string) =>
    ctx.app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? '1' : 'x')),
      payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      headers: cookie ? { cookie: `cd_session=${cookie}` } : {},
    });

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    // A signed-in user who holds no page at all.
    await ctx.database.db.insert(users).values({
      userid: 'no.pages',
      name: 'No Pages',
      password_hash: await hashPassword('NoPages#2026'),
      login_types: ['password'],
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid: 'no.pages', password: 'NoPages#2026' },
    });
    noPagesCookie = sessionCookie(res)!;
  });
  afterAll(async () => ctx.close());

  it('makes only the sign-in calls public', () => {
    const publicRoutes = ctx.app.routeTable.filter((r) => r.permission === 'public').map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicRoutes)).toEqual(PUBLIC_ROUTES);
  });

  it('refuses anonymous callers on every other route with 401', async () => {
    const guarded = ctx.app.routeTable.filter((r) => r.permission !== 'public');
    expect(guarded.length).toBeGreaterThan(15);
    for (const route of guarded) {
      const res = await call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().result).toBe('failure');
    }
  });

  it('refuses a signed-in user without the page on every page route with 403', async () => {
    const pageRoutes = ctx.app.routeTable.filter((r) => typeof r.permission === 'object');
    const others = ctx.app.routeTable.filter((r) => r.permission === 'authenticated');
    // Every route is public, for any signed-in user, for an API key, or tied to a page: nothing else exists.
    expect(pageRoutes.length + others.length + PUBLIC_ROUTES.size + API_KEY_ROUTES.size + DEVICE_ROUTES.size).toBe(
      ctx.app.routeTable.length,
    );
    for (const route of pageRoutes) {
      const res = await call(route, noPagesCookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().extras.code).toBe('forbidden');
    }
  });

  it('takes an API key, never a session, on the ingest routes', async () => {
    const keyRoutes = ctx.app.routeTable.filter((r) => r.permission === 'apiKey').map((r) => `${r.method} ${r.url}`);
    expect(new Set(keyRoutes)).toEqual(API_KEY_ROUTES);
    for (const route of ctx.app.routeTable.filter((r) => r.permission === 'apiKey')) {
      const res = await call(route, noPagesCookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('keeps the API keys to administrators', async () => {
    for (const route of ctx.app.routeTable.filter((r) => r.url.startsWith('/v2/bck/api_keys'))) {
      const res = await call(route, noPagesCookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets a read-only user read a page but refuses its writes', async () => {
    await ctx.database.db
      .update(users)
      .set({ pagepermissionaccess: ['vendor'], read_only_access: ['vendor'] })
      .where(eq(users.userid, 'no.pages'));
    // A change made straight in the database reaches the kept session by notification (within milliseconds).
    await expect
      .poll(async () => (await call({ method: 'GET', url: '/v2/bck/vendor/users' }, noPagesCookie)).statusCode, {
        timeout: 5_000,
      })
      .toBe(200);
    const write = await call({ method: 'POST', url: '/v2/bck/vendor/users' }, noPagesCookie);
    expect(write.statusCode).toBe(403);
    expect(write.json().extras.code).toBe('readOnly');
  });

  it('will not start when a route forgets its permission', async () => {
    const { default: Fastify } = await import('fastify');
    const { permissionsPlugin } = await import('../src/plugins/permissions.js');
    const app = Fastify();
    await app.register(permissionsPlugin, { apiPrefix: '/v2/bck', routeTable: [] });
    await app.after();
    expect(() => app.get('/v2/bck/forgotten', async () => ({}))).toThrow(/declares no permission/);
    expect(() =>
      app.get('/v2/bck/declared', { config: { permission: 'authenticated' } }, async () => ({})),
    ).not.toThrow();
    await app.close();
  });

  it('takes a device token, never a session, on the device routes', async () => {
    const deviceRoutes = ctx.app.routeTable.filter((r) => r.permission === 'device').map((r) => `${r.method} ${r.url}`);
    expect(new Set(deviceRoutes)).toEqual(DEVICE_ROUTES);
    for (const route of ctx.app.routeTable.filter((r) => r.permission === 'device')) {
      const res = await call(route, noPagesCookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
