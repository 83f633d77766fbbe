import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryView } from '@cd/core';
import { backends } from './harness.js';
import { menuTestContext, NOODLE, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

describe.each(backends)('categories on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  const list = async (restaurant = SPICE): Promise<CategoryView[]> =>
    (await admin('GET', `/vendor/category?restaurant=${restaurant}`)).json().categories;
  const byName = async (name: string) => (await list()).find((c) => c.name === name)!;
  const item = async (foodid: string) => (await admin('GET', `/vendor/fooditem/${foodid}`)).json().fooditem;

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
  });
  afterAll(async () => t.close());

  it('lists a restaurant’s categories in order with their item counts', async () => {
    expect((await list()).map((c) => [c.name, c.sequence, c.item_count])).toEqual([
      ['Starters', 1, 1],
      ['Mains', 2, 4],
      ['Drinks', 3, 2],
    ]);
    expect((await list(NOODLE)).map((c) => c.name)).toEqual(['Noodles', 'Sides', 'Drinks']);
  });

  it('adds categories at the end; names are unique per restaurant, case-insensitively', async () => {
    const res = await admin('POST', '/vendor/category', { restaurant: SPICE, name: ' Desserts ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().category).toMatchObject({
      name: 'Desserts',
      sequence: 4,
      item_count: 0,
      version: 1,
      updated_by: 'demo.admin',
    });
    const dup = await admin('POST', '/vendor/category', { restaurant: SPICE, name: 'desserts' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().extras.code).toBe('categoryExists');
    const elsewhere = await admin('POST', '/vendor/category', { restaurant: NOODLE, name: 'Desserts' });
    expect(elsewhere.statusCode).toBe(200);
    const empty = await admin('POST', '/vendor/category', { restaurant: SPICE, name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect((await list()).map((c) => c.name)).toEqual(['Starters', 'Mains', 'Drinks', 'Desserts']);
  });

  it('renames a category in its items too, in one save; a stale version gets 409', async () => {
    const drinks = await byName('Drinks');
    const lassi = await item('spice_route_mango_lassi');
    const res = await admin('PUT', `/vendor/category/${drinks.id}`, { name: 'Beverages', version: drinks.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().category).toMatchObject({ name: 'Beverages', item_count: 2, version: 2 });
    const renamed = await item('spice_route_mango_lassi');
    expect(renamed.listofcategories).toEqual(['Beverages']);
    expect(renamed.version).toBe(lassi.version + 1);
    // Noodle House keeps its own Drinks.
    expect((await list(NOODLE)).map((c) => c.name)).toContain('Drinks');
    expect((await item('noodle_house_green_tea')).listofcategories).toEqual(['Drinks']);
    const stale = await admin('PUT', `/vendor/category/${drinks.id}`, { name: 'Juices', version: drinks.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
    const clash = await admin('PUT', `/vendor/category/${drinks.id}`, { name: 'MAINS', version: 2 });
    expect(clash.json().extras.code).toBe('categoryExists');
    expect((await byName('Beverages')).version).toBe(2);
    const moved = await admin('PUT', `/vendor/category/${drinks.id}`, { name: 'Beverages', sequence: 0, version: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list())[0]?.name).toBe('Beverages');
  });

  it('deletes only categories no item uses', async () => {
    const mains = await byName('Mains');
    const used = await admin('DELETE', `/vendor/category/${mains.id}?version=${mains.version}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().extras).toEqual({ code: 'categoryInUse', item_count: 4 });
    const desserts = await byName('Desserts');
    expect((await admin('DELETE', `/vendor/category/${desserts.id}?version=7`)).statusCode).toBe(409);
    const ok = await admin('DELETE', `/vendor/category/${desserts.id}?version=${desserts.version}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await list()).map((c) => c.name)).not.toContain('Desserts');
    expect((await admin('DELETE', `/vendor/category/${desserts.id}?version=1`)).statusCode).toBe(404);
  });

  it('checks the page, the limited permissions and the sites', async () => {
    const editor = await t.user('cat.editor', { pages: ['editMenu'], sites: { restaurants: [SPICE] } });
    expect((await editor('GET', `/vendor/category?restaurant=${SPICE}`)).statusCode).toBe(200);
    expect((await editor('POST', '/vendor/category', { restaurant: SPICE, name: 'Nope' })).statusCode).toBe(403);
    const submenusOnly = await t.user('cat.submenus', {
      pages: ['subMenuManagement'],
      permissions: ['submenu_Only'],
      sites: { restaurants: [SPICE] },
    });
    expect((await submenusOnly('POST', '/vendor/category', { restaurant: SPICE, name: 'Nope' })).statusCode).toBe(403);
    const categoriesOnly = await t.user('cat.categories', {
      pages: [],
      permissions: ['category_Only'],
      sites: { foodcourts: ['fc-blr-atrium'] },
    });
    const allowed = await categoriesOnly('POST', '/vendor/category', { restaurant: SPICE, name: 'Specials' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const london = await t.user('cat.london', { pages: ['subMenuManagement'], sites: { locations: ['loc-london'] } });
    const out = await london('POST', '/vendor/category', { restaurant: SPICE, name: 'Nope' });
    expect(out.json().extras.code).toBe('restaurantNotFound');
    const starters = await byName('Starters');
    expect((await london('PUT', `/vendor/category/${starters.id}`, { name: 'Nope', version: 1 })).statusCode).toBe(404);
    expect((await london('GET', `/vendor/category?restaurant=${NOODLE}`)).statusCode).toBe(200);
    expect((await list()).map((c) => c.name)).not.toContain('Nope');
  });
});
