import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MenuResponse } from '@cd/core';
import { foodItems } from '../src/db/schema/index.js';
import { backends } from './harness.js';
import { editable, menuTestContext, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

describe.each(backends)('menu item rules on %s', (backend) => {
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

  it('refuses what the item editor refuses (400 with the rule key) and stores nothing', async () => {
    const { fooditem } = await getItem('spice_route_egg_curry');
    const base = editable(fooditem);
    const cases: [string, object, string][] = [
      ['empty name', { foodname: '  ' }, 'editMenu.emptyFoodname'],
      [
        'prep time start after end',
        { app_preptime_array: [{ starttime: '14:00', endtime: '13:00', preptime: 10 }] },
        'common.startTimeGrt',
      ],
      [
        'prep time start equals end',
        { app_preptime_array: [{ starttime: '13:00', endtime: '13:00', preptime: 10 }] },
        'common.startTimeEqlEndTime',
      ],
      [
        'touching prep-time ranges',
        {
          app_preptime_array: [
            { starttime: '10:00', endtime: '11:00', preptime: 10 },
            { starttime: '11:00', endtime: '12:00', preptime: 10 },
          ],
        },
        'editMenu.alerts.duplicateTimeRange',
      ],
      [
        'serving time backwards',
        { servingtime: [{ starttime: '15:00', endtime: '09:00' }] },
        'editMenu.invalidTimeRange',
      ],
      [
        'serving time twice',
        {
          servingtime: [
            { starttime: '09:00', endtime: '10:00' },
            { starttime: '09:00', endtime: '10:00' },
          ],
        },
        'editMenu.timerangeAddedTwice',
      ],
      [
        'more than 366 dates',
        {
          datesavailable: Array.from({ length: 367 }, (_, i) => {
            const d = new Date(Date.UTC(2027, 0, 1 + i));
            return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
          }),
        },
        'editMenu.formFieldLabels.dateLimitExceededError',
      ],
      ['nutrition row without a name', { nutrition: [{ name: '' }] }, 'editMenu.nutritionNameRequired'],
      ['the same nutrient twice', { nutrition: [{ name: 'Fat' }, { name: 'fat' }] }, 'editMenu.duplicateNutrient'],
      ['unknown submenu', { submenu: ['sm_nope'] }, 'editMenu.unknownSubmenu'],
      [
        'an item enabled as submenu with a linked submenu',
        { extras: { ...base.extras, enable_as_submenu: true }, submenu: ['sm_spice_route_add_a_drink'] },
        'editMenu.submenuNotAllowed',
      ],
      [
        'a meal deal with a submenu of free options',
        { extras: { ...base.extras, enable_as_mealdeal: true }, submenu: ['sm_spice_route_spice_level'] },
        'editMenu.submenuNotAllowed',
      ],
      [
        'an item named like an option of its submenu',
        { foodname: 'medium', submenu: ['sm_spice_route_spice_level'] },
        'submenu.connectSelf',
      ],
      ['a category the restaurant lacks', { listofcategories: ['Desserts'] }, 'unknownCategory'],
      ['an allergen not in the catalogue', { allergens: ['ZZ'] }, 'unknownAllergen'],
      ['a negative price', { price: -1 }, 'invalidRequest'],
      ['a reporting filter with symbols', { reporting_filter2: 'A&B' }, 'editMenu.invalidReportingFilter'],
      [
        'a prep time of 60 minutes',
        { app_preptime_array: [{ starttime: '10:00', endtime: '11:00', preptime: 60 }] },
        'editMenu.alerts.validTime',
      ],
    ];
    for (const [what, change, code] of cases) {
      const res = await admin('PUT', '/vendor/fooditem/spice_route_egg_curry', { ...base, ...change });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().extras.code, what).toBe(code);
      expect(res.json().message, what).not.toBe('');
      const created = await admin('POST', '/vendor/fooditem', { ...base, ...change, restaurant: SPICE });
      expect(created.statusCode, `create: ${what}`).toBe(400);
    }
    const after = await getItem('spice_route_egg_curry');
    expect(after.fooditem).toEqual(fooditem);
    expect((await menu()).fooditems.filter((i) => i.foodname.toLowerCase() === 'egg curry')).toHaveLength(1);
  });

  it('keeps an item enabled as a submenu while a submenu lists it (409 with the submenus)', async () => {
    const attached = await admin('POST', '/fooditem_submenu_attachment', { foodid: 'spice_route_mango_lassi' });
    expect(attached.json().all_attached_submenus).toEqual([
      { submenuid: 'sm_spice_route_add_a_drink', submenuname: 'Add a drink' },
    ]);
    const none = await admin('POST', '/fooditem_submenu_attachment', { foodid: 'spice_route_egg_curry' });
    expect(none.json().all_attached_submenus).toEqual([]);

    const { fooditem } = await getItem('spice_route_mango_lassi');
    const res = await admin('PUT', '/vendor/fooditem/spice_route_mango_lassi', {
      ...editable(fooditem),
      extras: { ...fooditem.extras, enable_as_submenu: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().extras).toEqual({
      code: 'attachedToSubmenus',
      all_attached_submenus: [{ submenuid: 'sm_spice_route_add_a_drink', submenuname: 'Add a drink' }],
    });
    expect((await getItem('spice_route_mango_lassi')).fooditem.extras.enable_as_submenu).toBe(true);
    const del = await admin('DELETE', `/vendor/fooditem/spice_route_mango_lassi?version=${fooditem.version}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().extras.code).toBe('attachedToSubmenus');
  });

  it('refuses a food_info_link that is not http(s), mailto or tel, naming the field, and changes nothing', async () => {
    const { fooditem } = await getItem('spice_route_egg_curry');
    const base = editable(fooditem);
    for (const link of [
      'javascript:alert(1)',
      ' JavaScript:alert(document.cookie)',
      'data:text/html,<script>x</script>',
    ]) {
      const saved = await admin('PUT', '/vendor/fooditem/spice_route_egg_curry', { ...base, food_info_link: link });
      expect(saved.statusCode, link).toBe(400);
      expect(saved.json()).toMatchObject({
        result: 'failure',
        message: 'Use a web address starting with https:// (or mailto:, tel:)',
        extras: { code: 'editMenu.unsafeLink', field: 'food_info_link' },
      });
      const created = await admin('POST', '/vendor/fooditem', {
        ...base,
        foodname: 'Link Test',
        food_info_link: link,
        restaurant: SPICE,
      });
      expect(created.statusCode, link).toBe(400);
      expect(created.json().extras.field).toBe('food_info_link');
    }
    expect((await getItem('spice_route_egg_curry')).fooditem).toEqual(fooditem);
    expect((await menu()).fooditems.some((i) => i.foodname === 'Link Test')).toBe(false);

    const ok = await admin('PUT', '/vendor/fooditem/spice_route_egg_curry', {
      ...base,
      food_info_link: 'https://example.com/egg-curry',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().fooditem.food_info_link).toBe('https://example.com/egg-curry');
  });

  it('still opens an item stored with such a link before the rule, so it can be corrected', async () => {
    await t.ctx.database.db
      .update(foodItems)
      .set({ details: sql`${foodItems.details} || '{"food_info_link":"javascript:alert(1)"}'::jsonb` })
      .where(eq(foodItems.foodid, 'spice_route_masala_dosa'));
    const opened = await admin('GET', '/vendor/fooditem/spice_route_masala_dosa');
    expect(opened.statusCode).toBe(200);
    const { fooditem } = opened.json();
    expect(fooditem.food_info_link).toBe('javascript:alert(1)');
    expect((await admin('GET', `/vendor/fooditem?restaurant=${encodeURIComponent(SPICE)}`)).statusCode).toBe(200);
    const kept = await admin('PUT', '/vendor/fooditem/spice_route_masala_dosa', editable(fooditem));
    expect(kept.json().extras).toMatchObject({ code: 'editMenu.unsafeLink', field: 'food_info_link' });
    const fixed = await admin('PUT', '/vendor/fooditem/spice_route_masala_dosa', {
      ...editable(fooditem),
      food_info_link: '',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });
});
