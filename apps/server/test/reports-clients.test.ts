import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

/** Acme's (INR, Bengaluru) and Globex's (GBP, London) restaurants; both clients list a report `daily_sales`. */
const ACME_REST = 'fc-blr-atrium:spice_route';
const GLOBEX_REST = 'fc-ldn-river:noodle_house';
const DAY = '2031-06-02';
const PERIOD = { from: '2031-06-01', to: '2031-06-07' };

type Listed = { client: string; key: string; label: string; kind: string };
type Row = Record<string, string | number | null>;

/**
 * Issue 33: a report belongs to the client whose list names it. Acme's and Globex's "Daily sales" are two reports,
 * each over its own client's restaurants in one currency; a bare key listed by both is never run over both.
 */
describe.each(backends)('reports of several clients on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let reader: string;

  const signIn = async (userid: string) =>
    sessionCookie(
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/vendor/password_login',
        payload: { userid, password: 'ControlDesk#2026' },
      }),
    )!;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });
  const run = (report: string, extra: object = {}, cookie = admin) =>
    call('POST', '/reports/run', { report, ...PERIOD, ...extra }, cookie);
  const currencies = (answer: { rows: Row[]; totals: Row[] }) => [
    ...new Set([...answer.rows, ...answer.totals].map((r) => r.currency)),
  ];

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    reader = await signIn('demo.reports');
    const key = (await call('POST', '/api_keys', { api_client: 'reports-clients-test' })).json().key as string;
    const ingest = async (restaurant: string, order_number: string, unit_price: number) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/ingest/orders',
        headers: { origin: '', authorization: `Bearer ${key}` },
        payload: {
          restaurant,
          order_number,
          channel: 'app',
          order_type: 'takeaway',
          status: 'completed',
          business_date: DAY,
          lines: [{ foodid: 'rc_tea', name: 'Tea', quantity: 1, unit_price }],
          payments: [{ tender: 'card', amount: unit_price }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await ingest(ACME_REST, 'RC-ACME', 100);
    await ingest(GLOBEX_REST, 'RC-GLOBEX', 40);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it("shows an administrator Acme's and Globex's Daily sales as two reports, each in its client's currency", async () => {
    const list = (await call('GET', '/reports')).json().reports as Listed[];
    expect(list.filter((r) => r.label.startsWith('Daily sales'))).toEqual([
      {
        client: 'acme',
        group: 'generalReport',
        key: 'acme:daily_sales',
        label: 'Daily sales · Acme Technologies',
        kind: 'sales_by_day',
      },
      {
        client: 'globex',
        group: 'generalReport',
        key: 'globex:daily_sales',
        label: 'Daily sales · Globex Corporation',
        kind: 'sales_by_day',
      },
    ]);
    expect(new Set(list.map((r) => r.key)).size).toBe(list.length);

    const acme = await run('acme:daily_sales');
    expect(acme.statusCode, acme.body).toBe(200);
    expect(acme.json().report).toEqual({
      key: 'acme:daily_sales',
      label: 'Daily sales · Acme Technologies',
      kind: 'sales_by_day',
    });
    expect(currencies(acme.json())).toEqual(['INR']);
    expect(acme.json().totals).toEqual([expect.objectContaining({ currency: 'INR', orders: 1, net: 100 })]);

    const globex = await run('globex:daily_sales');
    expect(globex.statusCode, globex.body).toBe(200);
    expect(currencies(globex.json())).toEqual(['GBP']);
    expect(globex.json().totals).toEqual([expect.objectContaining({ currency: 'GBP', orders: 1, net: 40 })]);

    // Another client's restaurant is not read by a client's report.
    const across = await run('globex:daily_sales', { restaurants: [ACME_REST] });
    expect(across.statusCode, across.body).toBe(200);
    expect(across.json().rows).toEqual([]);
    expect((await run('initech:daily_sales')).statusCode).toBe(403);
  });

  it('refuses a bare key listed by both clients unless the restaurants read are one client’s', async () => {
    const both = await run('daily_sales');
    expect(both.statusCode).toBe(400);
    expect(both.json().extras).toMatchObject({
      code: 'reportAmbiguous',
      field: 'report',
      reports: ['acme:daily_sales', 'globex:daily_sales'],
    });
    expect(both.json().message).toContain('listed by more than one client');
    // An older link naming a Globex restaurant: the answer is Globex's report, exactly what it showed before.
    const london = await run('daily_sales', { restaurants: [GLOBEX_REST] });
    expect(london.statusCode, london.body).toBe(200);
    expect(london.json().report.key).toBe('globex:daily_sales');
    expect(currencies(london.json())).toEqual(['GBP']);
    expect((await run('daily_sales', { restaurants: [ACME_REST, GLOBEX_REST] })).statusCode).toBe(400);
    const exported = await call('POST', '/reports/export', { report: 'daily_sales', ...PERIOD, format: 'csv' });
    expect(exported.statusCode).toBe(400);
    // Built-in reports are no client's.
    expect((await run('production_planning', { restaurants: [ACME_REST] })).statusCode).toBe(200);
  });

  it("shows a user of one client that client's reports only, without its name, and runs the bare key", async () => {
    const list = (await call('GET', '/reports', undefined, reader)).json().reports as Listed[];
    expect(list.map((r) => [r.key, r.label])).toEqual([
      ['acme:daily_sales', 'Daily sales'],
      ['acme:sales_summary', 'Sales summary'],
    ]);
    const bare = await run('daily_sales', {}, reader);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().report.key).toBe('acme:daily_sales');
    expect(currencies(bare.json())).toEqual(['INR']);
    const other = await run('globex:daily_sales', {}, reader);
    expect(other.statusCode).toBe(403);
    expect(other.json().extras.code).toBe('reportNotAllowed');
  });

  it('keeps a schedule by the report id, and resolves a bare key saved before by the same rule', async () => {
    const created = await call('POST', '/reports/subscriptions', {
      report: 'daily_sales',
      period: 'last_7_days',
      frequency: 'daily',
      hour: 6,
      format: 'csv',
      restaurants: [ACME_REST],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().subscription).toMatchObject({
      report: 'acme:daily_sales',
      label: 'Daily sales · Acme Technologies',
    });
    const ambiguous = await call('POST', '/reports/subscriptions', {
      report: 'daily_sales',
      period: 'last_7_days',
      frequency: 'daily',
    });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().extras.code).toBe('reportAmbiguous');
    const all = await call('POST', '/reports/subscriptions', {
      report: 'globex:daily_sales',
      period: 'last_7_days',
      frequency: 'daily',
      hour: 6,
      format: 'csv',
    });
    expect(all.statusCode, all.body).toBe(200);

    // Both as schedules saved before issue 33 would hold them: bare keys and labels.
    const ids = [created.json().subscription.id as number, all.json().subscription.id as number];
    await ctx.database.db.execute(
      sql`update report_subscriptions set report = 'daily_sales', label = 'Daily sales'
          where id in (${ids[0]}, ${ids[1]})`,
    );
    // Sunday 8 June 2031, 06:00: the last 7 days are 1–7 June.
    expect(await ctx.app.reportScheduler.runDue(new Date('2031-06-08T06:00:00Z'))).toBe(1);
    const listed = (await call('GET', '/reports/subscriptions')).json().subscriptions as {
      id: number;
      report: string;
      label: string;
      last_error: string | null;
    }[];
    const [acme, globex] = ids.map((id) => listed.find((s) => s.id === id)!);
    // Acme's restaurant only: resolved to Acme's report, and kept by its id from now on.
    expect(acme).toMatchObject({
      report: 'acme:daily_sales',
      label: 'Daily sales · Acme Technologies',
      last_error: null,
    });
    // Every restaurant: it would mix the clients, so it is not sent and the user is told why.
    expect(globex).toMatchObject({ report: 'daily_sales' });
    expect(globex!.last_error).toContain('listed by more than one client');
    const outbox = fs.readFileSync(path.join(ctx.dataDir, 'outbox.log'), 'utf8').trim().split('\n');
    expect(outbox).toHaveLength(1);
    const csv = fs.readFileSync(outbox[0]!.match(/attachment=(\S+)/)![1]!, 'utf8');
    expect(csv).toContain(`${DAY},INR,1`);
    expect(csv).not.toContain('GBP');
  });
});
