import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { GotoAnswer } from '@cd/core';
import { customers, orders, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

/** Issue 36 point 4: GET /goto finds each kind the caller may open, within the caller's sites only. */
describe.each(backends)('go to anywhere on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let atrium: string;
  let river: string;
  let atriumOrder: { id: number; order_number: string; customer_ref: string };
  let riverOrder: { id: number; order_number: string };

  const signIn = async (userid: string, password = 'ControlDesk#2026') =>
    sessionCookie(
      await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
    )!;
  const get = (q: string, cookie?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/v2/bck/goto?${new URLSearchParams({ q })}`,
      headers: cookie ? { cookie: `cd_session=${cookie}` } : {},
    });
  const find = async (q: string, cookie = admin): Promise<GotoAnswer> => {
    const res = await get(q, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    const hash = await hashPassword('GoTo#2026x');
    await ctx.database.db.insert(users).values([
      {
        userid: 'atrium.goto',
        name: 'Atrium Goto',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['editMenu', 'preorderhistory', 'restaurant'],
        sites: { locations: [], foodcourts: ['fc-blr-atrium'], restaurants: [] },
      },
      {
        userid: 'river.goto',
        name: 'River Goto',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['editMenu', 'preorderhistory'],
        sites: { locations: [], foodcourts: ['fc-ldn-river'], restaurants: [] },
      },
    ]);
    atrium = await signIn('atrium.goto', 'GoTo#2026x');
    river = await signIn('river.goto', 'GoTo#2026x');
    const pick = async (foodcourt: string) => {
      const [row] = await ctx.database.db
        .select({ id: orders.id, order_number: orders.order_number, customer_ref: orders.customer_ref })
        .from(orders)
        .where(and(eq(orders.foodcourt, foodcourt), ne(orders.customer_ref, '')))
        .orderBy(orders.id)
        .limit(1);
      return row!;
    };
    atriumOrder = await pick('fc-blr-atrium');
    // A customer who ordered only at Atrium (demo customers order at many sites).
    await ctx.database.db.update(orders).set({ customer_ref: 'GOTO-ATRIUM-1' }).where(eq(orders.id, atriumOrder.id));
    atriumOrder.customer_ref = 'GOTO-ATRIUM-1';
    riverOrder = await pick('fc-ldn-river');
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('finds each kind for an administrator', async () => {
    const masala = await find('masala');
    expect(masala.items?.map((i) => i.foodname)).toEqual(['Masala Chai', 'Masala Dosa']);
    expect(masala.items?.[0]).toMatchObject({
      restaurant: 'fc-blr-atrium:spice_route',
      restaurant_name: 'Spice Route',
    });
    // The start of any word of the name.
    expect((await find('chai')).items?.map((i) => i.foodname)).toContain('Masala Chai');
    expect((await find('spice ro')).restaurants?.[0]).toMatchObject({ restaurant: 'fc-blr-atrium:spice_route' });

    const byNumber = await find(atriumOrder.order_number.toLowerCase());
    expect(byNumber.orders?.[0]).toMatchObject({ order_id: atriumOrder.id, order_number: atriumOrder.order_number });
    expect(byNumber.orders?.[0]?.business_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect((await find('goto-atrium')).customers).toEqual([{ customer_ref: 'GOTO-ATRIUM-1', name: '' }]);
    const [known] = await ctx.database.db
      .select({ customer_ref: customers.customer_ref, name: customers.name })
      .from(customers)
      .innerJoin(orders, eq(orders.customer_ref, customers.customer_ref))
      .limit(1);
    if (known) expect((await find(known.customer_ref)).customers).toContainEqual(known);

    expect((await find('demo.menu')).users).toEqual([{ userid: 'demo.menu', name: 'Demo Menu Manager' }]);
    expect(await find('zzzz-nothing')).toEqual({
      result: 'success',
      restaurants: [],
      items: [],
      orders: [],
      users: [],
      customers: [],
    });
  });

  it("finds only the caller's sites' records", async () => {
    const mine = await find('masala', atrium);
    expect(mine.items?.map((i) => i.foodname)).toEqual(['Masala Chai', 'Masala Dosa']);
    expect((await find(atriumOrder.order_number, atrium)).orders?.map((o) => o.order_id)).toEqual([atriumOrder.id]);
    expect((await find(riverOrder.order_number, atrium)).orders).toEqual([]);
    expect((await find('noodle', atrium)).restaurants).toEqual([]);
    expect((await find('spice', atrium)).restaurants?.map((r) => r.restaurant)).toContain('fc-blr-atrium:spice_route');

    const theirs = await find('masala', river);
    expect(theirs.items).toEqual([]);
    expect((await find(atriumOrder.order_number, river)).orders).toEqual([]);
    expect((await find(riverOrder.order_number, river)).orders?.map((o) => o.order_id)).toEqual([riverOrder.id]);
    expect((await find('goto-atrium', atrium)).customers).toEqual([{ customer_ref: 'GOTO-ATRIUM-1', name: '' }]);
    expect((await find('goto-atrium', river)).customers).toEqual([]);
  });

  it('leaves out the kinds whose page the caller lacks', async () => {
    const answer = await find('masala', river);
    expect(Object.keys(answer).sort()).toEqual(['customers', 'items', 'orders', 'result']);
    expect(answer.restaurants).toBeUndefined();
    expect(answer.users).toBeUndefined();
  });

  it('refuses bad input with a clear 400, and anonymous callers with 401', async () => {
    for (const q of ['', ' ', 'a', 'x'.repeat(101)]) {
      const res = await get(q, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ result: 'failure' });
      expect(res.json().message).toMatch(/q|characters/i);
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/v2/bck/goto',
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(missing.statusCode).toBe(400);
    // Pattern and query characters are text, not syntax.
    for (const q of ['%%', "a'b", 'x_y\\', '!!', ':*&|']) expect((await get(q, admin)).statusCode, q).toBe(200);
    expect((await get('masala')).statusCode).toBe(401);
  });
});
