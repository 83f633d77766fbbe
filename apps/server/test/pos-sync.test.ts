import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ALLOW_LIST, parseAllowList, type AllowList } from '../src/lib/outbound-url.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const SPICE = 'fc-blr-atrium:spice_route';
const TIKKA = 'spice_route_paneer_tikka';
const CHAI = 'spice_route_masala_chai';
const LASSI = 'spice_route_mango_lassi';
const BIRYANI = 'spice_route_chicken_biryani';
const RAMEN = 'noodle_house_tonkotsu_ramen';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
type Run = {
  id: number;
  target_name: string;
  kind: string;
  status: string;
  attempts: number;
  response_status: number | null;
  response_excerpt: string;
  item_count: number;
  request_bytes: number;
  job_id: string;
};

/** A receiver on 127.0.0.1: records every request; answers each path from its script (then 200). */
async function startReceiver() {
  const received: Received[] = [];
  const script = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const status = script.get(req.url ?? '')?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: status < 300, status, pad: 'x'.repeat(3000) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    script,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Issue 20 points 6 and 7: PLU codes, the POS item list, sync targets, syncs to a real receiver, tax and subsidy. */
describe.each(backends)('POS sync on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let menuUser: string;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  const signIn = async (userid: string) =>
    sessionCookie(
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/vendor/password_login',
        payload: { userid, password: 'ControlDesk#2026' },
      }),
    )!;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx.app.inject({
      method,
      url: `/v2/bck${url}`,
      ...(payload ? { payload } : {}),
      headers: { cookie: `cd_session=${cookie}` },
    });
  const plus = async () =>
    (await api('GET', `/pos/plu?restaurant=${SPICE}&page_size=100`)).json().items as {
      foodid: string;
      plu: string | null;
      version: number;
    }[];
  const pluOf = async (foodid: string) => (await plus()).find((i) => i.foodid === foodid)!;
  const runsOf = async (jobId: string): Promise<Run[]> => {
    for (let i = 0; i < 200; i++) {
      const runs = ((await api('GET', `/pos/sync_runs?restaurant=${SPICE}&page_size=200`)).json().runs as Run[]).filter(
        (r) => r.job_id === jobId,
      );
      if (runs.length > 0 && runs.every((r) => r.status === 'done' || r.status === 'error')) return runs;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${jobId} did not finish`);
  };
  const addTarget = async (body: object) => {
    const res = await api('POST', '/pos/targets', { enabled: true, restaurants: [SPICE], ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().target as { id: number; version: number; auth_header_set: boolean };
  };
  const items = async () =>
    (await api('GET', `/vendor/fooditem?restaurant=${SPICE}`)).json().fooditems as {
      foodid: string;
      version: number;
    }[];

  /** Runs `work` with another outbound allow-list (read at each save and each send), then puts the test's back. */
  const withAllowList = async (list: AllowList, work: () => Promise<void>) => {
    const kept = ctx.config.OUTBOUND_ALLOW_HOSTS;
    ctx.config.OUTBOUND_ALLOW_HOSTS = list;
    try {
      await work();
    } finally {
      ctx.config.OUTBOUND_ALLOW_HOSTS = kept;
    }
  };

  beforeAll(async () => {
    // The receiver listens on 127.0.0.1, which the server calls only because the allow-list names it.
    ctx = await createTestContext(backend, { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
    admin = await signIn('demo.admin');
    menuUser = await signIn('demo.menu');
    key = (await api('POST', '/api_keys', { api_client: 'pos-till' })).json().key;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('sets PLU codes upper-case, refuses a duplicate naming the item and changes nothing, and checks versions', async () => {
    const set = await api('PUT', `/pos/plu/${TIKKA}`, { plu: ' pt01 ', version: 0 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().item).toMatchObject({ foodid: TIKKA, plu: 'PT01', version: 1 });

    const dup = await api('PUT', `/pos/plu/${CHAI}`, { plu: 'Pt01', version: 0 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('Paneer Tikka');
    expect(dup.json().extras).toMatchObject({ code: 'duplicatePlu', field: 'plu', foodid: TIKKA });
    expect((await pluOf(CHAI)).plu).toBeNull();

    const bad = await api('PUT', `/pos/plu/${CHAI}`, { plu: 'AB-12', version: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().extras.field).toBe('plu');
    expect((await api('PUT', `/pos/plu/${CHAI}`, { plu: '123456789012345', version: 0 })).statusCode).toBe(400);

    // A stale version is refused with 409; the code stays.
    expect((await api('PUT', `/pos/plu/${TIKKA}`, { plu: 'PT02', version: 0 })).statusCode).toBe(409);
    expect((await api('PUT', `/pos/plu/${TIKKA}`, { plu: 'PT02', version: 5 })).statusCode).toBe(409);
    expect((await pluOf(TIKKA)).plu).toBe('PT01');

    // "without PLU" filter and search by code.
    const missing = (await api('GET', `/pos/plu?restaurant=${SPICE}&missing=true`)).json();
    expect(missing.items.map((i: { foodid: string }) => i.foodid)).not.toContain(TIKKA);
    expect(missing.total).toBe(6);
    const found = (await api('GET', `/pos/plu?restaurant=${SPICE}&search=pt01`)).json();
    expect(found.items.map((i: { foodid: string }) => i.foodid)).toEqual([TIKKA]);
  });

  it('assigns the next free numbers to items without a PLU, all or nothing', async () => {
    expect((await api('PUT', `/pos/plu/${CHAI}`, { plu: '1001', version: 0 })).statusCode).toBe(200);
    const tooFar = await api('POST', '/pos/plu/assign', { restaurant: SPICE, start: 99_999_999_999_998 });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().extras.field).toBe('start');
    expect((await plus()).filter((i) => i.plu !== null)).toHaveLength(2);

    const done = await api('POST', '/pos/plu/assign', { restaurant: SPICE, start: 1000 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().assigned).toBe(5);
    const codes = (await plus()).map((i) => i.plu);
    expect(codes.every((c) => c !== null)).toBe(true);
    // 1001 was taken: the numbers skip it.
    expect(done.json().items.map((i: { plu: string }) => i.plu)).toEqual(['1000', '1002', '1003', '1004', '1005']);
    expect((await api('POST', '/pos/plu/assign', { restaurant: SPICE, start: 1 })).json().assigned).toBe(0);
  });

  it('serves list_fooditems_plu to a session and to a POS with an API key, with sold out and snoozed', async () => {
    expect((await api('POST', `/inventory/${LASSI}/entries`, { entry_type: 'count', quantity: 0 })).statusCode).toBe(
      200,
    );
    expect(
      (await api('POST', '/menu/snoozes', { restaurant: SPICE, target_type: 'item', target_id: BIRYANI, minutes: 30 }))
        .statusCode,
    ).toBe(200);
    const byKey = await ctx.app.inject({
      method: 'GET',
      url: `/v2/bck/pos/list_fooditems_plu?restaurant=${SPICE}`,
      headers: { origin: '', authorization: `Bearer ${key}` },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    const list = byKey.json().items as {
      foodid: string;
      plu: string;
      sold_out: boolean;
      snoozed: boolean;
      available: boolean;
    }[];
    expect(list).toHaveLength(7);
    expect(list.find((i) => i.foodid === TIKKA)).toMatchObject({ plu: 'PT01', sold_out: false, available: true });
    expect(list.find((i) => i.foodid === LASSI)).toMatchObject({ sold_out: true, available: false });
    expect(list.find((i) => i.foodid === BIRYANI)).toMatchObject({ snoozed: true, available: false });

    const bySession = await api('GET', `/list_fooditems_plu?restaurant=${SPICE}`);
    expect(bySession.json().items).toEqual(list);
    // No key: 401; a session on the key route: 401.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/v2/bck/pos/list_fooditems_plu?restaurant=${SPICE}` })).statusCode,
    ).toBe(401);
  });

  it('refuses users without the page (403) and target changes by non-administrators', async () => {
    expect((await api('GET', `/pos/plu?restaurant=${SPICE}`, undefined, menuUser)).statusCode).toBe(403);
    expect((await api('GET', `/list_fooditems_plu?restaurant=${SPICE}`, undefined, menuUser)).statusCode).toBe(403);
    expect((await api('POST', '/vendngo_sync', { restaurant: SPICE }, menuUser)).statusCode).toBe(403);
    expect(
      (await api('POST', '/update_fooditems_tax', { restaurant: SPICE, all: true, taxation: 'GST 5' }, menuUser))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('POST', '/pos/targets', { name: 'x', kind: 'pos', url: 'http://127.0.0.1:1/' }, menuUser)).statusCode,
    ).toBe(403);
  });

  it('keeps the auth header secret, refuses a non-http address and a duplicate name', async () => {
    const ftp = await api('POST', '/pos/targets', { name: 'Bad', kind: 'pos', url: 'ftp://127.0.0.1/x' });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().extras.field).toBe('url');
    const t = await addTarget({
      name: 'Secret till',
      kind: 'pos',
      url: receiver.url('/secret'),
      auth_header: 'Bearer s3cr3t-token',
    });
    expect(t.auth_header_set).toBe(true);
    expect(
      (await api('POST', '/pos/targets', { name: 'secret TILL', kind: 'pos', url: receiver.url('/x') })).statusCode,
    ).toBe(409);
    const listed = await api('GET', '/pos/targets');
    expect(listed.body).not.toContain('s3cr3t');
    // Saving without auth_header keeps it; the body never echoes it.
    const saved = await api('PUT', `/pos/targets/${t.id}`, {
      name: 'Secret till',
      kind: 'pos',
      url: receiver.url('/secret'),
      enabled: false,
      restaurants: [SPICE],
      version: t.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('s3cr3t');
    expect(saved.json().target).toMatchObject({ auth_header_set: true, enabled: false, version: t.version + 1 });
    const stale = await api('PUT', `/pos/targets/${t.id}`, {
      name: 'Secret till',
      kind: 'pos',
      url: receiver.url('/secret'),
      version: t.version,
    });
    expect(stale.statusCode).toBe(409);
    const audits = await ctx.database.db.execute(
      sql`select count(*)::int as n from audit_log where entity = 'menu_sync_target' and (before::text like '%s3cr3t%' or after::text like '%s3cr3t%')`,
    );
    expect((audits as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Enabled again for the sync below.
    expect(
      (
        await api('PUT', `/pos/targets/${t.id}`, {
          name: 'Secret till',
          kind: 'pos',
          url: receiver.url('/secret'),
          enabled: true,
          restaurants: [SPICE],
          version: t.version + 1,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses to save a target whose address is not public (every spelling), changing nothing', async () => {
    const port = new URL(receiver.url('/')).port;
    const [target] = (await api('GET', '/pos/targets')).json().targets as {
      id: number;
      url: string;
      version: number;
    }[];
    const audits = async () =>
      (
        (await ctx.database.db.execute(
          sql`select count(*)::int as n from audit_log where entity = 'menu_sync_target'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    const before = { targets: (await api('GET', '/pos/targets')).body, audits: await audits() };
    await withAllowList(EMPTY_ALLOW_LIST, async () => {
      for (const [url, says] of [
        [`http://127.0.0.1:${port}/till`, 'to the server itself (127.0.0.1)'],
        ['http://0x7f000001/', 'to the server itself (127.0.0.1)'],
        ['http://2130706433/', 'to the server itself (127.0.0.1)'],
        ['http://0177.0.0.1/', 'to the server itself (127.0.0.1)'],
        ['http://[::1]/', 'to the server itself (::1)'],
        ['http://[::ffff:127.0.0.1]/', 'to the server itself (::ffff:7f00:1)'],
        [`http://localhost:${port}/till`, 'to the server itself (localhost resolves to '],
        ['http://169.254.169.254/latest/meta-data/', 'to a link-local address (169.254.169.254)'],
        ['https://10.0.0.5/menu', 'into a private network (10.0.0.5)'],
        ['http://0.0.0.0:3000/', 'to an unspecified address (0.0.0.0)'],
        ['http://user:pw@8.8.8.8/', 'must not carry a user name or password'],
      ] as const) {
        const added = await api('POST', '/pos/targets', { name: `Bad ${url}`, kind: 'pos', url });
        expect(added.statusCode, url).toBe(400);
        expect(added.json().extras.field, url).toBe('url');
        expect(added.json().message, url).toContain(says);
        const changed = await api('PUT', `/pos/targets/${target!.id}`, {
          name: 'Secret till',
          kind: 'pos',
          url,
          version: target!.version,
        });
        expect(changed.statusCode, url).toBe(400);
        expect(changed.json().extras.field, url).toBe('url');
        expect(changed.json().message, url).toContain(says);
      }
    });
    const refused = await api('POST', '/pos/targets', { name: 'Bad', kind: 'pos', url: 'http://10.0.0.5/' });
    expect(refused.json()).toMatchObject({
      message: 'url: This address points into a private network (10.0.0.5); ask an administrator to allow it',
      extras: { code: 'addressNotAllowed', field: 'url' },
    });
    expect((await api('GET', '/pos/targets')).body).toBe(before.targets);
    expect(await audits()).toBe(before.audits);
  });

  it('checks the address again at send: a host name that now points to loopback is not called', async () => {
    // Saved while the operator allowed the name; by the time of the send the allow-list no longer does.
    let id = 0;
    await withAllowList(parseAllowList('localhost').list, async () => {
      id = (
        await addTarget({
          name: 'Moved till',
          kind: 'pos',
          url: receiver.url('/moved').replace('127.0.0.1', 'localhost'),
        })
      ).id;
    });
    receiver.received.length = 0;
    await withAllowList(EMPTY_ALLOW_LIST, async () => {
      const started = await api('POST', '/vendngo_sync', { restaurant: SPICE, targets: [id] });
      expect(started.statusCode, started.body).toBe(200);
      const [run] = await runsOf(started.json().job.id);
      expect(run).toMatchObject({ status: 'error', response_status: null, attempts: 0 });
      expect(run!.response_excerpt).toMatch(/^refused: loopback address (127\.0\.0\.1|::1)$/);
    });
    expect(receiver.received).toEqual([]);
    const target = (await api('GET', '/pos/targets')).json().targets.find((t: { id: number }) => t.id === id);
    expect((await api('DELETE', `/pos/targets/${id}?version=${target.version}`)).statusCode).toBe(200);
  });

  it('sends the POS item list to pos and vending targets: a 500 is retried, a 400 is not and is logged as error', async () => {
    await addTarget({ name: 'Flaky vending', kind: 'vending', url: receiver.url('/flaky') });
    await addTarget({ name: 'Refusing POS', kind: 'pos', url: receiver.url('/refuse') });
    await addTarget({ name: 'Aggregator A', kind: 'aggregator', url: receiver.url('/agg') });
    receiver.script.set('/flaky', [500]);
    receiver.script.set('/refuse', [400]);
    receiver.received.length = 0;

    const started = await api('POST', '/vendngo_sync', { restaurant: SPICE });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().runs).toHaveLength(3);
    const runs = await runsOf(started.json().job.id);
    const byName = Object.fromEntries(runs.map((r) => [r.target_name, r]));
    expect(byName['Secret till']).toMatchObject({ status: 'done', attempts: 1, response_status: 200, item_count: 7 });
    expect(byName['Flaky vending']).toMatchObject({
      status: 'done',
      attempts: 2,
      response_status: 200,
      kind: 'vending',
    });
    expect(byName['Refusing POS']).toMatchObject({ status: 'error', attempts: 1, response_status: 400 });
    // The log keeps the status and our own words, never the answer (the receiver answers 3 KB of JSON).
    expect(byName['Refusing POS']!.response_excerpt).toBe('refused by the target');
    expect(byName['Flaky vending']!.response_excerpt).toBe('accepted');
    expect(byName['Secret till']!.request_bytes).toBeGreaterThan(100);

    expect(receiver.received.filter((r) => r.path === '/flaky')).toHaveLength(2);
    expect(receiver.received.filter((r) => r.path === '/refuse')).toHaveLength(1);
    expect(receiver.received.filter((r) => r.path === '/agg')).toHaveLength(0);
    const secret = receiver.received.find((r) => r.path === '/secret')!;
    expect(secret.headers.authorization).toBe('Bearer s3cr3t-token');
    expect(secret.headers['content-type']).toBe('application/json');
    expect(secret.headers['idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    expect(receiver.received.find((r) => r.path === '/flaky')!.headers.authorization).toBeUndefined();
    const body = JSON.parse(secret.body);
    expect(body).toMatchObject({ format: 'controldesk.pos-items.v1', restaurant: { id: SPICE } });
    expect(body.items).toHaveLength(7);
    expect(body.items.find((i: { foodid: string }) => i.foodid === TIKKA)).toMatchObject({
      plu: 'PT01',
      available: true,
    });
    expect(body.items.find((i: { foodid: string }) => i.foodid === LASSI)).toMatchObject({
      sold_out: true,
      available: false,
    });
    expect(secret.body.length).toBe(byName['Secret till']!.request_bytes);
    // The job is an error (one target refused), named in the task panel.
    const jobs = (await api('GET', '/backgroundjobs')).json().data as { id: string; status: string }[];
    expect(jobs.find((j) => j.id === started.json().job.id)!.status).toBe('error');
    // The log never carries the header either, nor any of the answers.
    const log = (await api('GET', `/pos/sync_runs?restaurant=${SPICE}`)).body;
    expect(log).not.toContain('s3cr3t');
    expect(log).not.toContain('xxxxxxxx');
    expect(log).not.toContain('"pad"');
  });

  it('publishes the full menu to aggregator targets only, with absolute image addresses and submenu options', async () => {
    receiver.received.length = 0;
    await ctx.database.db.execute(sql`update food_items set imageurl = '/media/tikka.jpg' where foodid = ${TIKKA}`);
    const started = await api('POST', '/third_party/menu/sync', { restaurant: SPICE });
    expect(started.statusCode, started.body).toBe(200);
    const runs = await runsOf(started.json().job.id);
    expect(runs.map((r) => [r.target_name, r.status])).toEqual([['Aggregator A', 'done']]);
    expect(receiver.received.map((r) => r.path)).toEqual(['/agg']);
    const menu = JSON.parse(receiver.received[0]!.body);
    expect(menu.format).toBe('controldesk.menu.v1');
    expect(menu.items.find((i: { id: string }) => i.id === TIKKA)).toMatchObject({
      plu: 'PT01',
      image_url: 'http://127.0.0.1:3999/media/tikka.jpg',
      available: true,
    });
    expect(menu.items.find((i: { id: string }) => i.id === BIRYANI).snoozed_until).not.toBeNull();
    expect(menu.items.find((i: { id: string }) => i.id === LASSI)).toMatchObject({ sold_out: true, available: false });
    const drink = menu.submenus.find((s: { id: string }) => s.id === 'sm_spice_route_add_a_drink');
    expect(drink.options.map((o: { name: string }) => o.name)).toContain('Mango Lassi');
    expect(menu.categories.length).toBeGreaterThan(0);
    // A run left running by a sync that stopped (its job is over or gone) reads as an error, not as running forever.
    await ctx.database.db.execute(
      sql`insert into menu_sync_runs (job_id, target_id, target_name, kind, restaurant, status, created_by)
          values ('gone-job', 1, 'Stopped till', 'pos', ${SPICE}, 'running', 'demo.admin')`,
    );
    // A row logged before the log stopped keeping answers shows its status and our reason, never the old text.
    await ctx.database.db.execute(
      sql`insert into menu_sync_runs (job_id, target_id, target_name, kind, restaurant, status, response_status, response_excerpt, created_by)
          values ('old-job', 1, 'Old till', 'pos', ${SPICE}, 'error', 500, '<html>db password: hunter2</html>', 'demo.admin')`,
    );
    const old = await api('GET', `/pos/sync_runs?restaurant=${SPICE}`);
    expect(old.body).not.toContain('hunter2');
    expect((old.json().runs as Run[]).find((r) => r.target_name === 'Old till')).toMatchObject({
      response_status: 500,
      response_excerpt: 'target error',
    });
    const stopped = ((await api('GET', `/pos/sync_runs?restaurant=${SPICE}`)).json().runs as Run[]).find(
      (r) => r.target_name === 'Stopped till',
    )!;
    expect(stopped).toMatchObject({ status: 'error' });
    expect(stopped.response_excerpt).toMatch(/Interrupted/);
    // A target of another kind is refused by name.
    const posTarget = (await api('GET', '/pos/targets'))
      .json()
      .targets.find((t: { name: string }) => t.name === 'Refusing POS');
    const wrong = await api('POST', '/third_party/menu/sync', { restaurant: SPICE, targets: [posTarget.id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().extras.field).toBe('targets');
  });

  it("ends a sync's runs as error, saying what happened to each, when its server died mid-sync", async () => {
    // What a server killed mid-sync leaves: its job in progress with no live pg-boss job, one target being sent to
    // and one not reached yet. The next recovery sweep ends the job, and its hook ends the runs with it.
    const db = ctx.database.db;
    const jobId = crypto.randomUUID();
    await db.execute(sql`insert into background_jobs (id, userid, type, status, title, queue)
        values (${jobId}, 'demo.admin', 'upload', 'in_progress', 'Menu sync of Spice Route', 'pos-sync')`);
    await db.execute(
      sql`insert into menu_sync_runs (job_id, target_id, target_name, kind, restaurant, status, created_by)
          values (${jobId}, 1, 'Till being sent to', 'pos', ${SPICE}, 'running', 'demo.admin'),
                 (${jobId}, 1, 'Till not reached', 'pos', ${SPICE}, 'queued', 'demo.admin')`,
    );
    await ctx.app.jobs.sweep(false);
    const job = (await api('GET', '/backgroundjobs')).json().data.find((j: { id: string }) => j.id === jobId);
    expect(job).toMatchObject({ status: 'error', message: 'Menu sync of Spice Route: interrupted by a restart' });
    const runs = ((await api('GET', `/pos/sync_runs?restaurant=${SPICE}`)).json().runs as Run[]).filter((r) =>
      r.target_name.startsWith('Till '),
    );
    expect(runs.map((r) => [r.target_name, r.status, r.response_excerpt]).sort()).toEqual([
      [
        'Till being sent to',
        'error',
        'Interrupted while sending to this target (the server running it stopped): it may or may not have received the menu. Sync again to be sure.',
      ],
      [
        'Till not reached',
        'error',
        'Interrupted: the sync stopped before this target (the server running it stopped); nothing was sent to it.',
      ],
    ]);
    // Stored so, not only shown so.
    const stored = await db.execute(sql`select status, finished_at from menu_sync_runs where job_id = ${jobId}`);
    for (const row of (stored as unknown as { rows: { status: string; finished_at: unknown }[] }).rows) {
      expect(row.status).toBe('error');
      expect(row.finished_at).not.toBeNull();
    }
  });

  it("sets tax and subsidy on exactly the chosen items, bumping their versions; another restaurant's item refuses all", async () => {
    const before = new Map((await items()).map((i) => [i.foodid, i.version]));
    const tax = await api('POST', '/update_fooditems_tax', {
      restaurant: SPICE,
      foodids: [TIKKA, CHAI],
      taxation: 'GST 18% (test)',
    });
    expect(tax.statusCode, tax.body).toBe(200);
    expect(tax.json()).toMatchObject({ updated: 2, unchanged: 0 });
    const after = new Map((await items()).map((i) => [i.foodid, i.version]));
    for (const [id, v] of before) expect(after.get(id)).toBe(id === TIKKA || id === CHAI ? v + 1 : v);
    const pos = (await api('GET', `/list_fooditems_plu?restaurant=${SPICE}`)).json().items as {
      foodid: string;
      taxation: string;
    }[];
    expect(
      pos
        .filter((i) => i.taxation === 'GST 18% (test)')
        .map((i) => i.foodid)
        .sort(),
    ).toEqual([CHAI, TIKKA].sort());

    const foreign = await api('POST', '/item_subsidy', {
      restaurant: SPICE,
      foodids: [LASSI, RAMEN],
      subsidyamount: 10,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().extras).toMatchObject({ field: 'foodids', foodids: [RAMEN] });
    expect(new Map((await items()).map((i) => [i.foodid, i.version]))).toEqual(after);
    expect((await api('POST', '/item_subsidy', { restaurant: SPICE, all: true, subsidyamount: -1 })).statusCode).toBe(
      400,
    );
    expect((await api('POST', '/item_subsidy', { restaurant: SPICE, subsidyamount: 1 })).json().extras.field).toBe(
      'foodids',
    );

    const all = await api('POST', '/item_subsidy', { restaurant: SPICE, all: true, subsidyamount: 12.5 });
    expect(all.json()).toMatchObject({ updated: 7, unchanged: 0 });
    const again = await api('POST', '/item_subsidy', { restaurant: SPICE, all: true, subsidyamount: 12.5 });
    expect(again.json()).toMatchObject({ updated: 0, unchanged: 7 });
    const stored = (await ctx.database.db.execute(
      sql`select (details->>'subsidyamount')::float8 as s from food_items where foodid = ${LASSI}`,
    )) as unknown as { rows: { s: number }[] };
    expect(stored.rows[0]!.s).toBe(12.5);
  });
});
