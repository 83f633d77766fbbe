import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, orders } from '../src/db/schema/index.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const order = (order_number: string, over: Record<string, unknown> = {}) => ({
  order_number,
  restaurant: 'fc-blr-atrium:spice_route',
  channel: 'kiosk',
  order_type: 'dine_in',
  session: 'Lunch',
  placed_at: '2026-11-20T12:41:07+05:30',
  customer_ref: 'EMP-10442',
  lines: [
    {
      foodid: 'spice_route_paneer_tikka',
      name: 'Paneer Tikka',
      options: [{ name: 'Hot', group: 'Spice level', price: 0 }],
      quantity: 2,
      unit_price: 220,
      tax: 20.95,
    },
    { foodid: 'spice_route_masala_chai', name: 'Masala Chai', quantity: 1, unit_price: 40, tax: 1.9 },
  ],
  total: 480,
  payments: [{ tender: 'card', amount: 480, reference: 'TXN-1' }],
  ...over,
});

/** Issue 13 point 2: the ingest API of the ordering apps, its API keys and idempotency. */
describe.each(backends)('order ingest on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let key: string;
  let keyId: number;

  const signIn = async (userid: string) =>
    sessionCookie(
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/vendor/password_login',
        payload: { userid, password: 'ControlDesk#2026' },
      }),
    )!;
  /** As a server calls it: no cookie, no Origin. */
  const ingest = (body: unknown, headers: Record<string, string> = {}, k = key) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      payload: body as object,
      headers: { origin: '', authorization: `Bearer ${k}`, ...headers },
    });
  const update = (id: number, body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/v2/bck/ingest/orders/${id}`,
      payload: body as object,
      headers: { origin: '', 'x-api-key': key, ...headers },
    });
  const newKey = async (payload: object = { api_client: 'kiosk-atrium' }, cookie = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/api_keys',
      payload,
      headers: { cookie: `cd_session=${cookie}` },
    });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    const res = await newKey();
    expect(res.statusCode).toBe(200);
    key = res.json().key;
    keyId = res.json().api_key.id;
  });
  afterAll(async () => ctx.close());

  it('lets only administrators make keys, shows a key once and keeps only its hash', async () => {
    expect(key).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v2/bck/api_keys',
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(key);
    expect(list.json().api_keys[0]).toMatchObject({
      api_client: 'kiosk-atrium',
      status: 'active',
      prefix: key.slice(0, 10),
    });
    const menu = await signIn('demo.menu');
    expect((await newKey({ api_client: 'x' }, menu)).statusCode).toBe(403);
    const bad = await newKey({ api_client: 'x', foodcourts: ['fc-nowhere'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().extras.field).toBe('foodcourts.0');
    const audited = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity, 'api_key'));
    expect(audited.length).toBeGreaterThan(0);
    expect(JSON.stringify(audited)).not.toContain(key);
  });

  it('creates an order with exact amounts and its lines, payments and first status', async () => {
    const res = await ingest(order('T-0001'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      order_number: 'T-0001',
      status: 'placed',
      business_date: '2026-11-20',
      currency: 'INR',
      total: 480,
      paid: 480,
      refunded: 0,
    });
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/v2/bck/orders/${res.json().order.order_id}`,
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(detail.statusCode).toBe(200);
    const o = detail.json().order;
    expect(o).toMatchObject({
      channel: 'kiosk',
      order_type: 'dine_in',
      session: 'Lunch',
      tax: 22.85,
      api_client: 'kiosk-atrium',
    });
    expect(o.lines.map((l: { line_total: number }) => l.line_total)).toEqual([440, 40]);
    expect(o.lines[0].options).toEqual([{ name: 'Hot', group: 'Spice level', price: 0 }]);
    expect(o.payments).toMatchObject([{ tender: 'card', amount: 480, reference: 'TXN-1' }]);
    expect(o.status_history).toMatchObject([{ status: 'placed', source: 'kiosk-atrium' }]);
  });

  it('refuses a missing, unknown or malformed key with 401, before reading the body', async () => {
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      payload: {},
      headers: { origin: '' },
    });
    expect(none.statusCode).toBe(401);
    expect((await ingest({ nonsense: true }, {}, 'cdk_not-a-key')).statusCode).toBe(401);
    expect((await ingest(order('T-0002'), {}, 'Basic abc')).statusCode).toBe(401);
    // A session is not a key.
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      payload: order('T-0002'),
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(session.statusCode).toBe(401);
  });

  it('takes a key from a client that also carries a session cookie and no Origin (the key, not the cookie, decides)', async () => {
    const res = await ingest(order('T-COOKIE-1'), { cookie: `cd_session=${admin}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.order_number).toBe('T-COOKIE-1');
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ channel: 'fax' }, 'channel'],
      [{ lines: [] }, 'lines'],
      [{ lines: [{ foodid: 'x', name: 'X', quantity: 1, unit_price: -1 }] }, 'lines.0.unit_price'],
      [{ lines: [{ foodid: 'x', name: 'X', quantity: 0, unit_price: 1 }] }, 'lines.0.quantity'],
      [{ placed_at: 'yesterday' }, 'placed_at'],
      [{ total: 479.99 }, 'total'],
      [{ payments: [{ tender: 'card', amount: 500 }] }, 'payments'],
      [{ restaurant: 'fc-blr-atrium:nowhere' }, 'restaurant'],
    ];
    for (const [over, field] of cases) {
      const res = await ingest(order('T-BAD', over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().extras.field, JSON.stringify(over)).toBe(field);
      expect(res.json().message).toContain(field);
    }
    const { order_number: _omitted, ...missing } = order('x');
    expect((await ingest(missing)).json().extras.field).toBe('order_number');
  });

  it('answers a retried call with the same Idempotency-Key with the first order, and never makes a second', async () => {
    const first = await ingest(order('T-0010'), { 'idempotency-key': 'retry-1' });
    expect(first.statusCode).toBe(200);
    const again = await ingest(order('T-0010'), { 'idempotency-key': 'retry-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await ingest(order('T-0011'), { 'idempotency-key': 'retry-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json().extras.code).toBe('idempotencyKeyReused');
    // Without a key the order number still guards against a second order.
    const dup = await ingest(order('T-0010'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().extras).toMatchObject({ code: 'orderExists', order_id: first.json().order.order_id });
  });

  it('makes one order of five identical calls made at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ingest(order('T-0020'), { 'idempotency-key': 'burst-1' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().order.order_id)).size).toBe(1);
    const rows = await ctx.database.db.select().from(orders).where(eq(orders.order_number, 'T-0020'));
    expect(rows).toHaveLength(1);
  });

  it('changes the status forwards only and adds payments, idempotently', async () => {
    const created = await ingest(order('T-0030', { payments: [] }));
    const id = created.json().order.order_id;
    const ready = await update(id, { status: 'ready', note: 'At the counter' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().order.status).toBe('ready');
    expect((await update(id, { status: 'preparing' })).json().extras.code).toBe('statusTransition');
    const pay = { payments: [{ tender: 'cash', amount: 480 }] };
    const paid = await update(id, pay, { 'idempotency-key': 'pay-1' });
    expect(paid.json().order.paid).toBe(480);
    const retried = await update(id, pay, { 'idempotency-key': 'pay-1' });
    expect(retried.json().order.paid).toBe(480);
    const more = await update(id, { payments: [{ tender: 'cash', amount: 1 }] });
    expect(more.statusCode).toBe(409);
    expect(more.json().extras.code).toBe('paymentsExceedTotal');
    expect((await update(999_999, { status: 'ready' })).statusCode).toBe(404);
    expect((await update(id, {})).json().extras.field).toBe('status');
  });

  it('refuses a key outside its food courts, and a revoked key at once', async () => {
    const scoped = await newKey({ api_client: 'pos-river', foodcourts: ['fc-ldn-river'] });
    const scopedKey = scoped.json().key as string;
    expect((await ingest(order('T-0040'), {}, scopedKey)).statusCode).toBe(403);
    const river = order('T-0040', {
      restaurant: 'fc-ldn-river:noodle_house',
      lines: [{ foodid: 'noodle_house_gyoza', name: 'Gyoza', quantity: 1, unit_price: 5, tax: 0.83 }],
      total: 5,
      payments: [],
    });
    const ok = await ingest(river, {}, scopedKey);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order.currency).toBe('GBP');

    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/v2/bck/api_keys/${scoped.json().api_key.id}`,
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().api_key.status).toBe('revoked');
    const refused = await ingest(order('T-0041'), {}, scopedKey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().result).toBe('failure');
    // The other key still works.
    expect((await ingest(order('T-0041'))).statusCode).toBe(200);
    expect(keyId).toBeGreaterThan(0);
  });
});
