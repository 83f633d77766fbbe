import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { isUnavailable, MENU_WEEKDAYS, type FoodItem, type FoodItemSummary, type MenuResponse } from '@cd/core';
import { auditLog, foodItemSubmenus } from '../src/db/schema/index.js';
import { backends } from './harness.js';
import { editable, menuTestContext, NOODLE, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

describe.each(backends)('menu items on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  const getItem = async (foodid: string, as: Caller = admin) => (await as('GET', `/vendor/fooditem/${foodid}`)).json();
  const menu = async (restaurant = SPICE): Promise<MenuResponse> =>
    (await admin('GET', `/vendor/fooditem?restaurant=${encodeURIComponent(restaurant)}`)).json();

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
  });

  afterAll(async () => t.close());

  it('reads the demo menu: summary rows in order, categories, submenus and price-book prices', async () => {
    const m = await menu();
    expect(m.restaurant).toEqual({
      restaurant: SPICE,
      name: 'Spice Route',
      client: expect.any(String),
      currency: 'INR',
      pricebook_path: 'standard',
    });
    expect(m.restaurant.client).not.toBe('');
    expect(m.fooditems.map((i) => i.foodname)).toEqual([
      'Paneer Tikka',
      'Chicken Biryani',
      'Masala Dosa',
      'Egg Curry',
      'Mango Lassi',
      'Masala Chai',
      'Thali Meal Deal',
    ]);
    const byId = new Map<string, FoodItemSummary>(m.fooditems.map((i) => [i.foodid, i]));
    expect(byId.get('spice_route_paneer_tikka')).toEqual({
      foodid: 'spice_route_paneer_tikka',
      foodname: 'Paneer Tikka',
      short_name: '',
      price: 220,
      listofcategories: ['Starters'],
      vegflag: 'V',
      hide_item: false,
      imageurl: '',
      extras: { enable_as_submenu: false, enable_as_mealdeal: false, enable_as_mainitem: true },
      submenu: ['sm_spice_route_spice_level'],
      version: 1,
      pricebook_price: 230,
      unavailable: false,
      sold_out: false,
      snoozed_until: null,
    });
    expect(byId.get('spice_route_mango_lassi')?.pricebook_price).toBe(95);
    expect(byId.get('spice_route_masala_dosa')?.pricebook_price).toBeNull();
    expect(byId.get('spice_route_thali_meal_deal')?.submenu).toEqual(['sm_spice_route_add_a_drink']);
    expect(m.categories.map((c) => [c.name, c.item_count])).toEqual([
      ['Starters', 1],
      ['Mains', 4],
      ['Drinks', 2],
    ]);
    expect(m.submenus.map((s) => [s.title, s.option_count, s.connected_count, s.all_linked])).toEqual([
      ['Add a drink', 2, 1, true],
      ['Spice level', 3, 2, false],
    ]);
    const noodles = await menu(NOODLE);
    expect(noodles.restaurant.pricebook_path).toBe('none');
    expect(noodles.fooditems.map((i) => [i.foodid, i.price])).toEqual([
      ['noodle_house_tonkotsu_ramen', 9.5],
      ['noodle_house_gyoza', 5],
      ['noodle_house_green_tea', 2],
    ]);
  });

  it('opens one item with every field and its price-book price', async () => {
    const res = await getItem('spice_route_paneer_tikka');
    expect(res.pricebook).toEqual({ pathid: 'standard', price: 230 });
    expect(res.fooditem).toMatchObject({
      foodid: 'spice_route_paneer_tikka',
      restaurant: SPICE,
      foodname: 'Paneer Tikka',
      allergens: ['MK'],
      taxation: 'GST 5%',
      submenu: ['sm_spice_route_spice_level'],
      servingtime: [
        { starttime: '11:30', endtime: '15:00' },
        { starttime: '18:30', endtime: '22:30' },
      ],
      daysavailable: { Monday: true, Sunday: true },
    });
    expect((await admin('GET', '/vendor/fooditem/nope')).statusCode).toBe(404);
  });

  it("answers an item's submenus in the simple form of spec 001 §3.5", async () => {
    const answer = (await admin('GET', '/vendor/fooditem/spice_route_thali_meal_deal')).json();
    expect(answer.fooditem.submenu).toContain('sm_spice_route_add_a_drink');
    const drink = answer.submenus.find((s: { submenuid: string }) => s.submenuid === 'sm_spice_route_add_a_drink');
    expect(drink).toMatchObject({ submenuname: 'Add a drink' });
    expect(drink.subitems.length).toBeGreaterThan(0);
    for (const sub of drink.subitems)
      expect(sub).toEqual({ subitemname: expect.any(String), price: expect.any(Number) });
  });

  it('creates items with readable food ids, stores every value and audits', async () => {
    const body = {
      restaurant: SPICE,
      foodname: 'Veg Pulao',
      price: 175.5,
      listofcategories: ['Mains'],
      vegflag: 'V',
      short_name: 'Pulao',
      fooddescription: 'Rice with vegetables',
      allergens: ['MK', 'NT'],
      nutrition: [{ name: 'Energy', quantity: '400 kcal', calories: '400', dailyValue: '20%' }],
      app_preptime_array: [{ starttime: '12:00', endtime: '13:00', preptime: 10, preptimelabel: 'Lunch' }],
      servingtime: [{ starttime: '11:00', endtime: '15:00' }],
      datesavailable: ['25-12-2026'],
      daysavailable: {
        Monday: true,
        Tuesday: false,
        Wednesday: true,
        Thursday: true,
        Friday: true,
        Saturday: true,
        Sunday: false,
      },
      temperature: -4,
      reporting_filter2: 'Group A 1',
      submenu: ['sm_spice_route_spice_level'],
      tags: ['new'],
    };
    const res = await admin('POST', '/vendor/fooditem', body);
    expect(res.statusCode, res.body).toBe(200);
    const created: FoodItem = res.json().fooditem;
    expect(created.foodid).toBe('spice_route_veg_pulao');
    expect(created.version).toBe(1);
    const { restaurant: _r, ...fields } = body;
    const { fooditem } = await getItem(created.foodid);
    expect(fooditem).toMatchObject({ ...fields, updated_by: 'demo.admin' });
    const again = await admin('POST', '/vendor/fooditem', { ...body, foodname: 'veg pulao!', submenu: [] });
    expect(again.json().fooditem.foodid).toBe('spice_route_veg_pulao_2');
    const [row] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'food_item'), eq(auditLog.entity_id, 'spice_route_veg_pulao')));
    expect(row).toMatchObject({ actor: 'demo.admin', action: 'create' });
    const m = await menu();
    expect(m.fooditems.at(-1)?.foodid).toBe('spice_route_veg_pulao_2');
    expect(m.fooditems.find((i) => i.foodid === 'spice_route_veg_pulao')?.submenu).toEqual([
      'sm_spice_route_spice_level',
    ]);
  });

  it('saves with the version edited; a stale version gets 409 and changes nothing', async () => {
    const { fooditem } = await getItem('spice_route_masala_dosa');
    const saved = await admin('PUT', '/vendor/fooditem/spice_route_masala_dosa', {
      ...editable(fooditem),
      price: 160,
      submenu: ['sm_spice_route_spice_level'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().fooditem).toMatchObject({ price: 160, version: 2, submenu: ['sm_spice_route_spice_level'] });
    const stale = await admin('PUT', '/vendor/fooditem/spice_route_masala_dosa', { ...editable(fooditem), price: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras).toMatchObject({
      code: 'versionConflict',
      current_version: 2,
      updated_by: 'demo.admin',
    });
    expect(stale.json().message).toMatch(/Masala Dosa was changed by demo\.admin/);
    expect((await getItem('spice_route_masala_dosa')).fooditem.price).toBe(160);
    // The submenu list is the item's links: saving without it removes the link.
    const cleared = await admin('PUT', '/vendor/fooditem/spice_route_masala_dosa', {
      ...editable(saved.json().fooditem),
      submenu: [],
    });
    expect(cleared.json().fooditem.submenu).toEqual([]);
  });

  it("marks an item sold on no weekday and no date unavailable in the list (core's isUnavailable)", async () => {
    const foodid = 'noodle_house_green_tea';
    const summary = async () => (await menu(NOODLE)).fooditems.find((i) => i.foodid === foodid)!;
    expect((await summary()).unavailable).toBe(false);
    const noDay = Object.fromEntries(MENU_WEEKDAYS.map((d) => [d, false]));
    const cases = [
      { daysavailable: noDay, datesavailable: [] },
      { daysavailable: noDay, datesavailable: ['24-12-2030'] },
      { daysavailable: { ...noDay, Sunday: true }, datesavailable: [] },
    ];
    for (const days of cases) {
      const { fooditem } = await getItem(foodid);
      const saved = await admin('PUT', `/vendor/fooditem/${foodid}`, { ...editable(fooditem), ...days });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await summary()).unavailable).toBe(isUnavailable(days));
    }
    expect(cases.map(isUnavailable)).toEqual([true, false, false]);
  });

  it('deletes with the version edited, and the item leaves its submenus', async () => {
    const { fooditem } = await getItem('spice_route_veg_pulao');
    expect(
      (await admin('DELETE', `/vendor/fooditem/spice_route_veg_pulao?version=${fooditem.version + 1}`)).statusCode,
    ).toBe(409);
    const ok = await admin('DELETE', `/vendor/fooditem/spice_route_veg_pulao?version=${fooditem.version}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await admin('GET', '/vendor/fooditem/spice_route_veg_pulao')).statusCode).toBe(404);
    const links = await t.ctx.database.db
      .select()
      .from(foodItemSubmenus)
      .where(eq(foodItemSubmenus.foodid, 'spice_route_veg_pulao'));
    expect(links).toEqual([]);
    expect((await menu()).submenus.find((s) => s.title === 'Spice level')?.connected_count).toBe(2);
  });

  it('answers a fresh menu after every kind of change (the served answer is cached)', async () => {
    const read = async () => menu();
    const first = await read();
    expect(await read()).toEqual(first);
    // Browsers revalidate: the same menu answers 304 without a body; a changed one answers 200 and a new tag.
    const url = `/vendor/fooditem?restaurant=${encodeURIComponent(SPICE)}`;
    const tagged = await admin('GET', url);
    const etag = tagged.headers.etag as string;
    expect(etag).toMatch(/^"menu-/);
    const revalidate = () => admin('GET', url, undefined, { 'if-none-match': etag });
    const unchanged = await revalidate();
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // An item save.
    const { fooditem } = await getItem('spice_route_masala_chai');
    await admin('PUT', '/vendor/fooditem/spice_route_masala_chai', { ...editable(fooditem), short_name: 'Chai' });
    expect((await read()).fooditems.find((i) => i.foodid === 'spice_route_masala_chai')?.short_name).toBe('Chai');
    expect((await revalidate()).statusCode).toBe(200);
    // A category rename reaches the items.
    const drinks = (await read()).categories.find((c) => c.name === 'Drinks')!;
    await admin('PUT', `/vendor/category/${drinks.id}`, { name: 'Hot & cold drinks', version: drinks.version });
    const renamed = await read();
    expect(renamed.fooditems.find((i) => i.foodid === 'spice_route_masala_chai')?.listofcategories).toEqual([
      'Hot & cold drinks',
    ]);
    expect(renamed.categories.map((c) => c.name)).toContain('Hot & cold drinks');
    // A submenu save with a new connection.
    const spice = (await admin('GET', '/vendor/submenu/sm_spice_route_spice_level')).json().submenu;
    const {
      submenuid: _s,
      restaurant: _r,
      title,
      connected_items: _c,
      version,
      updated_at: _u,
      updated_by: _b,
      ...stored
    } = spice;
    const saved = await admin('PUT', '/vendor/submenu/sm_spice_route_spice_level', {
      restaurant: SPICE,
      title,
      submenu: stored,
      connections: { added_item_list: ['spice_route_egg_curry'], removed_item_list: [], submenu_name: title },
      version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const connected = await read();
    expect(connected.fooditems.find((i) => i.foodid === 'spice_route_egg_curry')?.submenu).toContain(
      'sm_spice_route_spice_level',
    );
    expect(connected.submenus.find((s) => s.submenuid === 'sm_spice_route_spice_level')?.connected_count).toBe(3);
    // A price-book price.
    const standard = (await admin('GET', '/allpath'))
      .json()
      .data.find((p: { pathid: string }) => p.pathid === 'standard').id;
    const [chai] = (await admin('GET', `/pricebook/fooditems?path=${standard}&search=chai`)).json().data;
    await admin('PUT', '/pricebook/fooditem', {
      path: standard,
      foodid: chai.foodid,
      price: 50,
      version: chai.version,
    });
    expect((await read()).fooditems.find((i) => i.foodid === 'spice_route_masala_chai')?.pricebook_price).toBe(50);
    // The restaurant itself (its name and price-book path are in the answer).
    const { restaurant } = (await admin('GET', `/vendor/restaurant/${SPICE}`)).json();
    const { restaurant: _id, location: _l, updated_at: _ua, updated_by: _ub, ...fields } = restaurant;
    const put = await admin('PUT', `/vendor/restaurant/${SPICE}`, {
      ...fields,
      name: 'Spice Route Express',
      pricebook_path: 'none',
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await read();
    expect(after.restaurant).toMatchObject({ name: 'Spice Route Express', pricebook_path: 'none' });
    expect(after.fooditems.every((i) => i.pricebook_price === null)).toBe(true);
    const back = await admin('PUT', `/vendor/restaurant/${SPICE}`, { ...fields, version: restaurant.version + 1 });
    expect(back.statusCode, back.body).toBe(200);
  });
});
