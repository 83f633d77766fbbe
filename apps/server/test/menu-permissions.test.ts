import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './harness.js';
import { editable, menuTestContext, NOODLE, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

describe.each(backends)('menu item permissions on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  const getItem = async (foodid: string, as: Caller = admin) => (await as('GET', `/vendor/fooditem/${foodid}`)).json();

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
  });

  afterAll(async () => t.close());

  it('keeps fields behind fine permissions and locks from users without them (403)', async () => {
    const clerk = await t.user('menu.clerk', { pages: ['editMenu'], sites: { foodcourts: ['fc-blr-atrium'] } });
    const { fooditem } = await getItem('spice_route_egg_curry', clerk);
    const base = editable(fooditem);
    const ok = await clerk('PUT', '/vendor/fooditem/spice_route_egg_curry', {
      ...base,
      fooddescription: 'Eggs in gravy',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const current = { ...base, fooddescription: 'Eggs in gravy', version: ok.json().fooditem.version };
    for (const [field, value] of [
      ['price', 999],
      ['taxation', 'GST 0%'],
      ['hsn_code', '1'],
      ['barcode', '123'],
      ['daysavailable', { ...base.daysavailable, Monday: false }],
      ['datesavailable', ['01-01-2027']],
      ['dietary_info', 'Vegan'],
      ['special_diet', 'Low fat'],
      ['food_texture', 'Soft'],
    ] as const) {
      const res = await clerk('PUT', '/vendor/fooditem/spice_route_egg_curry', { ...current, [field]: value });
      expect(res.statusCode, field).toBe(403);
      expect(res.json().extras).toMatchObject({ code: 'fieldNotAllowed', field });
    }
    const newPriced = await clerk('POST', '/vendor/fooditem', {
      restaurant: SPICE,
      foodname: 'Clerk special',
      price: 10,
    });
    expect(newPriced.json().extras.code).toBe('fieldNotAllowed');
    expect((await getItem('spice_route_egg_curry')).fooditem).toMatchObject({ price: 180, taxation: 'GST 5%' });

    // Locks: only admins and unit managers set them or change a locked value.
    const pricer = await t.user('menu.pricer', {
      pages: ['editMenu'],
      permissions: ['price'],
      sites: { locations: ['loc-bengaluru'] },
    });
    const lock = await pricer('PUT', '/vendor/fooditem/spice_route_egg_curry', { ...current, locked_field: ['price'] });
    expect(lock.json().extras).toMatchObject({ code: 'lockNotAllowed', field: 'locked_field' });
    const manager = await t.user('menu.manager', {
      pages: ['editMenu'],
      permissions: ['price', 'unit_manager'],
      sites: { restaurants: [SPICE] },
    });
    const locked = await manager('PUT', '/vendor/fooditem/spice_route_egg_curry', {
      ...current,
      locked_field: ['price'],
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const lockedItem = { ...current, locked_field: ['price'], version: locked.json().fooditem.version };
    const refused = await pricer('PUT', '/vendor/fooditem/spice_route_egg_curry', { ...lockedItem, price: 200 });
    expect(refused.json().extras).toMatchObject({ code: 'fieldLocked', field: 'price' });
    const otherField = await pricer('PUT', '/vendor/fooditem/spice_route_egg_curry', {
      ...lockedItem,
      short_name: 'Curry',
    });
    expect(otherField.statusCode, otherField.body).toBe(200);
    const byManager = await manager('PUT', '/vendor/fooditem/spice_route_egg_curry', {
      ...lockedItem,
      short_name: 'Curry',
      price: 190,
      version: otherField.json().fooditem.version,
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect((await getItem('spice_route_egg_curry')).fooditem).toMatchObject({ price: 190, locked_field: ['price'] });
  });

  it('lets users work only on the restaurants of their sites', async () => {
    const london = await t.user('menu.london', {
      pages: ['editMenu'],
      permissions: ['price'],
      sites: { restaurants: [NOODLE] },
    });
    expect((await london('GET', `/vendor/fooditem?restaurant=${NOODLE}`)).statusCode).toBe(200);
    const out = await london('GET', `/vendor/fooditem?restaurant=${SPICE}`);
    expect(out.statusCode).toBe(404);
    expect(out.json().extras.code).toBe('restaurantNotFound');
    expect((await london('GET', '/vendor/fooditem/spice_route_egg_curry')).json().extras.code).toBe('itemNotFound');
    expect((await london('GET', '/vendor/fooditem?restaurant=fc-x:nowhere')).statusCode).toBe(404);
    const { fooditem } = await getItem('spice_route_egg_curry');
    const write = await london('PUT', '/vendor/fooditem/spice_route_egg_curry', {
      ...editable(fooditem),
      short_name: 'x',
    });
    expect(write.statusCode).toBe(404);
    const create = await london('POST', '/vendor/fooditem', { restaurant: SPICE, foodname: 'Sneaky' });
    expect(create.statusCode).toBe(404);
    expect(
      (await london('POST', '/fooditem_submenu_attachment', { foodid: 'spice_route_mango_lassi' })).statusCode,
    ).toBe(404);
    expect((await getItem('spice_route_egg_curry')).fooditem.short_name).not.toBe('x');
  });

  it('lets the submenu and price-book pages read items but not write them', async () => {
    const reader = await t.user('menu.reader', { pages: ['pricebook'], sites: { restaurants: [SPICE] } });
    expect((await reader('GET', `/vendor/fooditem?restaurant=${SPICE}`)).statusCode).toBe(200);
    const { fooditem } = await getItem('spice_route_egg_curry');
    const res = await reader('PUT', '/vendor/fooditem/spice_route_egg_curry', editable(fooditem));
    expect(res.statusCode).toBe(403);
    expect((await reader('POST', '/fooditem_submenu_attachment', { foodid: 'spice_route_egg_curry' })).statusCode).toBe(
      403,
    );
    const readOnly = await t.user('menu.viewer', {
      pages: ['editMenu'],
      readOnly: ['editMenu'],
      sites: { restaurants: [SPICE] },
    });
    expect(
      (await readOnly('POST', '/fooditem_submenu_attachment', { foodid: 'spice_route_egg_curry' })).statusCode,
    ).toBe(200);
    expect(
      (await readOnly('PUT', '/vendor/fooditem/spice_route_egg_curry', editable(fooditem))).json().extras.code,
    ).toBe('readOnly');
  });
});
