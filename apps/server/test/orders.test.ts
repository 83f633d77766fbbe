import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { OrderSummary } from '@cd/core';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const line = (unit_price: number, quantity = 1) => ({ foodid: 'item', name: 'Item', quantity, unit_price });

/** Issue 13 point 4: the order history list (filters, paging, sites), the detail, the export. */
describe.each(backends)('order history on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let river: string;
  let noPage: string;
  let key: string;

  const signIn = async (userid: string, password = 'ControlDesk#2026') =>
    sessionCookie(
      await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
    )!;
  const get = (url: string, cookie = admin) =>
    ctx.app.inject({ method: 'GET', url: `/v2/bck${url}`, headers: { cookie: `cd_session=${cookie}` } });
  const list = async (query: string, cookie = admin): Promise<{ orders: OrderSummary[]; total: number }> => {
    const res = await get(`/orders?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ingest = (body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      payload: body,
      headers: { origin: '', authorization: `Bearer ${key}` },
    });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    const hash = await hashPassword('Orders#2026');
    await ctx.database.db.insert(users).values([
      {
        userid: 'river.history',
        name: 'River History',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['preorderhistory'],
        sites: { locations: [], foodcourts: ['fc-ldn-river'], restaurants: [] },
      },
      {
        userid: 'no.history',
        name: 'No History',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['restaurant'],
        sites: { locations: ['loc-london'], foodcourts: [], restaurants: [] },
      },
    ]);
    river = await signIn('river.history', 'Orders#2026');
    noPage = await signIn('no.history', 'Orders#2026');
    key = (
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/api_keys',
        payload: { api_client: 'history-test' },
        headers: { cookie: `cd_session=${admin}` },
      })
    ).json().key;
    // Orders on days of their own (2030), so the filters can be checked exactly.
    const base = { order_type: 'takeaway', lines: [line(100)] };
    const made = [
      {
        order_number: 'HX-1',
        restaurant: 'fc-blr-atrium:spice_route',
        channel: 'app',
        business_date: '2030-01-01',
        customer_ref: 'EMP-777',
      },
      {
        order_number: 'HX-2',
        restaurant: 'fc-blr-atrium:dosa_corner',
        channel: 'kiosk',
        business_date: '2030-01-02',
        order_type: 'dine_in',
      },
      {
        order_number: 'HX-3',
        restaurant: 'fc-ldn-river:noodle_house',
        channel: 'pos',
        business_date: '2030-01-03',
        status: 'completed',
      },
      {
        order_number: 'hx_4',
        restaurant: 'fc-ldn-river:salad_stop',
        channel: 'web',
        business_date: '2030-01-04',
        order_type: 'delivery',
      },
    ];
    for (const m of made) expect((await ingest({ ...base, ...m })).statusCode).toBe(200);
  });
  afterAll(async () => ctx.close());

  it('has demo history: about 90 days over the demo restaurants, newest first', async () => {
    const page = await list('to=2029-12-31&page_size=50');
    expect(page.total).toBeGreaterThan(2000);
    expect(page.orders).toHaveLength(50);
    const dates = page.orders.map((o) => o.business_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const restaurantsSeen = new Set((await list('to=2029-12-31&page_size=200')).orders.map((o) => o.restaurant));
    expect(restaurantsSeen.size).toBeGreaterThan(5);
  });

  it('filters by dates, site, status, channel, type and text, and pages', async () => {
    const range = 'from=2030-01-01&to=2030-01-31';
    expect((await list(range)).orders.map((o) => o.order_number)).toEqual(['hx_4', 'HX-3', 'HX-2', 'HX-1']);
    expect((await list(`${range}&order=asc`)).orders.map((o) => o.order_number)).toEqual([
      'HX-1',
      'HX-2',
      'HX-3',
      'hx_4',
    ]);
    expect((await list(`from=2030-01-02&to=2030-01-03`)).total).toBe(2);
    expect((await list(`${range}&foodcourt=fc-ldn-river`)).orders.map((o) => o.order_number)).toEqual(['hx_4', 'HX-3']);
    expect((await list(`${range}&location=loc-bengaluru`)).total).toBe(2);
    expect((await list(`${range}&restaurant=fc-blr-atrium:dosa_corner`)).orders[0]!.order_number).toBe('HX-2');
    expect((await list(`${range}&status=completed`)).orders.map((o) => o.order_number)).toEqual(['HX-3']);
    expect((await list(`${range}&channel=web`)).orders.map((o) => o.order_number)).toEqual(['hx_4']);
    expect((await list(`${range}&order_type=dine_in`)).orders.map((o) => o.order_number)).toEqual(['HX-2']);
    // Text: the start of an order number or a customer reference, any case; % and _ are literal.
    expect((await list(`${range}&search=hx`)).total).toBe(4);
    expect((await list(`${range}&search=HX_`)).orders.map((o) => o.order_number)).toEqual(['hx_4']);
    expect((await list(`${range}&search=emp-7`)).orders.map((o) => o.order_number)).toEqual(['HX-1']);
    expect((await list(`${range}&search=X-1`)).total).toBe(0);
    const p2 = await list(`${range}&page=2&page_size=25`);
    expect(p2).toMatchObject({ orders: [], total: 4, page: 2, page_size: 25 });
    expect((await list(`${range}&sort=order_number&order=asc`)).orders.map((o) => o.order_number)).toEqual([
      'HX-1',
      'HX-2',
      'HX-3',
      'hx_4',
    ]);
    const row = (await list(`${range}&search=HX-1`)).orders[0]!;
    expect(row).toMatchObject({
      restaurant_name: 'Spice Route',
      total: 100,
      paid: 0,
      refund_state: 'none',
      item_count: 1,
    });
  });

  it('refuses bad filters with 400 naming them', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['from=2030-02-30', 'from'],
      ['from=2030-01-05&to=2030-01-01', 'to'],
      ['sort=secret', 'sort'],
      ['page_size=7', 'page_size'],
    ]) {
      const res = await get(`/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().extras.field, query).toBe(field);
    }
  });

  it("shows only the orders of the caller's sites, and refuses callers without the page", async () => {
    const theirs = await list('from=2030-01-01&to=2030-01-31', river);
    expect(theirs.orders.map((o) => o.order_number)).toEqual(['hx_4', 'HX-3']);
    // Their search (row-level security; ranges over the lower-cased copies): any case, % and _ literal.
    expect((await list('from=2030-01-01&to=2030-01-31&search=hx', river)).orders.map((o) => o.order_number)).toEqual([
      'hx_4',
      'HX-3',
    ]);
    expect((await list('from=2030-01-01&to=2030-01-31&search=hX_', river)).orders.map((o) => o.order_number)).toEqual([
      'hx_4',
    ]);
    expect((await list('from=2030-01-01&to=2030-01-31&search=HX-1', river)).total).toBe(0);
    const all = await list('to=2029-12-31&page_size=200', river);
    expect(all.total).toBeGreaterThan(0);
    expect(all.orders.every((o) => o.foodcourt === 'fc-ldn-river')).toBe(true);
    // Another site's order is not found, even by its id or its food court.
    const atrium = (await list('search=HX-1')).orders[0]!;
    expect((await get(`/orders/${atrium.order_id}`, river)).statusCode).toBe(404);
    expect((await list('foodcourt=fc-blr-atrium', river)).total).toBe(0);
    for (const url of ['/orders', `/orders/${atrium.order_id}`, '/orders/export', '/refunds']) {
      const res = await get(url, noPage);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await get('/orders')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/bck/orders' })).statusCode).toBe(401);
  });

  it('answers an order with its lines, payments and status history', async () => {
    const id = (await list('search=HX-3')).orders[0]!.order_id;
    const res = await get(`/orders/${id}`, river);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      order_number: 'HX-3',
      foodcourt_name: 'Riverside Kitchen',
      status: 'completed',
      lines: [{ line_no: 1, quantity: 1, unit_price: 100, line_total: 100, refunded_quantity: 0 }],
      payments: [],
      status_history: [{ status: 'completed', source: 'history-test' }],
      refunds: [],
      refundable: 0,
    });
    expect((await get('/orders/999999999')).statusCode).toBe(404);
    expect((await get('/orders/abc')).statusCode).toBe(400);
  });

  it('exports the filtered orders as a workbook', async () => {
    const res = await get('/orders/export?from=2030-01-01&to=2030-01-31&foodcourt=fc-ldn-river');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/orders-\d{8}-\d{4}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Orders');
    expect(sheet.getRow(1).getCell(2).value).toBe('Order number');
    expect([sheet.getRow(2).getCell(2).value, sheet.getRow(3).getCell(2).value]).toEqual(['hx_4', 'HX-3']);
    expect(sheet.rowCount).toBe(3);
  });
});
