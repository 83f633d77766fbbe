import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EMPTY_RULES, toStoredSubmenu, type SubmenuForm, type SubmenuOption, type SubmenuView } from '@cd/core';
import { auditLog } from '../src/db/schema/index.js';
import { backends } from './harness.js';
import { menuTestContext, NOODLE, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

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
const form = (over: Partial<SubmenuForm> = {}): SubmenuForm => ({
  title: 'Extras',
  description: '',
  ismand: false,
  multiple: false,
  min: null,
  max: null,
  free_quantity: null,
  min_quantity: null,
  max_quantity: null,
  default: '',
  tags: [],
  ...over,
});
const body = (
  f: SubmenuForm,
  options: SubmenuOption[],
  connections: { added_item_list?: string[]; removed_item_list?: string[] } = {},
  extra: object = {},
) => ({
  restaurant: SPICE,
  title: f.title,
  submenu: toStoredSubmenu(f, options),
  connections: { added_item_list: [], removed_item_list: [], submenu_name: f.title, ...connections },
  ...extra,
});

describe.each(backends)('menu-mode submenus on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  const get = async (id: string): Promise<SubmenuView> => (await admin('GET', `/vendor/submenu/${id}`)).json().submenu;
  const list = async () => (await admin('GET', `/vendor/submenu?restaurant=${SPICE}`)).json().submenus;
  const item = async (foodid: string) => (await admin('GET', `/vendor/fooditem/${foodid}`)).json().fooditem;

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
  });
  afterAll(async () => t.close());

  it('lists and opens the demo submenus in their stored form', async () => {
    const summaries = await list();
    expect(summaries.map((s: { title: string; connected_count: number }) => [s.title, s.connected_count])).toEqual([
      ['Add a drink', 1],
      ['Spice level', 2],
    ]);
    const spice = await get('sm_spice_route_spice_level');
    expect(spice).toMatchObject({
      title: 'Spice level',
      restaurant: SPICE,
      list: ['Mild', 'Medium', 'Hot'],
      options: { Mild: 0, Medium: 0, Hot: 0 },
      attributes: { ismand: true, multiple: false, default: 'Medium' },
      connected_items: ['spice_route_chicken_biryani', 'spice_route_paneer_tikka'],
      version: 1,
    });
    expect(spice.extras.Mild).toMatchObject({ type: 'item', isHidden: false, price: 0 });
    const drink = await get('sm_spice_route_add_a_drink');
    expect(drink.extras['Mango Lassi']?.foodid).toBe('spice_route_mango_lassi');
  });

  it('creates a submenu with connections; the items show it and their versions move on', async () => {
    const before = await item('spice_route_egg_curry');
    const res = await admin(
      'POST',
      '/vendor/submenu',
      body(
        form({ title: 'Extras', multiple: true, min: 0, max: 2, description: 'Add more' }),
        [
          opt('Extra egg', { price: 20, shortName: 'Egg' }),
          opt('Raita', { price: 30 }),
          opt('Sauces', { type: 'group', price: undefined, items: { Mint: { price: 0 }, Tamarind: { price: 5 } } }),
        ],
        { added_item_list: ['spice_route_egg_curry', 'spice_route_masala_dosa'] },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const created: SubmenuView = res.json().submenu;
    expect(created.submenuid).toMatch(/^sm_[0-9a-f]{16}$/);
    expect(created.connected_items).toEqual(['spice_route_egg_curry', 'spice_route_masala_dosa']);
    expect(created.list).toEqual(['Extra egg', 'Raita', 'Sauces']);
    expect(created.options).toEqual({ 'Extra egg': 20, Raita: 30, Sauces: 0 });
    expect(created.extras.Sauces).toMatchObject({ type: 'group', refList: ['Mint', 'Tamarind'] });
    expect(await get(created.submenuid)).toEqual(created);
    const after = await item('spice_route_egg_curry');
    expect(after.submenu).toEqual([created.submenuid]);
    expect(after.version).toBe(before.version + 1);
    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'submenu'), eq(auditLog.entity_id, created.submenuid)));
    expect(audit).toMatchObject({ actor: 'demo.admin', action: 'create' });

    // Save with a diff: one removed, one added; a stale version is refused.
    const saved = await admin(
      'PUT',
      `/vendor/submenu/${created.submenuid}`,
      body(
        form({ title: 'Extras', multiple: true, min: 0, max: 2 }),
        [opt('Extra egg', { price: 25 }), opt('Raita', { price: 30 })],
        { added_item_list: ['spice_route_chicken_biryani'], removed_item_list: ['spice_route_masala_dosa'] },
        { version: 1 },
      ),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().submenu).toMatchObject({
      version: 2,
      options: { 'Extra egg': 25, Raita: 30 },
      connected_items: ['spice_route_chicken_biryani', 'spice_route_egg_curry'],
    });
    expect((await item('spice_route_masala_dosa')).submenu).toEqual([]);
    expect((await item('spice_route_chicken_biryani')).submenu).toEqual([
      'sm_spice_route_spice_level',
      created.submenuid,
    ]);
    const stale = await admin(
      'PUT',
      `/vendor/submenu/${created.submenuid}`,
      body(form({ title: 'Stale' }), [opt('A')], {}, { version: 1 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
    expect((await get(created.submenuid)).title).toBe('Extras');
    const noVersion = await admin(
      'PUT',
      `/vendor/submenu/${created.submenuid}`,
      body(form({ title: 'Extras' }), [opt('A')]),
    );
    expect(noVersion.json().extras).toMatchObject({ code: 'invalidRequest', field: 'version' });
    const dup = await admin('POST', '/vendor/submenu', body(form({ title: 'SPICE LEVEL' }), [opt('A')]));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().extras.code).toBe('submenuExists');
  });

  it('refuses every save the editor refuses (400 with the §5.3 key) and stores nothing', async () => {
    const three = [opt('Small'), opt('Regular'), opt('Large')];
    const cases: [string, ReturnType<typeof body>, string][] = [
      ['empty title', body(form({ title: '   ' }), three), 'submenu.emptyTitle'],
      ['multiple without min', body(form({ multiple: true, max: 2 }), three), 'submenu.emptyMin'],
      ['multiple without max', body(form({ multiple: true, min: 1 }), three), 'submenu.emptyMax'],
      ['negative min', body(form({ multiple: true, min: -1, max: 2 }), three), 'submenu.min_max_less_zero'],
      ['min above max', body(form({ multiple: true, min: 3, max: 2 }), three), 'submenu.max_less_min'],
      ['max above the options', body(form({ multiple: true, min: 1, max: 4 }), three), 'submenu.max_exceed_total'],
      [
        'min quantity above max quantity',
        body(form({ min_quantity: 3, max_quantity: 1 }), three),
        'submenu.maxQuantity_less_minQuantity',
      ],
      ['no options', body(form(), []), 'submenu.atleastOneOption'],
      ['mandatory single without default', body(form({ ismand: true }), three), 'submenu.defaultOption'],
      ['default not an option', body(form({ ismand: true, default: 'Huge' }), three), 'submenu.defaultOption'],
      [
        'an option named like a connected item',
        body(form(), [opt('egg curry')], { added_item_list: ['spice_route_egg_curry'] }),
        'submenu.connectSelf',
      ],
      ['an option without a name', body(form(), [opt('')]), 'submenu.emptyname'],
      ['a negative option price', body(form(), [opt('Cheese', { price: -5 })]), 'submenu.negprice'],
      ['two options with one name', body(form(), [opt('Cheese'), opt('cheese')]), 'submenu.alreadyexist'],
      [
        'a group without sub-options',
        body(form(), [opt('Dips', { type: 'group', items: {} })]),
        'submenu.emptySubOption',
      ],
      [
        'a sub-option with a negative price',
        body(form(), [opt('Dips', { type: 'group', items: { Mayo: { price: -1 } } })]),
        'submenu.negprice',
      ],
      [
        'option max quantity below min quantity',
        body(form(), [opt('Cheese', { rules: { ...EMPTY_RULES, min_quantity: 2, max_quantity: 1 } })]),
        'submenu.maxQuantity_less_minQuantity',
      ],
      ['an option name with odd characters', body(form(), [opt('<script>')]), 'submenu.invalidName'],
    ];
    const before = await list();
    for (const [what, payload, code] of cases) {
      const res = await admin('POST', '/vendor/submenu', payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().extras.code, what).toBe(code);
      const update = await admin('PUT', '/vendor/submenu/sm_spice_route_spice_level', { ...payload, version: 1 });
      expect(update.json().extras.code, `update: ${what}`).toBe(code);
    }
    expect(await list()).toEqual(before);
    expect((await get('sm_spice_route_spice_level')).version).toBe(1);
    expect((await item('spice_route_egg_curry')).submenu).toHaveLength(1);
  });

  it('connects only items of the restaurant that may use the submenu by type', async () => {
    const free = [opt('Small'), opt('Large')];
    const linked = [opt('Mango Lassi', { foodid: 'spice_route_mango_lassi' })];
    const cases: [string, ReturnType<typeof body>, string][] = [
      ['an unknown item', body(form(), free, { added_item_list: ['nope'] }), 'unknownItem'],
      ['an item of another restaurant', body(form(), free, { added_item_list: ['noodle_house_gyoza'] }), 'unknownItem'],
      [
        'a meal deal with free options',
        body(form(), free, { added_item_list: ['spice_route_thali_meal_deal'] }),
        'editMenu.submenuNotAllowed',
      ],
      [
        'an item enabled as submenu with linked options',
        body(form(), linked, { added_item_list: ['spice_route_masala_chai'] }),
        'editMenu.submenuNotAllowed',
      ],
      ['an option linking an unknown item', body(form(), [opt('Ghost', { foodid: 'nope' })]), 'unknownOptionItem'],
      [
        'an option linking another restaurant',
        body(form(), [opt('Gyoza', { foodid: 'noodle_house_gyoza' })]),
        'unknownOptionItem',
      ],
      [
        'an option linking an item not enabled as submenu',
        body(form(), [opt('Egg Curry', { foodid: 'spice_route_egg_curry' })]),
        'optionItemNotSubmenu',
      ],
    ];
    for (const [what, payload, code] of cases) {
      const res = await admin('POST', '/vendor/submenu', payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().extras.code, what).toBe(code);
    }
    // Turning "Add a drink" into free options would break its meal-deal connection.
    const drink = await get('sm_spice_route_add_a_drink');
    const res = await admin(
      'PUT',
      '/vendor/submenu/sm_spice_route_add_a_drink',
      body(form({ title: 'Add a drink' }), [...linked, opt('Water')], {}, { version: drink.version }),
    );
    expect(res.json().extras).toMatchObject({
      code: 'editMenu.submenuNotAllowed',
      foodid: 'spice_route_thali_meal_deal',
    });
    // A submenu of one restaurant cannot be attached to another's item.
    const gyoza = (await admin('GET', '/vendor/fooditem/noodle_house_gyoza')).json().fooditem;
    const { foodid: _f, restaurant: _r, updated_at: _u, updated_by: _b, ...fields } = gyoza;
    const attach = await admin('PUT', '/vendor/fooditem/noodle_house_gyoza', {
      ...fields,
      submenu: ['sm_spice_route_spice_level'],
    });
    expect(attach.json().extras.code).toBe('editMenu.unknownSubmenu');
    expect(await get('sm_spice_route_add_a_drink')).toEqual(drink);
  });

  it('deletes a submenu with the version edited and removes its connections', async () => {
    const created = (
      await admin(
        'POST',
        '/vendor/submenu',
        body(form({ title: 'Toppings' }), [opt('Cheese')], { added_item_list: ['spice_route_egg_curry'] }),
      )
    ).json().submenu as SubmenuView;
    expect((await item('spice_route_egg_curry')).submenu).toContain(created.submenuid);
    expect((await admin('DELETE', `/vendor/submenu/${created.submenuid}?version=9`)).statusCode).toBe(409);
    const ok = await admin('DELETE', `/vendor/submenu/${created.submenuid}?version=1`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await admin('GET', `/vendor/submenu/${created.submenuid}`)).statusCode).toBe(404);
    expect((await item('spice_route_egg_curry')).submenu).not.toContain(created.submenuid);
  });

  it('checks the page, the limited permissions and the sites', async () => {
    const editor = await t.user('sub.editor', { pages: ['editMenu'], sites: { restaurants: [SPICE] } });
    expect((await editor('GET', `/vendor/submenu?restaurant=${SPICE}`)).statusCode).toBe(200);
    const refused = await editor('POST', '/vendor/submenu', body(form({ title: 'Nope' }), [opt('A')]));
    expect(refused.statusCode).toBe(403);
    const categoriesOnly = await t.user('sub.categories', {
      pages: ['subMenuManagement'],
      permissions: ['category_Only'],
      sites: { restaurants: [SPICE] },
    });
    expect(
      (await categoriesOnly('POST', '/vendor/submenu', body(form({ title: 'Nope' }), [opt('A')]))).statusCode,
    ).toBe(403);
    const london = await t.user('sub.london', { pages: ['subMenuManagement'], sites: { restaurants: [NOODLE] } });
    const out = await london('POST', '/vendor/submenu', body(form({ title: 'Nope' }), [opt('A')]));
    expect(out.json().extras.code).toBe('restaurantNotFound');
    expect((await london('GET', '/vendor/submenu/sm_spice_route_spice_level')).json().extras.code).toBe(
      'submenuNotFound',
    );
    expect((await list()).map((s: { title: string }) => s.title)).not.toContain('Nope');
  });
});
