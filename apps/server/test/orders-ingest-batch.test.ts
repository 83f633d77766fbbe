import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dayEnds, orders, stockLevels } from '../src/db/schema/index.js';
import { toIngestedOrder } from '../src/modules/orders/orders.view.js';
import { rebuildRollups } from '../src/modules/reports/rollups.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

/**
 * Issue 34: orders sent at the same moment are written in batches (modules/orders/ingest.batch.ts). Whatever the
 * batching, every order is kept once, a retry gets the first answer, an order the database refuses is refused
 * alone while the others of its batch are kept, and the rollups, loyalty balances and stock equal what the
 * orders say.
 */

const DAY = '2031-05-05';
/** Closed before the orders come: orders asking for it count on DAY (the first open day after it). */
const CLOSED = '2031-05-04';
const SPICE = 'fc-blr-atrium:spice_route';
const RIVER = 'fc-ldn-river:noodle_house';
const TRACKED = 'spice_route_paneer_tikka';
const STOCK = 100_000;
/** Tracked at the bottom of what stock can hold: one more sold is a value the database refuses. */
const OVERFLOW = 'spice_route_egg_curry';
/** Tracked with 2 left: the orders that sell it sell it out, and the restaurant's menu stamp moves. */
const SCARCE = 'spice_route_mango_lassi';

type Row = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

function orderBody(i: number, over: Record<string, unknown> = {}) {
  const spice = i % 4 !== 3;
  const qty = 1 + (i % 3);
  const lines = spice
    ? [
        {
          foodid: TRACKED,
          name: 'Paneer Tikka',
          options: i % 5 === 0 ? [{ name: 'Hot', group: 'Spice level', price: 0 }] : [],
          quantity: qty,
          unit_price: 220,
          tax: 10.48 * qty,
          tax_rate: 5,
        },
        { foodid: 'spice_route_masala_chai', name: 'Masala Chai', quantity: 1 + (i % 2), unit_price: 40, tax: 0 },
        ...(i % 25 === 7 ? [{ foodid: SCARCE, name: 'Mango Lassi', quantity: 1, unit_price: 90, tax: 0 }] : []),
      ]
    : [{ foodid: 'noodle_house_gyoza', name: 'Gyoza', quantity: qty, unit_price: 5, tax: 0.83 }];
  const total = lines.reduce((a, l) => a + l.unit_price * l.quantity, 0);
  return {
    order_number: `B-${i}`,
    restaurant: spice ? SPICE : RIVER,
    channel: 'kiosk',
    order_type: 'dine_in',
    session: i % 2 ? 'Lunch' : 'Dinner',
    placed_at: `${DAY}T12:00:00Z`,
    business_date: i % 10 === 1 ? CLOSED : DAY,
    status: i % 9 === 4 ? 'cancelled' : 'completed',
    ...(i % 3 === 0 ? { customer_ref: `BATCH-CUST-${i % 7}` } : {}),
    lines,
    total,
    payments: i % 6 === 5 ? [] : [{ tender: i % 2 ? 'card' : 'upi', amount: total }],
    ...over,
  };
}

describe.each(backends)('order ingest in batches on %s', (backend) => {
  let ctx: TestContext;
  let key: string;

  const ingest = (body: unknown, idempotencyKey?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      payload: body as object,
      headers: {
        origin: '',
        authorization: `Bearer ${key}`,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
    });
  const query = async (q: ReturnType<typeof sql>) => rowsOf(await ctx.database.db.execute(q));

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid: 'demo.admin', password: 'ControlDesk#2026' },
    });
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/api_keys',
      payload: { api_client: 'kiosk-batch' },
      headers: { cookie: `cd_session=${sessionCookie(signIn)!}` },
    });
    expect(made.statusCode).toBe(200);
    key = made.json().key;
    await ctx.database.db
      .insert(stockLevels)
      .values({ foodid: TRACKED, restaurant: SPICE, on_hand: String(STOCK) })
      .onConflictDoUpdate({ target: stockLevels.foodid, set: { on_hand: String(STOCK) } });
    await ctx.database.db
      .insert(stockLevels)
      .values({ foodid: OVERFLOW, restaurant: SPICE, on_hand: '-999999999.500' })
      .onConflictDoUpdate({ target: stockLevels.foodid, set: { on_hand: '-999999999.500' } });
    await ctx.database.db
      .insert(stockLevels)
      .values({ foodid: SCARCE, restaurant: SPICE, on_hand: '2' })
      .onConflictDoUpdate({ target: stockLevels.foodid, set: { on_hand: '2', sold_out: false } });
    await ctx.database.db
      .insert(dayEnds)
      .values({ restaurant: SPICE, business_date: CLOSED, state: 'closed', totals: {} });
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('keeps 200 concurrent orders once each, answers retries with the first answer and refuses a bad order alone', async () => {
    type Call = { name: string; body: Record<string, unknown>; key?: string };
    const calls: Call[] = [];
    for (let i = 0; i < 170; i++)
      calls.push({ name: `new ${i}`, body: orderBody(i), key: i % 5 === 4 ? undefined : `k-${i}` });
    // The same call twice (a retry racing the first): one order, the same answer.
    for (let i = 0; i < 15; i++) calls.push({ name: `retry ${i * 10}`, body: orderBody(i * 10), key: `k-${i * 10}` });
    // The same order number with another key (or none): one order, the other refused 409 orderExists.
    for (let i = 0; i < 8; i++)
      calls.push({ name: `dup ${i * 20 + 1}`, body: orderBody(i * 20 + 1), key: i % 2 ? `other-${i}` : undefined });
    // A key sent again for another order: 409 idempotencyKeyReused.
    for (let i = 0; i < 6; i++) calls.push({ name: `reused ${i}`, body: orderBody(500 + i), key: `k-${i * 10 + 2}` });
    // A value the database refuses (its item's stock would go beyond numeric(12,3)): refused alone, 400.
    const bad = orderBody(900, {
      restaurant: SPICE,
      lines: [{ foodid: OVERFLOW, name: 'Egg Curry', quantity: 1, unit_price: 180, tax: 0 }],
      total: 180,
      payments: [],
    });
    calls.push({ name: 'bad', body: bad, key: 'k-bad' });
    expect(calls).toHaveLength(200);
    // Interleaved, so that duplicates, retries and the bad order share batches with new orders.
    const order = calls.map((c, i) => ({ c, at: (i * 7919) % calls.length })).sort((a, b) => a.at - b.at);

    const stamp = async () =>
      Number((await query(sql`select value from app_state where key = ${`menu_version:${SPICE}`}`))[0]?.value ?? 0);
    const stampBefore = await stamp();

    const answers = await Promise.all(order.map(({ c }) => ingest(c.body, c.key).then((res) => ({ c, res }))));

    const byName = new Map(answers.map((a) => [a.c.name, a.res]));
    // The bad order alone was refused.
    const badRes = byName.get('bad')!;
    expect(badRes.statusCode, badRes.body).toBe(400);
    expect(badRes.json().extras.code).toBe('invalidValue');
    // Every other order number is kept once, and its 200 answers name that order.
    const kept =
      await query(sql`select id::int as id, order_number, business_date::text as business_date, xmin::text as tx
      from orders where order_number like 'B-%' order by id`);
    // (Of two orders under one key, the one answered first is kept: see the reused keys below.)
    const numbers = new Set(Array.from({ length: 170 }, (_, i) => `B-${i}`));
    for (let i = 0; i < 6; i++) {
      const won = answers.find((a) => a.c.key === `k-${i * 10 + 2}` && a.res.statusCode === 200);
      numbers.delete(`B-${i * 10 + 2}`);
      numbers.add(won!.c.body.order_number as string);
    }
    const keptNumbers = new Set(kept.map((r) => r.order_number));
    const missing = [...numbers].filter((n) => !keptNumbers.has(n));
    const missingAnswers = answers.filter((a) => missing.includes(a.c.body.order_number as string));
    expect(missingAnswers.map((a) => `${a.c.name}: ${a.res.statusCode} ${a.res.body}`)).toEqual([]);
    expect(kept.map((r) => r.order_number).sort()).toEqual([...numbers].sort());
    const idOf = new Map(kept.map((r) => [r.order_number as string, r.id as number]));
    for (const { c, res } of answers) {
      if (c.name === 'bad') continue;
      if (res.statusCode === 200) {
        expect(res.json().order.order_id, c.name).toBe(idOf.get(c.body.order_number as string));
        // SPICE's closed day counts on DAY; RIVER's is open.
        const date = c.body.restaurant === SPICE ? DAY : c.body.business_date;
        expect(res.json().order.business_date, c.name).toBe(date);
      }
    }
    // The answers are the single path's: the order as drizzle reads it.
    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(sql`${orders.order_number} like 'B-%'`);
    const rowOf = new Map(rows.map((r) => [r.order_number, r]));
    for (const { c, res } of answers) {
      if (res.statusCode !== 200) continue;
      expect(res.json(), c.name).toEqual({
        result: 'success',
        message: 'Order received',
        order: toIngestedOrder(rowOf.get(c.body.order_number as string)!),
      });
    }
    // Batches happened: some transaction wrote several orders.
    expect(new Set(kept.map((r) => r.tx)).size).toBeLessThan(kept.length);

    // Retries: the same answer as the first call, one of them marked replayed.
    for (let i = 0; i < 15; i++) {
      const pair = answers.filter((a) => a.c.key === `k-${i * 10}` && a.c.body.order_number === `B-${i * 10}`);
      expect(pair, `retry ${i * 10}`).toHaveLength(2);
      expect(pair.map((a) => a.res.statusCode)).toEqual([200, 200]);
      expect(pair[0]!.res.json()).toEqual(pair[1]!.res.json());
      expect(pair.map((a) => a.res.headers['idempotent-replayed'] ?? '').sort()).toEqual(['', 'true']);
    }
    // Duplicate numbers: one 200, the other 409 orderExists naming the kept order.
    for (let i = 0; i < 8; i++) {
      const n = `B-${i * 20 + 1}`;
      const both = answers.filter((a) => a.c.body.order_number === n);
      expect(both.map((a) => a.res.statusCode).sort(), n).toEqual([200, 409]);
      const refused = both.find((a) => a.res.statusCode === 409)!.res.json();
      expect(refused.extras).toMatchObject({ code: 'orderExists', order_id: idOf.get(n) });
    }
    // A key reused for another order: the first use keeps it; the other is refused, its order kept or not by which
    // came first (never both answered 200 under one key).
    for (let i = 0; i < 6; i++) {
      const k = `k-${i * 10 + 2}`;
      const both = answers.filter((a) => a.c.key === k);
      const codes = both.map((a) => (a.res.statusCode === 200 ? 'ok' : a.res.json().extras.code)).sort();
      expect(codes, k).toEqual(['idempotencyKeyReused', 'ok']);
    }
    // The kept answers are the answers given, and each key kept once.
    const keptAnswers = await query(sql`select idempotency_key, answer from ingest_requests
      where api_client = 'kiosk-batch'`);
    const firstAnswer = new Map(
      answers.filter((a) => a.res.statusCode === 200 && a.c.key).map((a) => [a.c.key!, a.res.json()]),
    );
    expect(new Set(keptAnswers.map((r) => r.idempotency_key)).size).toBe(keptAnswers.length);
    expect(keptAnswers).toHaveLength(firstAnswer.size);
    for (const r of keptAnswers)
      expect(r.answer, String(r.idempotency_key)).toEqual(firstAnswer.get(String(r.idempotency_key)));

    // A later retry of any of them gets the first answer again.
    for (const i of [0, 3, 50, 77, 169]) {
      if (i % 5 === 4) continue;
      const again = await ingest(orderBody(i), `k-${i}`);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(firstAnswer.get(`k-${i}`));
    }

    // Lines, payments and the first status: as many as the kept orders' bodies say.
    const bodyOf = new Map<string, Record<string, unknown>>();
    for (const { c, res } of answers) if (res.statusCode === 200) bodyOf.set(c.body.order_number as string, c.body);
    expect(bodyOf.size).toBe(kept.length);
    const [counts] = await query(sql`select
      (select count(*)::int from order_lines l join orders o on o.id = l.order_id where o.order_number like 'B-%') as lines,
      (select count(*)::int from order_payments p join orders o on o.id = p.order_id where o.order_number like 'B-%') as payments,
      (select count(*)::int from order_status_history h join orders o on o.id = h.order_id where o.order_number like 'B-%') as history`);
    const bodies = [...bodyOf.values()];
    expect(counts).toEqual({
      lines: bodies.reduce((n, b) => n + (b.lines as unknown[]).length, 0),
      payments: bodies.reduce((n, b) => n + (b.payments as unknown[]).length, 0),
      history: bodies.length,
    });

    // Stock: the tracked item sold down by every kept order, one ledger entry each, balances in sequence.
    const sold = bodies.reduce(
      (n, b) =>
        n +
        (b.lines as { foodid: string; quantity: number }[])
          .filter((l) => l.foodid === TRACKED)
          .reduce((a, l) => a + l.quantity, 0),
      0,
    );
    const [level] = await query(sql`select on_hand::float8 as on_hand from stock_levels where foodid = ${TRACKED}`);
    expect(level!.on_hand).toBe(STOCK - sold);
    const entries = await query(sql`select quantity::float8 as quantity, balance_after::float8 as balance_after, ref
      from stock_ledger where foodid = ${TRACKED} and entry_type = 'sale' order by id`);
    expect(entries).toHaveLength(bodies.filter((b) => b.restaurant === SPICE).length);
    let balance = STOCK;
    for (const e of entries) {
      balance += e.quantity as number;
      expect(e.balance_after).toBe(balance);
    }
    expect(new Set(entries.map((e) => e.ref)).size).toBe(entries.length);
    // The scarce item sold out: its level below zero, flagged, and the menu stamp moved.
    const scarce = bodies.filter((b) => (b.lines as { foodid: string }[]).some((l) => l.foodid === SCARCE)).length;
    expect(scarce).toBeGreaterThan(2);
    const [out] = await query(
      sql`select on_hand::float8 as on_hand, sold_out from stock_levels where foodid = ${SCARCE}`,
    );
    expect(out).toEqual({ on_hand: 2 - scarce, sold_out: true });
    expect(await stamp()).toBeGreaterThan(stampBefore);

    // Loyalty: every balance equals its ledger; each member order earned once per program.
    const accounts = await query(sql`select a.id, a.balance, a.earned,
        coalesce(sum(l.points), 0)::int as ledger, coalesce(sum(l.points) filter (where l.entry_type = 'earn'), 0)::int as earns
      from loyalty_accounts a left join loyalty_ledger l on l.account_id = a.id
      where a.customer_ref like 'BATCH-CUST-%' group by a.id, a.balance, a.earned`);
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) {
      expect(a.balance, `account ${String(a.id)}`).toBe(a.ledger);
      expect(a.earned, `account ${String(a.id)}`).toBe(a.earns);
    }
    const [earned] =
      await query(sql`select count(*)::int as entries, count(distinct (l.order_id, l.program_id))::int as distinct_entries,
        count(distinct l.order_id)::int as orders
      from loyalty_ledger l join orders o on o.id = l.order_id where o.order_number like 'B-%' and l.entry_type = 'earn'`);
    expect(earned!.entries).toBe(earned!.distinct_entries);
    const members = bodies.filter((b) => b.customer_ref && b.restaurant === SPICE && b.status !== 'cancelled');
    expect(earned!.orders).toBe(members.length);

    // The rollups equal a rebuild from the orders.
    const rollups = async () =>
      query(sql`
        select 'd' as t, business_date::text as d, restaurant || '|' || session || '|' || channel || '|' || order_type as k,
          sum(orders)::text || '|' || sum(cancelled) || '|' || sum(items) || '|' || sum(gross) || '|' || sum(discount)
          || '|' || sum(charges) || '|' || sum(tax) || '|' || sum(refunds) as v
        from sales_daily where business_date between ${CLOSED} and ${DAY} group by 2, 3
        union all
        select 't', business_date::text, restaurant || '|' || session || '|' || tender, sum(payments) || '|' || sum(amount)
        from sales_daily_tenders where business_date between ${CLOSED} and ${DAY} group by 2, 3
        union all
        select 'i', business_date::text, restaurant || '|' || session || '|' || foodid || '|' || tax_rate,
          sum(quantity) || '|' || sum(gross) || '|' || sum(tax)
        from sales_daily_items where business_date between ${CLOSED} and ${DAY} group by 2, 3
        union all
        select 'o', business_date::text, restaurant || '|' || session || '|' || foodid || '|' || option_group || '|' || option_name,
          sum(quantity) || '|' || sum(gross)
        from sales_daily_options where business_date between ${CLOSED} and ${DAY} group by 2, 3
        order by 1, 2, 3`);
    const before = await rollups();
    expect(before.length).toBeGreaterThan(10);
    await ctx.database.db.transaction((tx) => rebuildRollups(tx, { from: CLOSED, to: DAY }));
    expect(before, 'the rollups equal a rebuild from the orders').toEqual(await rollups());
  }, 120_000);

  it('batches each API key scope apart: a key limited to food courts writes under row-level security', async () => {
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid: 'demo.admin', password: 'ControlDesk#2026' },
    });
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/api_keys',
      payload: { api_client: 'pos-river-batch', foodcourts: ['fc-ldn-river'] },
      headers: { cookie: `cd_session=${sessionCookie(signIn)!}` },
    });
    const riverKey = made.json().key as string;
    const river = (i: number) => ({
      ...orderBody(2003 + i * 4, { customer_ref: `RIVER-CUST-${i % 3}` }),
      order_number: `S-${i}`,
    });
    const calls = [
      ...Array.from({ length: 25 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/v2/bck/ingest/orders',
          payload: river(i),
          headers: { origin: '', authorization: `Bearer ${riverKey}`, 'idempotency-key': `s-${i}` },
        }),
      ),
      ...Array.from({ length: 25 }, (_, i) => ingest(orderBody(3000 + i), `k-${3000 + i}`)),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const [scoped] = await query(sql`select count(*)::int as n, count(distinct xmin::text)::int as tx,
        count(*) filter (where api_client = 'pos-river-batch')::int as by_key
      from orders where order_number like 'S-%'`);
    expect(scoped).toMatchObject({ n: 25, by_key: 25 });
    expect(scoped!.tx).toBeLessThan(25);
    // Never in one statement with the other key's orders (another scope).
    const [mixed] = await query(sql`select count(*)::int as n from orders a join orders b on a.xmin::text = b.xmin::text
      where a.order_number like 'S-%' and b.order_number like 'B-3___'`);
    expect(mixed!.n).toBe(0);
  });

  it('writes a lone order at once through the single path, and the next burst in batches again', async () => {
    const t = performance.now();
    const res = await ingest(orderBody(1000), 'k-1000');
    expect(res.statusCode).toBe(200);
    expect(performance.now() - t).toBeLessThan(2000);
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => ingest(orderBody(1001 + i), `k-${1001 + i}`)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const [row] = await query(sql`select count(*)::int as n, count(distinct xmin::text)::int as tx from orders
      where order_number like 'B-10__' and order_number <> 'B-1000'`);
    expect(row!.n).toBe(30);
    expect(row!.tx).toBeLessThan(30);
  });
});
