import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_RULES,
  fromPricebookSubmenu,
  toPricebookSubmenu,
  type PricebookFoodItem,
  type PricebookSubmenuView,
  type SubmenuForm,
  type SubmenuOption,
} from '@cd/core';
import { backends } from './harness.js';
import { menuTestContext, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

const form = (over: Partial<SubmenuForm> = {}): SubmenuForm => ({
  title: 'Shakes',
  description: '',
  ismand: false,
  multiple: false,
  min: null,
  max: null,
  free_quantity: null,
  min_quantity: null,
  max_quantity: null,
  default: '',
  tags: ['Drinks', 'Sweet'],
  ...over,
});
const opt = (name: string, over: Partial<SubmenuOption> = {}): SubmenuOption => ({
  name,
  shortName: '',
  type: 'item',
  price: 0,
  imageurl: '',
  isHidden: false,
  rules: EMPTY_RULES,
  ...over,
});

describe.each(backends)('price book on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  let standard: number;
  let corporate: number;
  const items = async (query: string): Promise<PricebookFoodItem[]> =>
    (await admin('GET', `/pricebook/fooditems?${query}`)).json().data;
  const submenus = async (path: number): Promise<PricebookSubmenuView[]> =>
    (await admin('GET', `/pricebook/submenu?path=${path}`)).json().data;

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
    const paths: { id: number; pathid: string }[] = (await admin('GET', '/allpath')).json().data;
    standard = paths.find((p) => p.pathid === 'standard')!.id;
    corporate = paths.find((p) => p.pathid === 'corporate')!.id;
  });
  afterAll(async () => t.close());

  it('lists and searches the items of a path (case-insensitive, 3+ characters)', async () => {
    const all = await items(`path=${standard}`);
    expect(all.map((i) => [i.foodname, i.price])).toEqual([
      ['Chicken Biryani', 330],
      ['Mango Lassi', 95],
      ['Mango Smoothie', 120],
      ['Masala Chai', 45],
      ['Paneer Tikka', 230],
    ]);
    expect(all.find((i) => i.foodid === 'pb_mango_smoothie')).toEqual({
      foodid: 'pb_mango_smoothie',
      foodname: 'Mango Smoothie',
      price: 120,
      path: standard,
      tags: 'drinks',
      extras: JSON.stringify({ enable_as_submenu: true, imageurl: '' }),
      version: 1,
    });
    expect((await items(`path=${standard}&search=MANGO`)).map((i) => i.foodid)).toEqual([
      'spice_route_mango_lassi',
      'pb_mango_smoothie',
    ]);
    expect((await items(`path=${standard}&search=ssi`)).map((i) => i.foodname)).toEqual(['Mango Lassi']);
    expect((await items(`path=${standard}&search=${encodeURIComponent('a_a')}`)).map((i) => i.foodname)).toEqual([]);
    expect((await items(`path=${corporate}&search=mango`)).map((i) => i.price)).toEqual([99]);
    const short = await admin('GET', `/pricebook/fooditems?path=${standard}&search=ma`);
    expect(short.statusCode).toBe(400);
    expect(short.json().extras.code).toBe('searchTooShort');
    expect((await admin('GET', '/pricebook/fooditems?path=9999')).json().extras.code).toBe('pathNotFound');
  });

  it('sets a price with the version edited; the menu shows the new price-book price', async () => {
    const ok = await admin('PUT', '/pricebook/fooditem', {
      path: standard,
      foodid: 'spice_route_paneer_tikka',
      price: 240.25,
      version: 1,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ price: 240.25, version: 2 });
    const stale = await admin('PUT', '/pricebook/fooditem', {
      path: standard,
      foodid: 'spice_route_paneer_tikka',
      price: 1,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const negative = await admin('PUT', '/pricebook/fooditem', {
      path: standard,
      foodid: 'spice_route_paneer_tikka',
      price: -1,
      version: 2,
    });
    expect(negative.statusCode).toBe(400);
    const missing = await admin('PUT', '/pricebook/fooditem', {
      path: corporate,
      foodid: 'spice_route_paneer_tikka',
      price: 1,
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
    const menu = (await admin('GET', `/vendor/fooditem?restaurant=${SPICE}`)).json();
    expect(
      menu.fooditems.find((i: { foodid: string }) => i.foodid === 'spice_route_paneer_tikka').pricebook_price,
    ).toBe(240.25);
    const one = (await admin('GET', '/vendor/fooditem/spice_route_paneer_tikka')).json();
    expect(one.pricebook).toEqual({ pathid: 'standard', price: 240.25 });
  });

  it('lists submenus of a path and finds them by any tag', async () => {
    const [beverages] = await submenus(standard);
    expect(beverages).toMatchObject({
      submenuid: 'pbsm_standard_beverages',
      submenuname: 'Beverages',
      submenutype: 'pricebooksubmenu',
      tags: 'drinks,cold',
      path: standard,
      rules: { ismand: false, multiple: false, min: -1, max: -1, free_quantity: -1 },
      version: 1,
    });
    expect(beverages!.subitems.map((s) => [s.subitemname, s.price, s.foodid, s.sequence])).toEqual([
      ['Mango Lassi', 95, 'spice_route_mango_lassi', 0],
      ['Masala Chai', 45, 'spice_route_masala_chai', 1],
    ]);
    const search = async (q: string) =>
      ((await admin('GET', `/pricebook/tagsearch?${q}`)).json().data as PricebookSubmenuView[]).map(
        (s) => s.submenuname,
      );
    expect(await search('tags=COLD')).toEqual(['Beverages']);
    expect(await search('tags=hot,%20drinks')).toEqual(['Beverages']);
    expect(await search('tags=hot')).toEqual([]);
    expect(await search(`tags=cold&path=${corporate}`)).toEqual([]);
    expect(await submenus(corporate)).toEqual([]);
  });

  it('creates, saves and deletes a submenu as the editor sends it', async () => {
    const payload = toPricebookSubmenu(
      form({ ismand: true, default: 'Mango Smoothie', min_quantity: 1, max_quantity: 3 }),
      [
        opt('Mango Smoothie', { price: 120, foodid: 'pb_mango_smoothie' }),
        opt('Plain Milk', { price: 30, shortName: 'Milk' }),
      ],
      standard,
    );
    const res = await admin('POST', '/pricebook/submenu', { data: payload });
    expect(res.statusCode, res.body).toBe(200);
    const created: PricebookSubmenuView = res.json().data;
    expect(created.submenuid).toMatch(/^pbsm_[0-9a-f]{16}$/);
    expect(created.subitems.every((s) => s.submenuid === created.submenuid)).toBe(true);
    // What the editor reopens is what it saved.
    expect(fromPricebookSubmenu(created)).toEqual(fromPricebookSubmenu(payload));
    expect((await submenus(standard)).map((s) => s.submenuname)).toEqual(['Beverages', 'Shakes']);
    expect(
      ((await admin('GET', '/pricebook/tagsearch?tags=sweet')).json().data as PricebookSubmenuView[]).map(
        (s) => s.submenuid,
      ),
    ).toEqual([created.submenuid]);

    const renamed = { ...created, submenuname: 'Milkshakes' };
    const saved = await admin('PUT', `/pricebook/submenu/${created.submenuid}`, { data: renamed, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ submenuname: 'Milkshakes', version: 2 });
    const stale = await admin('PUT', `/pricebook/submenu/${created.submenuid}`, { data: created, version: 1 });
    expect(stale.json().extras.code).toBe('versionConflict');
    const dup = await admin('PUT', `/pricebook/submenu/${created.submenuid}`, {
      data: { ...renamed, submenuname: 'beverages' },
      version: 2,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().extras.code).toBe('pricebookSubmenuExists');
    expect((await admin('DELETE', `/pricebook/submenu/${created.submenuid}?version=1`)).statusCode).toBe(409);
    expect((await admin('DELETE', `/pricebook/submenu/${created.submenuid}?version=2`)).statusCode).toBe(200);
    expect((await submenus(standard)).map((s) => s.submenuname)).toEqual(['Beverages']);
  });

  it('refuses what the editor refuses in price-book mode and stores nothing', async () => {
    const two = [opt('Tea', { price: 10 }), opt('Coffee', { price: 20 })];
    const cases: [string, object, string][] = [
      ['empty title', toPricebookSubmenu(form({ title: ' ' }), two, standard), 'submenu.emptyTitle'],
      ['no options', toPricebookSubmenu(form(), [], standard), 'submenu.atleastOneOption'],
      ['mandatory without default', toPricebookSubmenu(form({ ismand: true }), two, standard), 'submenu.defaultOption'],
      [
        'max above options',
        toPricebookSubmenu(form({ multiple: true, min: 1, max: 3 }), two, standard),
        'submenu.max_exceed_total',
      ],
      [
        'min above max',
        toPricebookSubmenu(form({ multiple: true, min: 2, max: 1 }), two, standard),
        'submenu.max_less_min',
      ],
      ['duplicate option', toPricebookSubmenu(form(), [opt('Tea'), opt('TEA')], standard), 'submenu.alreadyexist'],
      ['negative price', toPricebookSubmenu(form(), [opt('Tea', { price: -2 })], standard), 'submenu.negprice'],
      [
        'an item not enabled as a submenu',
        toPricebookSubmenu(form(), [opt('Paneer Tikka', { foodid: 'spice_route_paneer_tikka' })], standard),
        'optionItemNotSubmenu',
      ],
      [
        'an item of another path',
        toPricebookSubmenu(form(), [opt('Mango Smoothie', { foodid: 'pb_mango_smoothie' })], corporate),
        'unknownPricebookItem',
      ],
      ['an unknown path', toPricebookSubmenu(form(), two, 9999), 'pathNotFound'],
    ];
    for (const [what, data, code] of cases) {
      const res = await admin('POST', '/pricebook/submenu', { data });
      expect(res.json().extras.code, what).toBe(code);
      expect(res.statusCode, what).toBe(code === 'pathNotFound' ? 404 : 400);
    }
    expect((await submenus(standard)).map((s) => s.submenuname)).toEqual(['Beverages']);
  });

  it('belongs to the pricebook page', async () => {
    const editor = await t.user('pb.editor', { pages: ['editMenu'], sites: { restaurants: [SPICE] } });
    expect((await editor('GET', `/pricebook/fooditems?path=${standard}`)).statusCode).toBe(403);
    expect((await editor('GET', `/pricebook/tagsearch?tags=cold`)).statusCode).toBe(403);
    const pricer = await t.user('pb.pricer', { pages: ['pricebook'] });
    expect((await pricer('GET', `/pricebook/submenu?path=${standard}`)).statusCode).toBe(200);
  });
});
