import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackgroundJob } from '@cd/core';
import { restaurants, sapRules, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { autoCloseDays } from '../src/modules/dayend/dayend-auto.js';
import { dayPosting, daySourceLines } from '../src/modules/dayend/sap-posting.js';
import { dayTotals } from '../src/modules/reports/report-queries.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';
import { startSftpServer } from './sftp-server.js';

const REST = 'fc-ldn-river:noodle_house';
const RULE_KINDS = ['sales', 'tax', 'charges', 'tender', 'discount', 'refund', 'refund_payout', 'receivable'] as const;

type Ctx = Awaited<ReturnType<typeof setup>>;

async function setup(backend: 'pglite' | 'postgres', env: Record<string, string> = {}) {
  const ctx: TestContext = await createTestContext(backend, { env: { JOBS_POLL_SECONDS: '0.5', ...env } });
  const signIn = async (userid: string, password = 'ControlDesk#2026') =>
    sessionCookie(
      await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
    )!;
  const admin = await signIn('demo.admin');
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });
  const key = (await call('POST', '/api_keys', { api_client: 'dayend-test' })).json().key as string;
  // The demo's chart of accounts matches every line: these tests start without rules.
  await ctx.database.db.delete(sapRules);
  let n = 0;
  const ingest = async (date: string, extra: object = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      headers: { origin: '', authorization: `Bearer ${key}` },
      payload: {
        order_number: `DE-${++n}`,
        restaurant: REST,
        channel: 'app',
        order_type: 'takeaway',
        status: 'completed',
        business_date: date,
        placed_at: `${date}T12:00:00Z`,
        lines: [{ foodid: 'noodle_house_gyoza', name: 'Gyoza', quantity: 2, unit_price: 52.5, tax: 5 }],
        payments: [{ tender: 'card', amount: 105 }],
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order.order_id as number;
  };
  const day = async (date: string) =>
    (await call('GET', `/dayend?restaurant=${REST}&business_date=${date}`)).json().day;
  const close = (date: string, body: object = {}, cookie = admin) =>
    call('POST', '/dayend/close', { restaurant: REST, business_date: date, ...body }, cookie);
  const waitJob = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      const job = ((await call('GET', '/backgroundjobs')).json().data as BackgroundJob[]).find((j) => j.id === id);
      if (job && job.status !== 'in_progress') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${id} did not end`);
  };
  const upload = async (date: string) => {
    const res = await call('POST', '/sapupload', { restaurant: REST, business_date: date });
    return res.statusCode === 202 ? { res, job: await waitJob(res.json().job.id) } : { res, job: undefined };
  };
  const logs = async (date: string) =>
    (await call('GET', `/vendor/saplogs?restaurant=${REST}&from=${date}&to=${date}`)).json().logs as {
      id: number;
      kind: string;
      status: string;
      reverses: number | null;
      attempts: number;
      files: string[];
      debit: number;
      credit: number;
      error: string | null;
    }[];
  const addRules = async () => {
    for (const kind of RULE_KINDS) {
      const res = await call('POST', '/sap-inflow/rules', { kind, gl_account: `GL-${kind}`, priority: 500 });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  return { ctx, signIn, admin, call, ingest, day, close, upload, logs, addRules, waitJob };
}

describe.each(backends)('day end on %s', (backend) => {
  let t: Ctx;
  beforeAll(async () => {
    t = await setup(backend);
  }, 60_000);
  afterAll(async () => t?.ctx.close());

  it('refuses to close a day with open or unpaid orders, names them, and closes once they are resolved', async () => {
    const open = await t.ingest('2032-01-05', { status: 'preparing' });
    const unpaid = await t.ingest('2032-01-05', { payments: [{ tender: 'cash', amount: 50 }] });
    await t.ingest('2032-01-05');
    const refused = await t.close('2032-01-05');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().extras.code).toBe('dayHasBlockers');
    expect(
      refused.json().extras.blockers.map((b: { order_id: number; problem: string }) => [b.order_id, b.problem]),
    ).toEqual([
      [open, 'open'],
      [unpaid, 'unpaid'],
    ]);
    expect((await t.day('2032-01-05')).state).toBe('open');
    const resolved = await t.call('POST', '/dayend/resolve', {
      restaurant: REST,
      business_date: '2032-01-05',
      order_ids: [open],
      action: 'complete',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    // The unpaid one goes to the next day; its sales go with it.
    await t.call('POST', '/dayend/resolve', {
      restaurant: REST,
      business_date: '2032-01-05',
      order_ids: [unpaid],
      action: 'carry',
    });
    const before = await t.day('2032-01-05');
    expect(before.blockers).toEqual([]);
    expect(before.totals).toMatchObject({ orders: 2, gross: 210, net: 210, tax: 10 });
    const closed = await t.close('2032-01-05', { counted: [{ tender: 'card', amount: 210 }] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().day).toMatchObject({ state: 'closed', closed_by: 'demo.admin', version: 1 });
    expect((await t.day('2032-01-06')).totals).toMatchObject({ orders: 1, gross: 105 });
    // The Z totals are the reports' totals.
    const report = await t.call('POST', '/reports/run', {
      report: 'production_planning',
      from: '2032-01-05',
      to: '2032-01-05',
      restaurants: [REST],
    });
    expect(report.json().totals[0].quantity).toBe(4);
  });

  it('asks for a note when the count differs, and logs the difference', async () => {
    await t.ingest('2032-01-07', { payments: [{ tender: 'cash', amount: 105 }] });
    const noNote = await t.close('2032-01-07', { counted: [{ tender: 'cash', amount: 100 }] });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().extras).toMatchObject({ code: 'countNote', field: 'note' });
    const ok = await t.close('2032-01-07', { counted: [{ tender: 'cash', amount: 100 }], note: 'Till short' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().day.count).toEqual([{ tender: 'cash', expected: 105, counted: 100, difference: -5 }]);
    const logs = (await t.call('GET', `/dayendlogs?restaurant=${REST}&from=2032-01-07&to=2032-01-07`)).json().logs;
    expect(logs[0]).toMatchObject({ action: 'close', actor: 'demo.admin' });
    expect(logs[0].detail).toContain('cash -5');
  });

  it('closes a day once when two people close it at the same moment', async () => {
    await t.ingest('2032-01-08');
    const [a, b] = await Promise.all([t.close('2032-01-08'), t.close('2032-01-08')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().extras.code).toBe('dayClosed');
    const logs = (await t.call('GET', `/dayendlogs?restaurant=${REST}&from=2032-01-08&to=2032-01-08`)).json().logs;
    expect(logs.filter((l: { action: string }) => l.action === 'close')).toHaveLength(1);
  });

  it('reopens only with its own permission, against the version seen', async () => {
    await t.ctx.database.db.insert(users).values({
      userid: 'dayend.clerk',
      name: 'Clerk',
      password_hash: await hashPassword('DayEnd#2026x'),
      login_types: ['password'],
      pagepermissionaccess: ['dayend'],
      permissions: [],
      sites: { locations: ['loc-london'], foodcourts: [], restaurants: [] },
    });
    const clerk = await t.signIn('dayend.clerk', 'DayEnd#2026x');
    const view = (await t.call('GET', `/dayend?restaurant=${REST}&business_date=2032-01-08`, undefined, clerk)).json()
      .day;
    expect(view.can_reopen).toBe(false);
    const body = { restaurant: REST, business_date: '2032-01-08', version: 1, reason: 'Late delivery order' };
    expect((await t.call('POST', '/dayend/reopen', body, clerk)).statusCode).toBe(403);
    expect((await t.call('POST', '/dayend/reopen', { ...body, version: 7 })).json().extras.code).toBe(
      'versionConflict',
    );
    const reopened = await t.call('POST', '/dayend/reopen', body);
    expect(reopened.json().day).toMatchObject({ state: 'reopened', reopened_by: 'demo.admin', version: 2 });
    // Closing again names the version it saw.
    expect((await t.close('2032-01-08', { version: 1 })).json().extras.code).toBe('versionConflict');
    expect((await t.close('2032-01-08', { version: 2 })).statusCode).toBe(200);
  });

  it('builds a balanced SAP posting, refuses unmatched lines, and reverses a posting when the day changes', async () => {
    const date = '2032-01-09';
    const a = await t.ingest(date, {
      discount: 10,
      charges: 4,
      lines: [
        { foodid: 'noodle_house_gyoza', name: 'Gyoza', quantity: 2, unit_price: 52.5, tax: 5 },
        { foodid: 'noodle_house_tonkotsu_ramen', name: 'Ramen', quantity: 1, unit_price: 210, tax: 10 },
      ],
      payments: [
        { tender: 'card', amount: 200 },
        { tender: 'cash', amount: 109 },
      ],
    });
    await t.ingest(date, { channel: 'kiosk' });
    const lines = (await t.call('GET', `/orders/${a}`)).json().order.lines as { line_id: number }[];
    expect(
      (
        await t.call('POST', `/orders/${a}/refunds`, {
          kind: 'lines',
          lines: [{ line_id: lines[0]!.line_id, quantity: 1 }],
          reason: 'Cold',
          idempotency_key: 'de-1',
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.upload(date)).res.json().extras.code).toBe('dayNotClosed');
    expect((await t.close(date)).statusCode).toBe(200);
    const unmatched = await t.upload(date);
    expect(unmatched.res.statusCode).toBe(400);
    expect(unmatched.res.json().extras.code).toBe('unmatchedLines');
    expect(unmatched.res.json().message).toContain('match no posting rule');
    await t.addRules();
    const preview = (await t.call('GET', `/sap-inflow/preview?restaurant=${REST}&business_date=${date}`)).json();
    expect(preview).toMatchObject({ unmatched: 0, state: 'closed', documents: 1, currency: 'GBP' });
    // Debits: card 200 + 105, cash 109, discount 10, refund 52.5; credits: sales 300 + 100 without tax, tax 15 + 5,
    // charges 4, refund paid out 52.5.
    expect(preview.debit).toBe(preview.credit);
    expect(preview.debit).toBe(476.5);
    const tax = preview.lines.filter((l: { kind: string }) => l.kind === 'tax');
    expect(tax.map((l: { tax_rate: number }) => l.tax_rate).sort()).toEqual([5, 5]);
    const first = await t.upload(date);
    expect(first.job?.status, JSON.stringify(first.job)).toBe('done');
    const [posted] = await t.logs(date);
    expect(posted).toMatchObject({ kind: 'posting', status: 'built', debit: 476.5, credit: 476.5 });
    const csv = await t.call('GET', `/vendor/saplogs/${posted!.id}/file?name=${posted!.files[0]}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('gl_account,debit_credit,amount');
    expect(csv.body).toContain('GL-tender,S,200.000,GBP');
    const xml = await t.call('GET', `/vendor/saplogs/${posted!.id}/file?name=${posted!.files[1]}`);
    expect(xml.body).toContain('<IDOCTYP>ACC_DOCUMENT03</IDOCTYP>');
    expect((await t.upload(date)).job?.message).toContain('has not changed');

    // A late refund on the reopened day: the posting is reversed and a new one made, never edited.
    await t.call('POST', '/dayend/reopen', {
      restaurant: REST,
      business_date: date,
      version: 1,
      reason: 'Late refund',
    });
    await t.call('POST', `/orders/${a}/refunds`, {
      kind: 'amount',
      amount: 20,
      reason: 'Late',
      idempotency_key: 'de-2',
    });
    expect((await t.close(date, { version: 2 })).statusCode).toBe(200);
    const again = await t.upload(date);
    expect(again.job?.status, JSON.stringify(again.job)).toBe('done');
    const after = await t.logs(date);
    expect(after.map((l) => [l.kind, l.reverses])).toEqual([
      ['posting', null],
      ['reversal', posted!.id],
      ['posting', null],
    ]);
    expect(after[0]!.debit).toBe(496.5);
    expect(after[1]!.debit).toBe(476.5);
  });

  it('counts a refund made after the close on the first open day after it: the closed day, its Z and its posting stay', async () => {
    // The refund is given on the same UTC date as the closed business day (issue 33).
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const a = await t.ingest(today);
    const open = await t.day(today);
    const blocking = (open.blockers as { order_id: number }[]).map((b) => b.order_id);
    if (blocking.length > 0) {
      const res = await t.call('POST', '/dayend/resolve', {
        restaurant: REST,
        business_date: today,
        order_ids: blocking,
        action: 'cancel',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const closed = await t.close(today, { version: open.version });
    expect(closed.statusCode, closed.body).toBe(200);
    const z = (await t.day(today)).totals;
    const db = t.ctx.database.db;
    const before = await dayTotals(db, REST, today);
    expect(before).toEqual(z);
    const tomorrowBefore = await dayTotals(db, REST, tomorrow);
    const postingBefore = await dayPosting(db, REST, today);

    const refund = await t.call('POST', `/orders/${a}/refunds`, {
      kind: 'amount',
      amount: 20,
      reason: 'After the close',
      idempotency_key: 'de-late-1',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [row] = (
      (await db.execute(sql`select business_date::text as d from refunds where order_id = ${a}`)) as unknown as {
        rows: { d: string }[];
      }
    ).rows;
    expect(row!.d, 'the first open day after the closed one').toBe(tomorrow);
    // The closed day: report figures, Z and SAP posting as they were.
    expect(await dayTotals(db, REST, today)).toEqual(before);
    expect((await t.day(today)).totals).toEqual(z);
    expect(await dayPosting(db, REST, today)).toEqual(postingBefore);
    // The next day carries the refund, and its posting balances.
    const tomorrowAfter = await dayTotals(db, REST, tomorrow);
    expect(tomorrowAfter.refunds - tomorrowBefore.refunds).toBeCloseTo(20, 3);
    const next = await dayPosting(db, REST, tomorrow);
    expect(next.debit).toBe(next.credit);
    expect(next.lines.filter((l) => l.kind === 'refund').reduce((s, l) => s + l.amount, 0)).toBeCloseTo(
      tomorrowAfter.refunds,
      3,
    );
  });

  it("names an item's sales line by its accounting group when it has one, else by its first menu category", async () => {
    const date = '2032-01-20';
    await t.ingest(date, {
      lines: [
        { foodid: 'noodle_house_gyoza', name: 'Gyoza', quantity: 2, unit_price: 50, tax: 0 },
        { foodid: 'noodle_house_tonkotsu_ramen', name: 'Ramen', quantity: 1, unit_price: 200, tax: 0 },
      ],
      payments: [{ tender: 'card', amount: 300 }],
    });
    const db = t.ctx.database.db;
    await db.execute(
      sql`insert into classifications (kind, name, code) values ('accounting_group', 'Hot food', '4010')`,
    );
    await db.execute(sql`insert into item_classifications (foodid, classification_id, kind)
      select 'noodle_house_tonkotsu_ramen', id, kind from classifications where name = 'Hot food'`);
    const { lines } = await daySourceLines(db, REST, date);
    const sales = lines.filter((l) => l.kind === 'sales').map((l) => [l.category, l.text, l.amount]);
    expect(sales).toEqual([
      ['Hot food', 'Sales · Hot food · App', 200],
      ['Sides', 'Sales · Sides · App', 100],
    ]);
    await db.execute(sql`delete from item_classifications where foodid = 'noodle_house_tonkotsu_ramen'`);
  });

  it('closes a day by itself after the cut-off when autodayend is on, collecting what is still open', async () => {
    const date = '2032-01-12';
    const [row] = await t.ctx.database.db.select().from(restaurants).where(eq(restaurants.restaurant, REST));
    await t.ctx.database.db
      .update(restaurants)
      .set({
        settings: { ...row!.settings, rest_autodayend: true, rest_auto_status: 'collect', rest_auto_cutoff_time: 120 },
      })
      .where(eq(restaurants.restaurant, REST));
    const open = await t.ingest(date, { status: 'ready' });
    expect(await autoCloseDays(t.ctx.database.db, new Date('2032-01-13T01:59:00Z'))).toBe(0);
    expect(await autoCloseDays(t.ctx.database.db, new Date('2032-01-13T02:01:00Z'))).toBeGreaterThanOrEqual(1);
    const day = await t.day(date);
    expect(day).toMatchObject({ state: 'closed', closed_by: 'system' });
    expect((await t.call('GET', `/orders/${open}`)).json().order.status).toBe('completed');
    const logs = (await t.call('GET', `/dayendlogs?restaurant=${REST}&from=${date}&to=${date}`)).json().logs;
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['auto_close', 'resolve']);
  });
});

describe('SAP delivery by SFTP', () => {
  let t: Ctx;
  let sftp: Awaited<ReturnType<typeof startSftpServer>>;
  beforeAll(async () => {
    sftp = await startSftpServer('sap', 's3cret-pass');
    t = await setup('pglite', { SAP_SFTP_URL: `sftp://sap:s3cret-pass@127.0.0.1:${sftp.port}/inbox` });
    await t.addRules();
  }, 60_000);
  afterAll(async () => {
    await t?.ctx.close();
    await sftp?.close();
  });

  it('records a refused login as failed, and delivers on retry', async () => {
    const date = '2032-02-01';
    await t.ingest(date);
    expect((await t.close(date)).statusCode).toBe(200);
    sftp.state.refuseLogins = 1;
    const first = await t.upload(date);
    expect(first.job?.status).toBe('error');
    const [failed] = await t.logs(date);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.error).toContain('SFTP delivery to 127.0.0.1');
    expect(failed!.error).not.toContain('s3cret-pass');
    const retry = await t.call('POST', `/vendor/saplogs/${failed!.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(202);
    expect((await t.waitJob(retry.json().job.id)).status).toBe('done');
    const [sent] = await t.logs(date);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null });
    const delivered = [...sftp.files.keys()].sort();
    expect(delivered).toEqual(sent!.files.map((f) => `/inbox/${f}`).sort());
    expect(sftp.files.get(`/inbox/${sent!.files[0]}`)!.toString()).toContain('GL-tender,S,105.000,GBP');
  });
});
