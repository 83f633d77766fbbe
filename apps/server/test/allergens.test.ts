import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGEN_CATALOGUE, DEFAULT_LIST_NAME_MAP, type AllergensResponse } from '@cd/core';
import { backends } from './harness.js';
import { menuTestContext, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

describe.each(backends)('allergens on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  const catalogue = async (): Promise<AllergensResponse> => (await admin('GET', '/allergens?counts=true')).json();
  const one = async (code: string) => (await catalogue()).data.find((a) => a.code === code);

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
  });
  afterAll(async () => t.close());

  it('answers the 14 regulated allergens keyed by code, with the items that declare each', async () => {
    const res = await catalogue();
    expect(res.data.map((a) => a.code)).toEqual(ALLERGEN_CATALOGUE.map((a) => a.code));
    expect(res.data.every((a) => a.regulated)).toBe(true);
    expect(res.allergens_info.CY).toEqual({ name: 'Celery', imageurl: '' });
    const counts = Object.fromEntries(res.data.map((a) => [a.code, a.item_count]));
    // Demo: milk in paneer tikka, lassi, chai, thali; eggs in egg curry and ramen; gluten in thali, ramen, gyoza.
    expect(counts).toMatchObject({ MK: 4, EG: 2, GN: 3, CY: 0 });
    // The item editor reads the catalogue without the counts, which walk every item.
    const plain = (await (await admin('GET', '/allergens')).json()) as AllergensResponse;
    expect(plain.data.map((a) => a.item_count)).toEqual(ALLERGEN_CATALOGUE.map(() => null));
  });

  it('adds, renames and deletes a custom allergen', async () => {
    const res = await admin('POST', '/allergens', { code: 'co', name: 'Coconut', imageurl: '/files/allergens/co.png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().allergen).toEqual({
      code: 'CO',
      name: 'Coconut',
      imageurl: '/files/allergens/co.png',
      regulated: false,
      item_count: 0,
      version: 1,
    });
    expect((await catalogue()).data.at(-1)?.code).toBe('CO');
    const dupCode = await admin('POST', '/allergens', { code: 'CO', name: 'Cocoa' });
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().extras).toMatchObject({ code: 'allergenExists', field: 'code' });
    const dupName = await admin('POST', '/allergens', { code: 'MLK', name: 'milk' });
    expect(dupName.json().extras).toMatchObject({ code: 'allergenExists', field: 'name' });
    const badCode = await admin('POST', '/allergens', { code: 'C0', name: 'Bad' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().extras.field).toBe('code');

    const renamed = await admin('PUT', '/allergens/CO', { code: 'CO', name: 'Coconut milk', version: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().allergen).toMatchObject({ name: 'Coconut milk', version: 2, imageurl: '' });
    expect((await admin('PUT', '/allergens/CO', { code: 'CO', name: 'Old', version: 1 })).statusCode).toBe(409);
    expect((await admin('PUT', '/allergens/CO', { code: 'CN', name: 'Other', version: 2 })).json().extras.code).toBe(
      'codeFixed',
    );
    expect((await one('CO'))?.name).toBe('Coconut milk');
    const lists = (await admin('GET', '/list_name_map')).json().data;
    expect(lists.allergens.CO).toBe('Coconut milk');
    expect(lists.food_texture).toEqual(DEFAULT_LIST_NAME_MAP.food_texture);

    // While an item declares it, it stays.
    const curry = (await admin('GET', '/vendor/fooditem/spice_route_egg_curry')).json().fooditem;
    const { foodid: _f, restaurant: _r, updated_at: _u, updated_by: _b, ...fields } = curry;
    const saved = await admin('PUT', '/vendor/fooditem/spice_route_egg_curry', { ...fields, allergens: ['EG', 'CO'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await one('CO'))?.item_count).toBe(1);
    const inUse = await admin('DELETE', '/allergens/CO?version=2');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().extras).toEqual({ code: 'allergenInUse', item_count: 1 });
    await admin('PUT', '/vendor/fooditem/spice_route_egg_curry', { ...fields, version: curry.version + 1 });
    expect((await admin('DELETE', '/allergens/CO?version=1')).json().extras.code).toBe('versionConflict');
    expect((await admin('DELETE', '/allergens/CO?version=2')).statusCode).toBe(200);
    expect(await one('CO')).toBeUndefined();
    expect((await admin('GET', '/list_name_map')).json().data.allergens.CO).toBeUndefined();
  });

  it('never deletes a regulated allergen', async () => {
    const res = await admin('DELETE', '/allergens/CY?version=1');
    expect(res.statusCode).toBe(409);
    expect(res.json().extras.code).toBe('allergenRegulated');
    expect((await one('CY'))?.name).toBe('Celery');
  });

  it('lets the item editor read the catalogue and the lists, and only the allergens page change it', async () => {
    const editor = await t.user('al.editor', { pages: ['editMenu'], sites: { restaurants: [SPICE] } });
    expect((await editor('GET', '/allergens')).statusCode).toBe(200);
    expect((await editor('GET', '/list_name_map')).statusCode).toBe(200);
    expect((await editor('POST', '/allergens', { code: 'XY', name: 'Xylitol' })).statusCode).toBe(403);
    const pricer = await t.user('al.pricer', { pages: ['pricebook'] });
    expect((await pricer('GET', '/allergens')).statusCode).toBe(403);
    expect((await pricer('GET', '/list_name_map')).statusCode).toBe(200);
    expect(await one('XY')).toBeUndefined();
  });
});
