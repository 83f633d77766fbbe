import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_KINDS, type BackgroundJob } from '@cd/core';
import { compactRollups, rebuildRollups } from '../src/modules/reports/rollups.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';
import { neutralised, TRIMMED_FORMULA_NAMES } from './csv-fixtures.js';
import { openEventStream } from './jobs-fixtures.js';

const REST = 'fc-ldn-river:noodle_house';
const FROM = '2031-03-01';
const TO = '2031-03-07';

/**
 * Issue 14 point 3: orders with known totals give exactly those totals in every report and the dashboard, also
 * after a refund, a cancellation and a payment added later; the rollups equal a rebuild from the orders.
 */
describe.each(backends)('reports on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let key: string;

  const signIn = async (userid: string) =>
    sessionCookie(
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/vendor/password_login',
        payload: { userid, password: 'ControlDesk#2026' },
      }),
    )!;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });
  const ingest = async (payload: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      headers: { origin: '', authorization: `Bearer ${key}` },
      payload: { restaurant: REST, ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order.order_id as number;
  };
  const update = async (id: number, payload: object) => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/bck/ingest/orders/${id}`,
      headers: { origin: '', authorization: `Bearer ${key}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const run = async (report: string, extra: object = {}, cookie = admin) => {
    const res = await call(
      'POST',
      '/reports/run',
      { report, from: FROM, to: TO, restaurants: [REST], ...extra },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Waits for a background task to end. */
  const finished = async (id: string): Promise<BackgroundJob> => {
    let job: BackgroundJob | undefined;
    for (let i = 0; i < 150; i++) {
      job = ((await call('GET', '/backgroundjobs')).json().data as BackgroundJob[]).find((j) => j.id === id);
      if (job && job.status !== 'in_progress') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`task ${id} did not end: ${JSON.stringify(job)}`);
  };
  /** Points a report key of Globex (Noodle House's client) at a kind, as an administrator would. */
  const defineReports = async (lists: Record<string, Record<string, { label: string; kind?: string }>>) => {
    const defs = (await call('GET', '/reports/definitions')).json().clients as { client: string; version: number }[];
    const globex = defs.find((c) => c.client === 'globex')!;
    const res = await call('PUT', '/reports/definitions/globex', {
      version: globex.version,
      reportListJSON: { generalReport: {}, standardSalesReport: {}, standardItemWiseReport: {}, ...lists },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { JOBS_POLL_SECONDS: '0.5' } });
    admin = await signIn('demo.admin');
    key = (await call('POST', '/api_keys', { api_client: 'reports-test' })).json().key;
    // A: 3 × 100 + 1 × 50, 20 off, 5 delivery charge, paid 335 by card; 1 unit of the 100 line refunded later.
    const a = await ingest({
      order_number: 'RPT-A',
      channel: 'app',
      order_type: 'takeaway',
      status: 'completed',
      session: 'Lunch',
      business_date: '2031-03-02',
      placed_at: '2031-03-02T12:10:00Z',
      discount: 20,
      charges: 5,
      lines: [
        { foodid: 'rpt_ramen', name: 'Ramen', quantity: 3, unit_price: 100, tax: 15 },
        { foodid: 'rpt_gyoza', name: 'Gyoza', quantity: 1, unit_price: 50, tax: 2.5 },
      ],
      payments: [{ tender: 'card', amount: 335 }],
    });
    // B: 2 × 40 with an option, paid cash.
    await ingest({
      order_number: 'RPT-B',
      channel: 'kiosk',
      order_type: 'dine_in',
      status: 'completed',
      session: 'Dinner',
      business_date: '2031-03-02',
      placed_at: '2031-03-02T19:30:00Z',
      lines: [
        {
          foodid: 'rpt_gyoza',
          name: 'Gyoza',
          quantity: 2,
          unit_price: 40,
          options: [{ name: 'Chilli oil', group: 'Extras', price: 5 }],
        },
      ],
      payments: [{ tender: 'cash', amount: 80 }],
    });
    // C: cancelled after it was placed; counts only as cancelled.
    const c = await ingest({
      order_number: 'RPT-C',
      channel: 'app',
      order_type: 'takeaway',
      status: 'placed',
      session: 'Lunch',
      business_date: '2031-03-03',
      placed_at: '2031-03-03T12:00:00Z',
      lines: [{ foodid: 'rpt_ramen', name: 'Ramen', quantity: 1, unit_price: 70 }],
    });
    await update(c, { status: 'cancelled' });
    // D: placed unpaid, paid in cash and completed later.
    const d = await ingest({
      order_number: 'RPT-D',
      channel: 'pos',
      order_type: 'takeaway',
      status: 'placed',
      session: 'Breakfast',
      business_date: '2031-03-03',
      placed_at: '2031-03-03T08:00:00Z',
      lines: [{ foodid: 'rpt_tea', name: 'Tea', quantity: 1, unit_price: 60 }],
    });
    await update(d, { status: 'completed', payments: [{ tender: 'cash', amount: 60 }] });
    const lines = (await call('GET', `/orders/${a}`)).json().order.lines as { line_id: number }[];
    const refund = await call('POST', `/orders/${a}/refunds`, {
      kind: 'lines',
      lines: [{ line_id: lines[0]!.line_id, quantity: 1 }],
      reason: 'Cold',
      idempotency_key: 'rpt-1',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await defineReports({
      generalReport: Object.fromEntries(
        [
          'sales_by_day',
          'sales_by_restaurant',
          'sales_by_session',
          'sales_by_channel',
          'sales_by_order_type',
          'tax_summary',
        ].map((k) => [k, { label: k, kind: k }]),
      ),
      standardSalesReport: { tenders: { label: 'Tenders', kind: 'sales_by_tender' } },
      standardItemWiseReport: {
        items: { label: 'Items', kind: 'item_wise' },
        options: { label: 'Options', kind: 'option_wise' },
        categories: { label: 'Categories', kind: 'sales_by_category' },
      },
    });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('gives the same net sales in every sales report, and the known totals', async () => {
    for (const report of [
      'sales_by_day',
      'sales_by_restaurant',
      'sales_by_session',
      'sales_by_channel',
      'sales_by_order_type',
    ]) {
      const answer = await run(report);
      expect(answer.totals, report).toEqual([
        expect.objectContaining({
          currency: 'GBP',
          orders: 3,
          cancelled: 1,
          items: 7,
          gross: 490,
          discount: 20,
          refunds: 100,
          net: 370,
          charges: 5,
          total: 375,
          tax: 17.5,
        }),
      ]);
    }
    const byDay = await run('sales_by_day');
    expect(byDay.rows.map((r: { business_date: string; net: number }) => [r.business_date, r.net])).toEqual([
      ['2031-03-02', 310],
      ['2031-03-03', 60],
    ]);
    const bySession = await run('sales_by_session');
    expect(Object.fromEntries(bySession.rows.map((r: { session: string; net: number }) => [r.session, r.net]))).toEqual(
      {
        Breakfast: 60,
        Dinner: 80,
        Lunch: 230,
      },
    );
    const tax = await run('tax_summary');
    expect(tax.totals[0]).toMatchObject({ gross: 490, tax: 17.5, refunds: 100 });
  });

  it('splits payments by tender and items by item and option', async () => {
    const tenders = await run('tenders');
    expect(tenders.rows).toEqual([
      // Tenders by their names (issue 35), as the channel and order-type reports name theirs.
      expect.objectContaining({ tender: 'Card', payments: 1, amount: 335 }),
      expect.objectContaining({ tender: 'Cash', payments: 2, amount: 140 }),
    ]);
    const byChannel = await run('sales_by_channel');
    expect(byChannel.rows.map((r: { channel: string }) => r.channel)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(App|Kiosk|POS|Web)$/)]),
    );
    expect(byChannel.rows.every((r: { channel: string }) => /^(App|Kiosk|POS|Web)$/.test(r.channel))).toBe(true);
    const items = await run('items');
    expect(items.totals[0]).toMatchObject({ quantity: 7, gross: 490, refunds: 100, refunded_quantity: 1 });
    expect(items.rows.find((r: { foodid: string }) => r.foodid === 'rpt_ramen')).toMatchObject({
      quantity: 3,
      gross: 300,
      refunded_quantity: 1,
      refunds: 100,
      net: 200,
    });
    const options = await run('options');
    expect(options.rows).toEqual([
      expect.objectContaining({
        name: 'Gyoza',
        option_group: 'Extras',
        option_name: 'Chilli oil',
        quantity: 2,
        gross: 10,
      }),
    ]);
    const planning = await run('production_planning');
    expect(planning.rows.find((r: { name: string }) => r.name === 'Ramen')).toMatchObject({ s_Lunch: 2, quantity: 2 });
  });

  it('groups item sales by sales category, with "No sales category" for the rest, adding up to the items', async () => {
    const db = ctx.database.db;
    await db.execute(sql`insert into food_items (foodid, restaurant, foodname) values
      ('rpt_ramen', ${REST}, 'Ramen'), ('rpt_gyoza', ${REST}, 'Gyoza') on conflict do nothing`);
    await db.execute(sql`insert into classifications (kind, name, code) values
      ('sales_category', 'Noodles', 'SC-N'), ('sales_category', 'Sides', 'SC-S'), ('diet_tag', 'Vegan', '')`);
    await db.execute(sql`insert into item_classifications (foodid, classification_id, kind)
      select 'rpt_ramen', id, kind from classifications where name = 'Noodles'
      union all select 'rpt_gyoza', id, kind from classifications where name = 'Sides'
      union all select 'rpt_gyoza', id, kind from classifications where name = 'Vegan'`);
    const items = await run('items');
    const gross = (foodid: string) => items.rows.find((r: { foodid: string }) => r.foodid === foodid).gross;
    const categories = await run('categories');
    expect(
      categories.rows.map((r: { category: string; code: string; item_count: number; gross: number }) => [
        r.category,
        r.code,
        r.item_count,
        r.gross,
      ]),
    ).toEqual([
      ['Noodles', 'SC-N', 1, gross('rpt_ramen')],
      ['Sides', 'SC-S', 1, gross('rpt_gyoza')],
      ['No sales category', '', 1, gross('rpt_tea')],
    ]);
    // A diet tag does not split a category, and the totals are the items' totals.
    expect(categories.totals[0]).toMatchObject({
      quantity: items.totals[0].quantity,
      gross: items.totals[0].gross,
      refunds: items.totals[0].refunds,
      net: items.totals[0].net,
    });
    await db.execute(sql`delete from item_classifications where foodid in ('rpt_ramen', 'rpt_gyoza')`);
    await db.execute(sql`delete from food_items where foodid in ('rpt_ramen', 'rpt_gyoza')`);
  });

  it('filters by session and channel, and compares with the period before', async () => {
    expect((await run('sales_by_day', { session: 'Lunch' })).totals[0]).toMatchObject({ net: 230, orders: 1 });
    expect((await run('sales_by_day', { channel: 'kiosk' })).totals[0]).toMatchObject({ net: 80 });
    const compared = await run('sales_by_restaurant', {
      from: '2031-03-09',
      to: '2031-03-15',
      compare: 'previous_period',
    });
    expect(compared.comparison).toEqual({ from: '2031-03-02', to: '2031-03-08' });
    expect(compared.rows).toEqual([]);
    expect(compared.compare_totals[0]).toMatchObject({ net: 370 });
    const same = await run('sales_by_day', { from: '2031-03-09', to: '2031-03-10', compare: 'previous_period' });
    expect(same.comparison).toEqual({ from: '2031-03-07', to: '2031-03-08' });
  });

  it('shows the same net sales on the dashboard', async () => {
    const day = async (date: string) =>
      (await call('GET', `/reports/dashboard?date=${date}&restaurants=${encodeURIComponent(REST)}`)).json();
    const second = await day('2031-03-02');
    expect(second.today).toMatchObject({ net: 310, orders: 2 });
    expect(second.hours[12]).toMatchObject({ orders: 1, net: 330 });
    expect((await day('2031-03-03')).today.net).toBe(60);
    expect((await day('2031-03-09')).last_week.net).toBe(310);
    expect((await day('2031-03-10')).last_week.net).toBe(60);
  });

  it('keeps the rollups equal to a rebuild from the orders, and compacts them without changing a total', async () => {
    // What each key of the rollups sums to (several appended rows or one compacted row: the same).
    const sums = async () =>
      (
        (await ctx.database.db.execute(
          sql`select business_date::text as d, session, channel, order_type, sum(orders)::int as orders,
                sum(cancelled)::int as cancelled, sum(gross)::text as gross, sum(discount)::text as discount,
                sum(refunds)::text as refunds, sum(tax)::text as tax, count(*)::int as n
              from sales_daily where business_date between ${FROM} and ${TO} and restaurant = ${REST}
              group by 1, 2, 3, 4
              having sum(orders) <> 0 or sum(cancelled) <> 0 or sum(refund_count) <> 0
              order by 1, 2, 3, 4`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
    const kept = await sums();
    // D was taken out and put back: its key has more than one appended row.
    expect(kept.some((r) => r.n > 1)).toBe(true);
    const strip = (rows: { n: number }[]) => rows.map(({ n: _n, ...rest }) => rest);
    expect(await compactRollups(ctx.database.db)).toBeGreaterThan(0);
    const compacted = await sums();
    expect(strip(compacted)).toEqual(strip(kept));
    expect(compacted.every((r) => r.n === 1)).toBe(true);
    expect(await compactRollups(ctx.database.db)).toBe(0);
    await ctx.database.db.transaction((tx) => rebuildRollups(tx, { from: FROM, to: TO }));
    expect(strip(await sums())).toEqual(strip(kept));
    expect((await run('sales_by_day')).totals[0]).toMatchObject({ net: 370, gross: 490, refunds: 100, cancelled: 1 });
    expect((await run('items')).totals[0]).toMatchObject({ gross: 490, refunds: 100 });
    expect((await run('tenders')).rows.map((r: { amount: number }) => r.amount)).toEqual([335, 140]);
  });

  it('shows a user only the reports they hold, and refuses the others', async () => {
    const reader = await signIn('demo.reports');
    const list = (await call('GET', '/reports', undefined, reader)).json();
    expect(list.reports.map((r: { key: string }) => r.key).sort()).toEqual(['acme:daily_sales', 'acme:sales_summary']);
    expect(list).toMatchObject({ can_edit: false, tax_log: false, production_planning: false });
    const refused = await call('POST', '/reports/run', { report: 'item_wise', from: FROM, to: TO }, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().extras.code).toBe('reportNotAllowed');
    // Not their restaurant (London is Globex's; the reader has Bengaluru).
    const other = await call(
      'POST',
      '/reports/run',
      { report: 'daily_sales', from: FROM, to: TO, restaurants: [REST] },
      reader,
    );
    expect(other.statusCode).toBe(403);
    expect((await call('GET', '/reports/definitions', undefined, reader)).statusCode).toBe(403);
  });

  it("lets a permission profile give the report keys of the clients' lists, and no made-up one", async () => {
    const profile = (permissions: string[], name: string) =>
      call('POST', '/permission_profiles', {
        name,
        admin: false,
        pagepermissionaccess: ['generalReports'],
        permissions,
        read_only_access: [],
      });
    const ok = await profile(['daily_sales', 'tax_log_report'], 'Report readers');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().profile.permissions).toEqual(['daily_sales', 'tax_log_report']);
    const made = await profile(['made_up_report'], 'Made-up reports');
    expect(made.statusCode).toBe(400);
    expect(made.json().extras).toMatchObject({ code: 'unknownPermission', field: 'permissions' });
    const bad = await profile(['no spaces allowed'], 'Bad key');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a stale report-list save and a period that is too long', async () => {
    const stale = await call('PUT', '/reports/definitions/globex', {
      version: 1,
      reportListJSON: { generalReport: {}, standardSalesReport: {}, standardItemWiseReport: {} },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
    const long = await call('POST', '/reports/run', { report: 'sales_by_day', from: '2030-01-01', to: '2031-03-01' });
    expect(long.statusCode).toBe(400);
    expect(REPORT_KINDS).toContain('tax_log');
  });

  it('exports a report to a workbook whose rows are the report', async () => {
    const res = await call('POST', '/reports/export', {
      report: 'sales_by_day',
      from: FROM,
      to: TO,
      restaurants: [REST],
      format: 'xlsx',
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().job.id as string;
    const job = await finished(id);
    expect(job.status, JSON.stringify(job)).toBe('done');
    const dir = path.join(ctx.dataDir, 'jobs', id);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.xlsx'))!;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(dir, file));
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Business date', 'Currency', 'Orders']);
    // The line under the title names the restaurant, not its id (issue 35).
    const subtitle = String(sheet.getRow(2).getCell(1).value);
    expect(subtitle).toContain('restaurants: Noodle House');
    expect(subtitle).not.toContain(REST);
    const netAt = header.indexOf('Net sales') + 1;
    expect(sheet.getRow(4).getCell(1).value).toBe('2031-03-02');
    expect(sheet.getRow(4).getCell(netAt).value).toBe(310);
    expect(sheet.getRow(6).getCell(netAt).value).toBe(370);
  });

  it("tells the event streams of the order's restaurant's users, and no one else, that sales changed", async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = ctx.app.server.address();
    const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const mine = await openEventStream(`${base}/v2/bck/events`, { cookie: `cd_session=${admin}` });
    // The report reader has Bengaluru only; Noodle House is in London.
    const other = await openEventStream(`${base}/v2/bck/events`, {
      cookie: `cd_session=${await signIn('demo.reports')}`,
    });
    await mine.waitFor((ev) => ev.some((e) => e.event === 'sync'));
    await other.waitFor((ev) => ev.some((e) => e.event === 'sync'));
    await ingest({
      order_number: 'RPT-LIVE',
      channel: 'app',
      order_type: 'takeaway',
      status: 'completed',
      business_date: '2031-04-01',
      lines: [{ foodid: 'rpt_tea', name: 'Tea', quantity: 1, unit_price: 60 }],
      payments: [{ tender: 'card', amount: 60 }],
    });
    const events = await mine.waitFor((ev) => ev.some((e) => e.event === 'sales'));
    expect(events.find((e) => e.event === 'sales')!.data).toEqual({ restaurants: [REST] });
    await new Promise((r) => setTimeout(r, 1500));
    expect(other.events.some((e) => e.event === 'sales')).toBe(false);
    await mine.close();
    await other.close();
  });

  it('sends a scheduled report by e-mail when it is due, once, with the file attached', async () => {
    const created = await call('POST', '/reports/subscriptions', {
      report: 'sales_by_day',
      period: 'last_week',
      frequency: 'weekly',
      weekday: 1,
      hour: 6,
      format: 'csv',
      restaurants: [REST],
    });
    expect(created.statusCode, created.body).toBe(200);
    const sub = created.json().subscription;
    // Kept by its id: the report of Globex, labelled with the client's name (the administrator sees two clients).
    expect(sub).toMatchObject({
      email: 'admin@demo.controldesk.test',
      report: 'globex:sales_by_day',
      label: 'sales_by_day · Globex Corporation',
      last_run_at: null,
    });
    expect(new Date(sub.next_run_at).getUTCDay()).toBe(1);
    // Monday 10 March 2031, 06:00: last week is 3–9 March, which has D (60).
    const monday = new Date('2031-03-10T06:00:00Z');
    expect(await ctx.app.reportScheduler.runDue(monday)).toBe(1);
    expect(await ctx.app.reportScheduler.runDue(monday)).toBe(0);
    const outbox = fs.readFileSync(path.join(ctx.dataDir, 'outbox.log'), 'utf8').trim().split('\n');
    const line = outbox.find((l) =>
      l.includes('subject="sales_by_day · Globex Corporation: 2031-03-03 to 2031-03-09"'),
    )!;
    expect(line).toContain('to=admin@demo.controldesk.test');
    const csv = fs.readFileSync(line.match(/attachment=(\S+)/)![1]!, 'utf8');
    expect(csv).toContain('2031-03-03,GBP,1,1,60');
    const listed = (await call('GET', '/reports/subscriptions')).json().subscriptions;
    expect(listed[0]).toMatchObject({
      last_run_at: monday.toISOString(),
      last_error: null,
      next_run_at: '2031-03-17T06:00:00.000Z',
    });
    const reader = await signIn('demo.reports');
    const refused = await call(
      'POST',
      '/reports/subscriptions',
      { report: 'item_wise', period: 'yesterday', frequency: 'daily' },
      reader,
    );
    expect(refused.statusCode).toBe(403);
    expect((await call('DELETE', `/reports/subscriptions/${sub.id}`, undefined, reader)).statusCode).toBe(404);
    expect((await call('DELETE', `/reports/subscriptions/${sub.id}`)).statusCode).toBe(200);
  });

  it('writes item names a spreadsheet would run as formulas as text, in exports and scheduled e-mails', async () => {
    // OWASP "CSV Injection": names typed at a till end up in report CSVs opened in Excel.
    await ingest({
      order_number: 'RPT-CSV',
      channel: 'app',
      order_type: 'takeaway',
      status: 'completed',
      business_date: '2031-05-05',
      lines: TRIMMED_FORMULA_NAMES.map((name, i) => ({ foodid: `rpt_csv_${i}`, name, quantity: 1, unit_price: 10 })),
      payments: [{ tender: 'card', amount: 40 }],
    });
    const itemsOf = (csv: string) => {
      const rows = parse(csv, { bom: true, columns: true, cast: true }) as Record<string, string | number>[];
      return rows.filter((r) => String(r['Food id']).startsWith('rpt_csv_'));
    };
    const expectNeutralised = (csv: string) => {
      expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
      const items = itemsOf(csv);
      expect(items.map((r) => r.Item).sort()).toEqual(TRIMMED_FORMULA_NAMES.map(neutralised).sort());
      expect(items.map((r) => r['Gross sales'])).toEqual([10, 10, 10, 10]);
    };

    const res = await call('POST', '/reports/export', {
      report: 'items',
      from: '2031-05-01',
      to: '2031-05-07',
      restaurants: [REST],
      format: 'csv',
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(res.json().job.id);
    expect(job.status, JSON.stringify(job)).toBe('done');
    const dir = path.join(ctx.dataDir, 'jobs', job.id);
    expectNeutralised(
      fs.readFileSync(
        path.join(
          dir,
          fs.readdirSync(dir).find((f) => f.endsWith('.csv'))!,
        ),
        'utf8',
      ),
    );

    const created = await call('POST', '/reports/subscriptions', {
      report: 'items',
      period: 'yesterday',
      frequency: 'daily',
      hour: 6,
      format: 'csv',
      restaurants: [REST],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await ctx.app.reportScheduler.runDue(new Date('2031-05-06T06:00:00Z'))).toBe(1);
    const outbox = fs.readFileSync(path.join(ctx.dataDir, 'outbox.log'), 'utf8').trim().split('\n');
    const line = outbox.find((l) => l.includes('subject="Items · Globex Corporation: 2031-05-05"'))!;
    expectNeutralised(fs.readFileSync(line.match(/attachment=(\S+)/)![1]!, 'utf8'));
    expect((await call('DELETE', `/reports/subscriptions/${created.json().subscription.id}`)).statusCode).toBe(200);
  });

  it('signs Metabase embed addresses for a short time and never sends the secret', async () => {
    const missing = await call('POST', '/reports/embeds/config', {
      client: 'globex',
      name: 'Sales',
      provider: 'metabase',
      site_url: 'https://bi.example.test',
      resource: '7',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().extras.field).toBe('secret');
    const added = await call('POST', '/reports/embeds/config', {
      client: 'globex',
      name: 'Sales',
      provider: 'metabase',
      site_url: 'https://bi.example.test/',
      resource: '7',
      secret: 'a-very-secret-embedding-key-0123456789',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.body).not.toContain('a-very-secret');
    expect(added.json().embeds[0]).toMatchObject({ has_secret: true });
    const listed = (await call('GET', '/reports/embeds')).json().embeds;
    const embed = listed.find((e: { name: string }) => e.name === 'Sales');
    expect(embed.url).toMatch(/^https:\/\/bi\.example\.test\/embed\/dashboard\/[\w-]+\.[\w-]+\.[\w-]+#bordered=true/);
    const token = embed.url.split('/embed/dashboard/')[1].split('#')[0];
    const { jwtVerify } = await import('jose');
    const { payload } = await jwtVerify(token, new TextEncoder().encode('a-very-secret-embedding-key-0123456789'));
    expect(payload).toMatchObject({ resource: { dashboard: 7 } });
    expect(payload.exp! - Date.now() / 1000).toBeGreaterThan(500);
    expect(payload.exp! - Date.now() / 1000).toBeLessThanOrEqual(600);
    const reader = await signIn('demo.reports');
    expect((await call('GET', '/reports/embeds', undefined, reader)).statusCode).toBe(403);
    expect((await call('GET', '/reports/embeds/config')).body).not.toContain('a-very-secret');
  });
});
