import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.js';

/**
 * Walks the route table: every API route declared a permission (the server refuses to start otherwise),
 * and every route that is not a sign-in call refuses an anonymous caller with 401.
 */
describe('route table', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(async () => ctx.close());

  it('lists the sign-in calls as the only public routes', () => {
    const publicRoutes = ctx.app.routeTable.filter((r) => r.permission === 'public').map((r) => `${r.method} ${r.url}`);
    for (const route of publicRoutes) {
      expect(route).toMatch(
        /^(POST \/v2\/bck\/vendor\/(password_login|send_login_otp|login|verify_otp|logout|login_options|sso_login|sso_complete|check_sso)|GET \/v2\/bck\/(vendor\/sso_callback|health))$/,
      );
    }
  });

  it('refuses anonymous callers on every other route', async () => {
    const guarded = ctx.app.routeTable.filter((r) => r.permission !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, 'x');
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().result).toBe('failure');
    }
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
});
