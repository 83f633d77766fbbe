import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINE_PERMISSION_KEYS, PAGE_PERMISSION_KEYS } from '@cd/core';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';
import { makeFixtures } from './isolation/fixtures.js';

/**
 * Issue 32's findings, each as it was reported, on both databases: a user whose only site is Acme's Atrium (every
 * page) and an API key limited to Globex's London food courts reach nothing of the other client.
 */
describe.each(backends)('the isolation findings on %s', (backend) => {
  let ctx: TestContext;
  let user = '';
  let key = '';
  const q = async <T>(query: ReturnType<typeof sql>) =>
    ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const asUser = (method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url: `/v2/bck${url}`,
      payload: payload as Record<string, unknown>,
      headers: { cookie: `cd_session=${user}` },
    });
  const asKey = (method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url: `/v2/bck${url}`,
      payload: payload as Record<string, unknown>,
      headers: { authorization: `Bearer ${key}` },
    });
  const refused = (status: number) => [400, 403, 404].includes(status);

  beforeAll(async () => {
    ctx = await createTestContext(backend, {
      env: { OUTBOUND_ALLOW_HOSTS: 'pos-ldn.example.test,pos-blr.example.test' },
    });
    await ctx.database.db.insert(users).values({
      userid: 'repro.atrium',
      name: 'Atrium Only',
      password_hash: await hashPassword('Repro#2026-atrium'),
      login_types: ['password'],
      pagepermissionaccess: [...PAGE_PERMISSION_KEYS],
      permissions: [...FINE_PERMISSION_KEYS],
      sites: { locations: [], foodcourts: ['fc-blr-atrium'], restaurants: [] },
    });
    const signIn = async (userid: string, password: string) =>
      sessionCookie(
        await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
      )!;
    user = await signIn('repro.atrium', 'Repro#2026-atrium');
    const admin = await signIn('demo.admin', 'ControlDesk#2026');
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/api_keys',
      headers: { cookie: `cd_session=${admin}` },
      payload: { api_client: 'repro-london', foodcourts: ['fc-ldn-river', 'fc-ldn-hub'] },
    });
    key = made.json().key;
    expect(
      await makeFixtures(ctx.app, ctx.database.db, admin, [
        { restaurant: 'fc-ldn-river:noodle_house', foodcourt: 'fc-ldn-river', client: 'globex', tag: 'LDN' },
        { restaurant: 'fc-blr-atrium:spice_route', foodcourt: 'fc-blr-atrium', client: 'acme', tag: 'BLR' },
      ]),
    ).toEqual([]);
  }, 180_000);
  afterAll(async () => ctx?.close());

  it('SAP posting rules: none made for, and none listed of, another client', async () => {
    const before = await q<{ n: number }>(sql`select count(*)::int as n from sap_rules`);
    const res = await asUser('POST', '/sap-inflow/rules', {
      kind: 'sales',
      client: 'globex',
      restaurant: 'fc-ldn-hub:coffee_lab',
      gl_account: '999999',
    });
    expect(refused(res.statusCode), res.body).toBe(true);
    expect(await q<{ n: number }>(sql`select count(*)::int as n from sap_rules`)).toEqual(before);
    const listed = await asUser('GET', '/sap-inflow/rules');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('globex');
    expect(listed.body).not.toContain('fc-ldn');
  });

  it('loyalty: a London key neither redeems nor reads balances of Acme customers', async () => {
    const [acme] = await q<{ id: number; customer_ref: string; balance: number }>(
      sql`select r.id, a.customer_ref, a.balance from loyalty_rewards r
          join loyalty_accounts a on a.program_id = r.program_id
          join loyalty_programs p on p.id = r.program_id
          where p.foodcourts ? 'fc-blr-atrium' limit 1`,
    );
    const redeem = await asKey('POST', '/loyalty/redeem', { customer_ref: acme!.customer_ref, reward_id: acme!.id });
    expect(refused(redeem.statusCode), redeem.body).toBe(true);
    expect(redeem.body).not.toContain('Points BLR');
    const balance = await asKey('GET', `/loyalty/balance?customer_ref=${acme!.customer_ref}`);
    expect(balance.body).not.toContain('Points BLR');
    expect(
      await q<{ balance: number }>(
        sql`select balance from loyalty_accounts where customer_ref = ${acme!.customer_ref}`,
      ),
    ).toContainEqual({ balance: acme!.balance });
  });

  it('subscriptions: a London key neither pauses nor cancels an Acme subscription', async () => {
    const [sub] = await q<{ id: number; version: number }>(
      sql`select s.id, s.version from subscriptions s join subscription_plans p on p.id = s.plan_id
          where p.restaurant like 'fc-blr-atrium:%' limit 1`,
    );
    const from = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    for (const action of ['pause', 'cancel']) {
      const res = await asKey('POST', `/ingest/subscriptions/${sub!.id}/change`, { action, from });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await q(sql`select version from subscriptions where id = ${sub!.id}`)).toEqual([{ version: sub!.version }]);
  });

  it('content: a London key reads no Acme post, banner or page, and votes in no Acme poll', async () => {
    const feed = await asKey('GET', '/content/buzzfeed?foodcourt=fc-blr-atrium');
    expect(feed.body).not.toContain('News BLR');
    const banners = await asKey('GET', '/content/banners?foodcourt=fc-blr-atrium&slot=app_home&channel=app');
    expect(banners.body).not.toContain('Banner BLR');
    const page = await asKey('GET', '/content/pages/iso-blr?foodcourt=fc-blr-atrium');
    expect(refused(page.statusCode)).toBe(true);
    expect(page.body).not.toContain('Page BLR');
    const [post] = await q<{ id: number }>(sql`select id from news_posts where title = 'News BLR'`);
    const vote = await asKey('POST', `/content/buzzfeed/${post!.id}/vote`, { customer_ref: 'ISO-VOTER', option: 0 });
    expect(refused(vote.statusCode), vote.body).toBe(true);
    expect(await q(sql`select * from poll_votes where post_id = ${post!.id}`)).toEqual([]);
    // Their own content they do read.
    expect((await asKey('GET', '/content/buzzfeed?foodcourt=fc-ldn-river')).body).toContain('News LDN');
  });

  it('customer groups: no count of another site’s customers, no list of its groups', async () => {
    const count = await asUser('POST', '/groups/count', { rule: { foodcourts: ['fc-ldn-river'], days: 365 } });
    expect(refused(count.statusCode), count.body).toBe(true);
    const list = await asUser('GET', '/groups?page_size=100');
    expect(list.body).not.toContain('Group LDN');
    expect(list.body).toContain('Group BLR');
  });

  it('clients: a user is told only of the clients of their own sites', async () => {
    const res = await asUser('GET', '/vendor/clients');
    expect(res.statusCode).toBe(200);
    expect(res.json().clients.map((c: { client: string }) => c.client)).toEqual(['acme']);
  });
});
