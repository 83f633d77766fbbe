import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

/** Issue 13 point 5: refunds — never more than was paid, also when made at the same moment; audited; shown. */
describe.each(backends)('refunds on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let key: string;
  let n = 0;

  const signIn = async (userid: string, password = 'ControlDesk#2026') =>
    sessionCookie(
      await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
    )!;
  /** An order of 3 × 100 and 1 × 50, paid 350 (or `paid`). */
  const newOrder = async (paid = 350): Promise<{ id: number; lines: number[] }> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      headers: { origin: '', authorization: `Bearer ${key}` },
      payload: {
        order_number: `RF-${++n}`,
        restaurant: 'fc-ldn-river:noodle_house',
        channel: 'app',
        order_type: 'takeaway',
        status: 'completed',
        lines: [
          { foodid: 'noodle_house_tonkotsu_ramen', name: 'Tonkotsu Ramen', quantity: 3, unit_price: 100 },
          { foodid: 'noodle_house_gyoza', name: 'Gyoza', quantity: 1, unit_price: 50 },
        ],
        payments: paid > 0 ? [{ tender: 'card', amount: paid }] : [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().order.order_id as number;
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/v2/bck/orders/${id}`,
      headers: { cookie: `cd_session=${admin}` },
    });
    return { id, lines: detail.json().order.lines.map((l: { line_id: number }) => l.line_id) };
  };
  const refund = (id: number, body: object, cookie = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: `/v2/bck/orders/${id}/refunds`,
      payload: { reason: 'Cold food', ...body },
      headers: { cookie: `cd_session=${cookie}` },
    });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    key = (
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/api_keys',
        payload: { api_client: 'refund-test' },
        headers: { cookie: `cd_session=${admin}` },
      })
    ).json().key;
  });
  afterAll(async () => ctx.close());

  it('refunds units of a line, shows the refund in the order, and audits it', async () => {
    const order = await newOrder();
    const res = await refund(order.id, {
      kind: 'lines',
      lines: [{ line_id: order.lines[0], quantity: 1 }],
      idempotency_key: 'a1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject({
      kind: 'lines',
      amount: 100,
      reason: 'Cold food',
      created_by: 'demo.admin',
      lines: [{ line_id: order.lines[0], name: 'Tonkotsu Ramen', quantity: 1, amount: 100 }],
    });
    const detail = res.json().order;
    expect(detail).toMatchObject({ refunded: 100, refundable: 250, refund_state: 'partial' });
    expect(detail.lines[0]).toMatchObject({ refunded_quantity: 1, refunded_amount: 100 });
    expect(detail.refunds).toHaveLength(1);
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/v2/bck/orders/${order.id}`,
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(shown.json().order.refunds[0].refund_id).toBe(res.json().refund.refund_id);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entity_id, String(order.id))));
    expect(audit).toMatchObject([{ action: 'refund', actor: 'demo.admin', before: { refunded: 0 } }]);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/v2/bck/refunds?search=RF-${n}`,
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(listed.json()).toMatchObject({ total: 1, refunds: [{ order_id: order.id, amount: 100, currency: 'GBP' }] });
  });

  it('refuses a refund above what was paid, and more units than are left', async () => {
    const order = await newOrder(300);
    const over = await refund(order.id, { kind: 'amount', amount: 300.01, idempotency_key: 'b1' });
    expect(over.statusCode).toBe(409);
    expect(over.json().extras).toMatchObject({ code: 'refundExceedsPaid', field: 'amount' });
    // Every line, 350, is more than the 300 paid.
    const lines = await refund(order.id, {
      kind: 'lines',
      lines: [
        { line_id: order.lines[0], quantity: 3 },
        { line_id: order.lines[1], quantity: 1 },
      ],
      idempotency_key: 'b2',
    });
    expect(lines.json().extras.code).toBe('refundExceedsPaid');
    expect((await refund(order.id, { kind: 'amount', amount: 300, idempotency_key: 'b3' })).statusCode).toBe(200);
    const more = await refund(order.id, { kind: 'amount', amount: 0.01, idempotency_key: 'b4' });
    expect(more.json().extras.code).toBe('alreadyRefunded');
    const unpaid = await newOrder(0);
    expect((await refund(unpaid.id, { kind: 'full', idempotency_key: 'b5' })).json().extras.code).toBe('nothingPaid');
    const units = await newOrder();
    await refund(units.id, { kind: 'lines', lines: [{ line_id: units.lines[1], quantity: 1 }], idempotency_key: 'c1' });
    const again = await refund(units.id, {
      kind: 'lines',
      lines: [{ line_id: units.lines[1], quantity: 1 }],
      idempotency_key: 'c2',
    });
    expect(again.json().extras).toMatchObject({ code: 'refundQuantityTooHigh', field: 'lines.0.quantity' });
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const order = await newOrder();
    for (const [body, field] of [
      [{ kind: 'amount', idempotency_key: 'd1' }, 'amount'],
      [{ kind: 'lines', idempotency_key: 'd1' }, 'lines'],
      [{ kind: 'full', reason: '', idempotency_key: 'd1' }, 'reason'],
      [{ kind: 'full' }, 'idempotency_key'],
      [{ kind: 'amount', amount: -1, idempotency_key: 'd1' }, 'amount'],
      [{ kind: 'lines', lines: [{ line_id: 1, quantity: 1 }], idempotency_key: 'd1' }, 'lines.0.line_id'],
    ] as const) {
      const res = await refund(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().extras.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('answers a retry with the same key with the first refund, also via the header', async () => {
    const order = await newOrder();
    const first = await refund(order.id, { kind: 'amount', amount: 10, idempotency_key: 'e1' });
    const again = await refund(order.id, { kind: 'amount', amount: 10, idempotency_key: 'e1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().refund.refund_id).toBe(first.json().refund.refund_id);
    expect(again.json().order.refunded).toBe(10);
    const other = await refund(order.id, { kind: 'amount', amount: 11, idempotency_key: 'e1' });
    expect(other.json().extras.code).toBe('idempotencyKeyReused');
    const viaHeader = await ctx.app.inject({
      method: 'POST',
      url: `/v2/bck/orders/${order.id}/refunds`,
      payload: { kind: 'amount', amount: 5, reason: 'Late' },
      headers: { cookie: `cd_session=${admin}`, 'idempotency-key': 'e2' },
    });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json().order.refunded).toBe(15);
  });

  it('never lets refunds made at the same moment together exceed what was paid', async () => {
    const order = await newOrder();
    // Five refunds of 100 against 350 paid: three can be made, two must be refused.
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => refund(order.id, { kind: 'amount', amount: 100, idempotency_key: `p${i}` })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409]);
    // Two full refunds at once: one gets the 50 left, the other nothing.
    const full = await Promise.all([
      refund(order.id, { kind: 'full', idempotency_key: 'f1' }),
      refund(order.id, { kind: 'full', idempotency_key: 'f2' }),
    ]);
    expect(full.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/v2/bck/orders/${order.id}`,
      headers: { cookie: `cd_session=${admin}` },
    });
    const o = detail.json().order;
    expect(o).toMatchObject({ paid: 350, refunded: 350, refundable: 0, refund_state: 'full' });
    expect(o.refunds.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(350);
    // The same line refunded twice at once: only one unit is left after two.
    const lines = await newOrder();
    const racing = await Promise.all(
      [1, 2].map((i) =>
        refund(lines.id, {
          kind: 'lines',
          lines: [{ line_id: lines.lines[0], quantity: 2 }],
          idempotency_key: `l${i}`,
        }),
      ),
    );
    expect(racing.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('needs the refunds page and one of the order’s sites', async () => {
    const order = await newOrder();
    await ctx.database.db.insert(users).values([
      {
        userid: 'history.only',
        name: 'History Only',
        password_hash: await hashPassword('Orders#2026'),
        login_types: ['password'],
        pagepermissionaccess: ['preorderhistory'],
        sites: { locations: ['loc-london'], foodcourts: [], restaurants: [] },
      },
      {
        userid: 'refunds.atrium',
        name: 'Refunds Atrium',
        password_hash: await hashPassword('Orders#2026'),
        login_types: ['password'],
        pagepermissionaccess: ['refunds'],
        sites: { locations: [], foodcourts: ['fc-blr-atrium'], restaurants: [] },
      },
    ]);
    const historyOnly = await signIn('history.only', 'Orders#2026');
    const atrium = await signIn('refunds.atrium', 'Orders#2026');
    expect((await refund(order.id, { kind: 'full', idempotency_key: 'g1' }, historyOnly)).statusCode).toBe(403);
    expect((await refund(order.id, { kind: 'full', idempotency_key: 'g1' }, atrium)).statusCode).toBe(404);
  });
});
