import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuAttributeAnswer, MenuCompactAnswer } from '@cd/core';
import { backends } from './harness.js';
import { menuTestContext, NOODLE, SPICE, type MenuTestContext } from './menu-fixtures.js';

/** menu/compact and vendor/menuattribute (spec 000 §7; issue 20). */
describe.each(backends)('compact menus and menu attributes on %s', (backend) => {
  let t: MenuTestContext;
  beforeAll(async () => {
    t = await menuTestContext(backend);
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers several restaurants in few fields; a snoozed or hidden item is not available', async () => {
    const snooze = await t.admin('POST', '/menu/snoozes', {
      restaurant: SPICE,
      target_type: 'item',
      target_id: 'spice_route_egg_curry',
      minutes: 60,
    });
    expect(snooze.statusCode, snooze.body).toBe(200);
    const res = await t.admin('POST', '/menu/compact', { restaurant_list: [SPICE, NOODLE, SPICE] });
    expect(res.statusCode, res.body).toBe(200);
    const { menus } = res.json() as MenuCompactAnswer;
    expect(menus.map((m) => [m.name, m.currency, m.fooditems.length])).toEqual([
      ['Spice Route', 'INR', 7],
      ['Noodle House', 'GBP', 3],
    ]);
    const spice = menus[0]!.fooditems;
    expect(Object.keys(spice[0]!).sort()).toEqual([
      'available',
      'foodid',
      'foodname',
      'listofcategories',
      'price',
      'vegflag',
    ]);
    expect(spice.find((i) => i.foodid === 'spice_route_egg_curry')!.available).toBe(false);
    expect(spice.find((i) => i.foodid === 'spice_route_paneer_tikka')).toMatchObject({
      available: true,
      price: expect.any(Number),
    });
  });

  it("refuses a restaurant outside the caller's sites and a caller without a menu page", async () => {
    const atrium = await t.user('compact.atrium', {
      pages: ['offers-discount'],
      sites: { foodcourts: ['fc-blr-atrium'] },
    });
    expect((await atrium('POST', '/menu/compact', { restaurant_list: [SPICE] })).statusCode).toBe(200);
    const outside = await atrium('POST', '/menu/compact', { restaurant_list: [SPICE, NOODLE] });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().extras).toMatchObject({ code: 'restaurantNotFound' });
    const none = await t.user('compact.none', { pages: ['feedback'], sites: { foodcourts: ['fc-blr-atrium'] } });
    expect((await none('GET', `/vendor/menuattribute?restaurant=${SPICE}`)).statusCode).toBe(403);
    expect((await t.admin('POST', '/menu/compact', { restaurant_list: [] })).statusCode).toBe(400);
  });

  it("counts the attributes of a restaurant's menu", async () => {
    const res = await t.admin('GET', `/vendor/menuattribute?restaurant=${encodeURIComponent(SPICE)}`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as MenuAttributeAnswer;
    expect(a.items).toBe(7);
    expect(a.categories.map((c) => c.value).sort()).toEqual(['Drinks', 'Mains', 'Starters']);
    expect(a.categories.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(7);
    expect(a.vegflags.reduce((n, c) => n + c.count, 0)).toBe(7);
    expect(a.price.min).toBeLessThanOrEqual(a.price.max!);
    expect(a.availability.snoozed).toBe(1);
  });
});
