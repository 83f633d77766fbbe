import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINE_PERMISSION_KEYS, PAGE_PERMISSION_KEYS } from '@cd/core';
import { apiKeys, apiKeyUsage, auditLog, users } from '../src/db/schema/index.js';
import { pruneApiKeyUsage } from '../src/modules/api-keys/api-keys.service.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const order = (order_number: string) => ({
  order_number,
  restaurant: 'fc-blr-atrium:spice_route',
  channel: 'kiosk',
  order_type: 'dine_in',
  placed_at: '2026-11-20T12:41:07+05:30',
  lines: [{ foodid: 'spice_route_masala_chai', name: 'Masala Chai', quantity: 1, unit_price: 40, tax: 1.9 }],
  total: 40,
  payments: [{ tender: 'card', amount: 40 }],
});

/** Issue 36 point 1: the API keys page's calls — list with use, rotate with a grace period, revoke. */
describe.each(backends)('API keys on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;

  const signIn = async (userid: string) =>
    sessionCookie(
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/vendor/password_login',
        payload: { userid, password: 'ControlDesk#2026' },
      }),
    )!;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx.app.inject({ method, url: `/v2/bck/${url}`, headers: { cookie: `cd_session=${cookie}` }, payload });
  /** As an ordering app calls it: no cookie, no Origin. */
  const ingest = (key: string, n: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      payload: order(n),
      headers: { origin: '', 'x-api-key': key },
    });
  const listed = async (id: number) => {
    const res = await call('GET', 'api_keys?page_size=100');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().api_keys as { id: number }[]).find((k) => k.id === id) as Record<string, unknown>;
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
  });
  afterAll(async () => ctx.close());

  it('lists a used key with its food courts by name, last use and calls; rotates with grace; revokes', async () => {
    const made = await call('POST', 'api_keys', { api_client: 'kiosk-keys', foodcourts: ['fc-blr-atrium'] });
    expect(made.statusCode, made.body).toBe(200);
    const key = made.json().key as string;
    const id = made.json().api_key.id as number;
    expect(made.json().api_key).toMatchObject({ status: 'active', calls_24h: 0, last_used_at: null });
    expect(made.json().api_key.foodcourt_names).toEqual([expect.not.stringMatching(/^fc-/)]);

    expect((await ingest(key, 'K-1')).statusCode).toBe(200);
    expect((await ingest(key, 'K-2')).statusCode).toBe(200);
    const used = await listed(id);
    expect(used).toMatchObject({ status: 'active', calls_24h: 2, created_by: 'demo.admin' });
    expect(used.last_used_at).not.toBeNull();
    expect(used.foodcourt_names).toEqual(made.json().api_key.foodcourt_names);

    // Rotate with a grace period of a second: both keys work, then the old one is refused.
    const rotated = await call('POST', `api_keys/${id}/rotate`, { grace_seconds: 1 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newKey = rotated.json().key as string;
    const newId = rotated.json().api_key.id as number;
    expect(newKey).not.toBe(key);
    expect(rotated.json().api_key).toMatchObject({ api_client: 'kiosk-keys', foodcourts: ['fc-blr-atrium'] });
    expect(rotated.json().replaced).toMatchObject({ id, status: 'expiring', replaced_by: newId });
    expect((await ingest(key, 'K-3')).statusCode).toBe(200);
    expect((await ingest(newKey, 'K-4')).statusCode).toBe(200);
    // A rotated key is not rotated twice.
    expect((await call('POST', `api_keys/${id}/rotate`, { grace_seconds: 0 })).statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await ingest(key, 'K-5')).statusCode).toBe(401);
    expect((await ingest(newKey, 'K-5')).statusCode).toBe(200);
    expect(await listed(id)).toMatchObject({ status: 'revoked', calls_24h: 3 });
    expect(
      (await call('GET', 'api_keys?status=active&page_size=100')).json().api_keys.map((k: { id: number }) => k.id),
    ).not.toContain(id);

    const revoked = await call('DELETE', `api_keys/${newId}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().api_key).toMatchObject({ status: 'revoked', revoked_by: 'demo.admin', calls_24h: 2 });
    expect((await ingest(newKey, 'K-6')).statusCode).toBe(401);

    const trail = await ctx.database.db
      .select({ action: auditLog.action, entityId: auditLog.entity_id })
      .from(auditLog)
      .where(eq(auditLog.entity, 'api_key'));
    expect(trail).toEqual(
      expect.arrayContaining([
        { action: 'create', entityId: String(id) },
        { action: 'rotate', entityId: String(id) },
        { action: 'create', entityId: String(newId) },
        { action: 'revoke', entityId: String(newId) },
      ]),
    );
    expect(JSON.stringify(trail)).not.toContain(newKey);
  });

  it('refuses an old key at once when rotated without grace, and after its expiry', async () => {
    const made = await call('POST', 'api_keys', { api_client: 'pos-keys' });
    const key = made.json().key as string;
    const id = made.json().api_key.id as number;
    expect((await ingest(key, 'P-1')).statusCode).toBe(200);
    const rotated = await call('POST', `api_keys/${id}/rotate`, { grace_seconds: 0 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().replaced).toMatchObject({ status: 'revoked', revoked_by: 'demo.admin' });
    expect((await ingest(key, 'P-2')).statusCode).toBe(401);

    // A grace of a week whose end is moved into the past (as if the week had gone by): refused.
    const newKey = rotated.json().key as string;
    const week = await call('POST', `api_keys/${rotated.json().api_key.id}/rotate`, { grace_seconds: 604_800 });
    expect(week.json().replaced.expires_at).toBeTruthy();
    await ctx.database.db
      .update(apiKeys)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, rotated.json().api_key.id));
    expect((await ingest(newKey, 'P-3')).statusCode).toBe(401);
    const status = await listed(rotated.json().api_key.id);
    expect(status.status).toBe('revoked');
    expect((await call('POST', `api_keys/${id}/rotate`, { grace_seconds: 0 })).statusCode).toBe(409);
    expect((await call('POST', 'api_keys/999999/rotate', { grace_seconds: 0 })).statusCode).toBe(404);
    expect((await call('POST', `api_keys/${id}/rotate`, { grace_seconds: 604_801 })).statusCode).toBe(400);
    expect(newKey).toMatch(/^cdk_/);
  });

  it('refuses every API key call to a user who is not an administrator, whatever pages and sites they hold', async () => {
    await ctx.database.db.insert(users).values({
      userid: 'keys.manager',
      name: 'Acme User Manager',
      password_hash: await hashPassword('ControlDesk#2026'),
      login_types: ['password'],
      pagepermissionaccess: [...PAGE_PERMISSION_KEYS],
      permissions: [...FINE_PERMISSION_KEYS],
      sites: { locations: [], foodcourts: ['fc-blr-atrium'], restaurants: [] },
    });
    const scoped = await signIn('keys.manager');
    const made = await call('POST', 'api_keys', { api_client: 'kiosk-river', foodcourts: ['fc-ldn-river'] });
    const id = made.json().api_key.id as number;
    for (const cookie of [scoped, await signIn('demo.menu')]) {
      expect((await call('GET', 'api_keys', undefined, cookie)).statusCode).toBe(403);
      expect((await call('POST', 'api_keys', { api_client: 'x' }, cookie)).statusCode).toBe(403);
      expect((await call('POST', `api_keys/${id}/rotate`, { grace_seconds: 0 }, cookie)).statusCode).toBe(403);
      expect((await call('DELETE', `api_keys/${id}`, undefined, cookie)).statusCode).toBe(403);
    }
    const still = await ctx.database.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id)));
    expect(still[0]).toMatchObject({ revoked_at: null, expires_at: null });
  });
  it('forgets call counts older than two days (the sweep), keeping the last day', async () => {
    const made = await call('POST', 'api_keys', { api_client: 'kiosk-prune', foodcourts: ['fc-blr-atrium'] });
    const id = made.json().api_key.id as number;
    const hourAgo = new Date(Date.now() - 3_600_000);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await ctx.database.db.insert(apiKeyUsage).values([
      { api_key_id: id, hour: hourAgo, calls: 5 },
      { api_key_id: id, hour: threeDaysAgo, calls: 7 },
    ]);
    await pruneApiKeyUsage(ctx.database.db);
    const left = await ctx.database.db.select().from(apiKeyUsage).where(eq(apiKeyUsage.api_key_id, id));
    expect(left.map((r) => r.calls)).toEqual([5]);
    expect((await listed(id)).calls_24h).toBe(5);
  });
});
