import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const SPICE = 'fc-blr-atrium:spice_route';
const TIKKA = 'spice_route_paneer_tikka';
const CHAI = 'spice_route_masala_chai';
const LASSI = 'spice_route_mango_lassi';
const BIRYANI = 'spice_route_chicken_biryani';
let seq = 0;

type MenuItem = { foodid: string; sold_out: boolean; snoozed_until: string | null };

/** Issue 20 points 3 and 4: stock as a ledger, sold out at zero, sales from orders, day start, snoozes. */
describe.each(backends)('inventory on %s', (backend) => {
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
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx.app.inject({
      method,
      url: `/v2/bck${url}`,
      ...(payload ? { payload } : {}),
      headers: { cookie: `cd_session=${cookie}` },
    });
  const pos = (url: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/v2/bck${url}`,
      payload,
      headers: { origin: '', authorization: `Bearer ${key}` },
    });
  const ingest = async (lines: { foodid: string; quantity: number }[], orderNumber = `INV-${Date.now()}-${++seq}`) => {
    const body = {
      order_number: orderNumber,
      restaurant: SPICE,
      channel: 'app',
      order_type: 'takeaway',
      status: 'completed',
      lines: lines.map((l) => ({ ...l, name: l.foodid, unit_price: 10, tax: 0 })),
      payments: [{ tender: 'card', amount: lines.reduce((n, l) => n + l.quantity * 10, 0) }],
    };
    const res = await pos('/ingest/orders', body);
    return res;
  };
  const entry = (foodid: string, body: object) => api('POST', `/inventory/${foodid}/entries`, body);
  const level = async (foodid: string) => {
    const res = await api('GET', `/inventory?restaurant=${SPICE}&search=${foodid}`);
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json().items as {
        foodid: string;
        on_hand: number;
        sold_out: boolean;
        state: string;
        version: number;
        tracked: boolean;
      }[]
    ).find((i) => i.foodid === foodid)!;
  };
  const menuItem = async (foodid: string) => {
    const res = await api('GET', `/vendor/fooditem?restaurant=${SPICE}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().fooditems as MenuItem[]).find((i) => i.foodid === foodid)!;
  };
  const ledger = async (foodid: string) =>
    (await api('GET', `/inventory/${foodid}/ledger?page_size=200`)).json() as {
      total: number;
      entries: { entry_type: string; quantity: number; balance_after: number; ref: string | null }[];
    };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    key = (await api('POST', '/api_keys', { api_client: 'inventory-pos' })).json().key;
  });
  afterAll(async () => ctx.close());

  it('20 parallel receipts of 1 end at exactly +20 with 20 ledger entries', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => entry(TIKKA, { entry_type: 'receipt', quantity: 1, reason: 'Delivery' })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect((await level(TIKKA)).on_hand).toBe(20);
    const l = await ledger(TIKKA);
    expect(l.total).toBe(20);
    expect(l.entries.map((e) => e.balance_after).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // Newest first.
    expect(l.entries[0]!.balance_after).toBe(20);
  });

  it('an item at zero reads as sold out in the menu read and returns on restock; a count sets the level', async () => {
    expect((await menuItem(CHAI)).sold_out).toBe(false);
    const count0 = await entry(CHAI, { entry_type: 'count', quantity: 0, reason: 'Shelf empty' });
    expect(count0.statusCode, count0.body).toBe(200);
    expect(count0.json().item).toMatchObject({ tracked: true, on_hand: 0, sold_out: true, state: 'sold_out' });
    expect((await menuItem(CHAI)).sold_out).toBe(true);

    expect((await entry(CHAI, { entry_type: 'receipt', quantity: 5.5 })).statusCode).toBe(200);
    expect((await menuItem(CHAI)).sold_out).toBe(false);
    const counted = await entry(CHAI, { entry_type: 'count', quantity: 3.25, reason: 'Stocktake' });
    expect(counted.json().entry).toMatchObject({ entry_type: 'count', quantity: -2.25, balance_after: 3.25 });
    expect((await entry(CHAI, { entry_type: 'wastage', quantity: 0.25 })).json().item.on_hand).toBe(3);
    // A negative count is refused and changes nothing; so are more than 3 decimals.
    expect((await entry(CHAI, { entry_type: 'count', quantity: -1 })).statusCode).toBe(400);
    expect((await entry(CHAI, { entry_type: 'receipt', quantity: 1.0001 })).statusCode).toBe(400);
    expect((await level(CHAI)).on_hand).toBe(3);
    // A ref recorded already changes nothing.
    expect((await entry(CHAI, { entry_type: 'receipt', quantity: 2, ref: 'GRN-1' })).json().item.on_hand).toBe(5);
    const again = await entry(CHAI, { entry_type: 'receipt', quantity: 2, ref: 'GRN-1' });
    expect(again.json()).toMatchObject({ message: 'Already recorded', entry: null, item: { on_hand: 5 } });
  });

  it('ingested orders sell tracked stock down (a replay changes nothing), a refund adds back', async () => {
    await api('PUT', `/inventory/${LASSI}`, { tracked: true, low_threshold: 1, version: 0 });
    await entry(LASSI, { entry_type: 'receipt', quantity: 3 });
    const number = `INV-SELL-${Date.now()}`;
    const first = await ingest(
      [
        { foodid: LASSI, quantity: 1 },
        { foodid: LASSI, quantity: 1 },
        { foodid: BIRYANI, quantity: 4 },
      ],
      number,
    );
    expect(first.statusCode, first.body).toBe(200);
    const orderId = first.json().order.order_id as number;
    expect(await level(LASSI)).toMatchObject({ on_hand: 1, state: 'low', sold_out: false });
    // Not tracked: untouched.
    expect(await level(BIRYANI)).toMatchObject({ tracked: false, on_hand: 0 });
    const replay = await ingest([{ foodid: LASSI, quantity: 2 }], number);
    expect(replay.statusCode).toBe(409);
    expect((await level(LASSI)).on_hand).toBe(1);

    expect((await ingest([{ foodid: LASSI, quantity: 1 }])).statusCode).toBe(200);
    expect(await level(LASSI)).toMatchObject({ on_hand: 0, sold_out: true });
    expect((await menuItem(LASSI)).sold_out).toBe(true);

    const refund = await api('POST', `/orders/${orderId}/refunds`, {
      kind: 'full',
      reason: 'Spilt',
      idempotency_key: `inv-r-${++seq}`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await level(LASSI)).toMatchObject({ on_hand: 2, sold_out: false });
    expect((await menuItem(LASSI)).sold_out).toBe(false);
    const l = await ledger(LASSI);
    expect(l.entries.slice(0, 3).map((e) => [e.entry_type, e.quantity, e.balance_after])).toEqual([
      ['refund', 2, 2],
      ['sale', -1, 0],
      ['sale', -2, 1],
    ]);
  });

  it('stock_update sets and adds all or nothing, and a retry changes nothing (session and API key)', async () => {
    const bad = await api('POST', '/stock_update', {
      restaurant: SPICE,
      request_id: 'SU-1',
      items: [
        { foodid: BIRYANI, quantity: 7, mode: 'set' },
        { foodid: 'noodle_house_gyoza', quantity: 1, mode: 'add' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(await level(BIRYANI)).toMatchObject({ tracked: false });
    const body = {
      restaurant: SPICE,
      request_id: 'SU-2',
      items: [
        { foodid: BIRYANI, quantity: 7, mode: 'set' },
        { foodid: CHAI, quantity: 1, mode: 'add' },
      ],
    };
    const ok = await pos('/ingest/stock_update', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ replayed: false });
    const chai = (await level(CHAI)).on_hand;
    const again = await api('POST', '/stock_update', body);
    expect(again.json()).toMatchObject({ replayed: true });
    expect((await level(BIRYANI)).on_hand).toBe(7);
    expect((await level(CHAI)).on_hand).toBe(chai);
  });

  it('nullifies tracked stock when the day of a nullify_stock restaurant is closed, once', async () => {
    await ctx.database.db.execute(
      sql`update restaurants set settings = settings || '{"rest_nullify_stock": true}'::jsonb where restaurant = ${SPICE}`,
    );
    const date = '2031-03-04';
    expect((await level(TIKKA)).on_hand).toBeGreaterThan(0);
    const closed = await api('POST', '/dayend/close', { restaurant: SPICE, business_date: date, counted: [] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await level(TIKKA)).toMatchObject({ on_hand: 0, sold_out: true });
    expect((await ledger(TIKKA)).entries[0]).toMatchObject({ entry_type: 'nullify', quantity: -20, ref: date });
    expect((await menuItem(TIKKA)).sold_out).toBe(true);
    await ctx.database.db.execute(
      sql`update restaurants set settings = settings - 'rest_nullify_stock' where restaurant = ${SPICE}`,
    );
  });

  it('a snooze hides the item in the menu read until its time passes, then it returns by itself', async () => {
    const until = new Date(Date.now() + 1500).toISOString();
    const res = await api('POST', '/menu/snoozes', {
      restaurant: SPICE,
      target_type: 'item',
      target_id: BIRYANI,
      until,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await menuItem(BIRYANI)).snoozed_until).toBe(until);
    const list = (await api('GET', `/menu/snoozes?restaurant=${SPICE}`)).json().snoozes;
    expect(list).toContainEqual(expect.objectContaining({ target_id: BIRYANI, until }));
    await new Promise((r) => setTimeout(r, 1700));
    // Nobody wrote anything: the read itself sees the time has passed.
    expect((await menuItem(BIRYANI)).snoozed_until).toBeNull();
    expect((await api('GET', `/menu/snoozes?restaurant=${SPICE}`)).json().snoozes).toEqual([]);

    // End of day, then back on sale by hand; a time past is refused.
    const eod = await api('POST', '/menu/snoozes', {
      restaurant: SPICE,
      target_type: 'item',
      target_id: BIRYANI,
      until: 'end_of_day',
    });
    expect(new Date(eod.json().snooze.until).getHours()).toBe(23);
    expect((await menuItem(BIRYANI)).snoozed_until).not.toBeNull();
    const del = await api('DELETE', `/menu/snoozes?restaurant=${SPICE}&target_type=item&target_id=${BIRYANI}`);
    expect(del.statusCode).toBe(200);
    expect((await menuItem(BIRYANI)).snoozed_until).toBeNull();
    const past = await api('POST', '/menu/snoozes', {
      restaurant: SPICE,
      target_type: 'item',
      target_id: BIRYANI,
      until: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
  });

  it('a snoozed submenu option shows with its submenu in the menu read until it is back on sale', async () => {
    const submenu = async (id: string) =>
      (
        (await api('GET', `/vendor/fooditem?restaurant=${SPICE}`)).json().submenus as {
          submenuid: string;
          snoozed_options?: Record<string, string>;
        }[]
      ).find((s) => s.submenuid === id)!;
    const target_id = 'sm_spice_route_spice_level:Hot';
    const res = await api('POST', '/menu/snoozes', {
      restaurant: SPICE,
      target_type: 'option',
      target_id,
      minutes: 60,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await submenu('sm_spice_route_spice_level')).snoozed_options).toEqual({ Hot: res.json().snooze.until });
    expect((await submenu('sm_spice_route_add_a_drink')).snoozed_options).toBeUndefined();
    // An option the submenu does not have, or a submenu of another restaurant, is refused.
    for (const bad of ['sm_spice_route_spice_level:Volcanic', 'sm_unknown:Hot', 'sm_spice_route_spice_level']) {
      const refused = await api('POST', '/menu/snoozes', {
        restaurant: SPICE,
        target_type: 'option',
        target_id: bad,
        minutes: 60,
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().extras).toMatchObject({ field: 'target_id' });
    }
    const del = await api(
      'DELETE',
      `/menu/snoozes?restaurant=${SPICE}&target_type=option&target_id=${encodeURIComponent(target_id)}`,
    );
    expect(del.statusCode).toBe(200);
    expect((await submenu('sm_spice_route_spice_level')).snoozed_options).toBeUndefined();
  });

  it('refuses a user without the page (403) and a stale version (409)', async () => {
    const menuUser = await signIn('demo.menu');
    expect((await api('GET', `/inventory?restaurant=${SPICE}`, undefined, menuUser)).statusCode).toBe(403);
    expect((await entry(CHAI, { entry_type: 'receipt', quantity: 1 })).statusCode).toBe(200);
    const reports = await signIn('demo.reports');
    expect(
      (await api('POST', `/inventory/${CHAI}/entries`, { entry_type: 'receipt', quantity: 1 }, reports)).statusCode,
    ).toBe(403);
    const v = (await level(CHAI)).version;
    expect((await api('PUT', `/inventory/${CHAI}`, { tracked: true, low_threshold: 2, version: v })).statusCode).toBe(
      200,
    );
    const stale = await api('PUT', `/inventory/${CHAI}`, { tracked: true, low_threshold: 3, version: v });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
  });
});
