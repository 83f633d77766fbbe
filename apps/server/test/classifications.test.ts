import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, foodItems } from '../src/db/schema/index.js';
import { backends } from './harness.js';
import { menuTestContext, NOODLE, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

const TIKKA = 'spice_route_paneer_tikka';
const BIRYANI = 'spice_route_chicken_biryani';
const CHAI = 'spice_route_masala_chai';
const GYOZA = 'noodle_house_gyoza';

/** Issue 20 point 1: classifications of items, assigned many at once; one sales category per item. */
describe.each(backends)('classifications on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  const create = async (body: object) => {
    const res = await admin('POST', '/classifications', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().classification as { id: number; version: number; name: string; item_count: number };
  };
  const assign = (id: number, foodids: string[], mode: 'add' | 'remove' = 'add', caller = admin) =>
    caller('POST', `/classifications/${id}/assign`, { foodids, mode });
  const itemsOf = async (id: number) =>
    ((await admin('GET', `/classifications/${id}/items?page_size=200`)).json().items as { foodid: string }[])
      .map((i) => i.foodid)
      .sort();

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
  });
  afterAll(async () => t.close());

  it('creates, reads, saves with the version and refuses a stale one, deletes', async () => {
    const c = await create({ kind: 'other', name: 'Seasonal', code: 'SEAS', description: 'Winter specials' });
    expect(c).toMatchObject({ name: 'Seasonal', item_count: 0, version: 1 });
    const one = await admin('GET', `/classifications/${c.id}`);
    expect(one.json().classification).toMatchObject({ code: 'SEAS', description: 'Winter specials' });

    const saved = await admin('PUT', `/classifications/${c.id}`, { kind: 'other', name: 'Seasonal menu', version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().classification).toMatchObject({ name: 'Seasonal menu', version: 2, updated_by: 'demo.admin' });
    const stale = await admin('PUT', `/classifications/${c.id}`, { kind: 'other', name: 'Old', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
    expect((await admin('DELETE', `/classifications/${c.id}?version=1`)).statusCode).toBe(409);
    expect((await admin('DELETE', `/classifications/${c.id}?version=2`)).statusCode).toBe(200);
    expect((await admin('GET', `/classifications/${c.id}`)).statusCode).toBe(404);
    // Bad input names its field.
    const bad = await admin('POST', '/classifications', { kind: 'colour', name: '' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps names unique per kind, ignoring case, with a field error', async () => {
    const a = await create({ kind: 'sales_category', name: 'Beverages' });
    const again = await admin('POST', '/classifications', { kind: 'sales_category', name: 'beverages' });
    expect(again.statusCode).toBe(409);
    expect(again.json().extras).toMatchObject({ code: 'classificationExists', field: 'name' });
    // The same name in another kind is fine.
    await create({ kind: 'accounting_group', name: 'BEVERAGES', code: '4100' });
    const b = await create({ kind: 'sales_category', name: 'Hot drinks' });
    const rename = await admin('PUT', `/classifications/${b.id}`, {
      kind: 'sales_category',
      name: ' BEVERAGES ',
      version: b.version,
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().extras.field).toBe('name');
    const list = await admin('GET', '/classifications?kind=sales_category&search=bev');
    expect(list.json().classifications.map((c: { id: number }) => c.id)).toEqual([a.id]);
  });

  it('assigns many items, moves an item to another sales category (not duplicated), diet tags stack', async () => {
    const mains = await create({ kind: 'sales_category', name: 'Mains' });
    const drinks = await create({ kind: 'sales_category', name: 'Drinks' });
    const res = await assign(mains.id, [TIKKA, BIRYANI, CHAI]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ assigned: 3, moved: [], message: '3 assigned' });
    // Again: nothing changes.
    expect((await assign(mains.id, [TIKKA])).json()).toMatchObject({ assigned: 0, unchanged: 1 });

    const move = await assign(drinks.id, [CHAI]);
    expect(move.json()).toMatchObject({
      assigned: 1,
      moved: [{ id: mains.id, name: 'Mains', count: 1 }],
      message: '1 assigned, 1 moved from Mains',
    });
    expect(await itemsOf(mains.id)).toEqual([BIRYANI, TIKKA]);
    expect(await itemsOf(drinks.id)).toEqual([CHAI]);
    const list = (await admin('GET', '/classifications?kind=sales_category&sort=name')).json().classifications as {
      name: string;
      item_count: number;
    }[];
    expect(list.find((c) => c.name === 'Mains')?.item_count).toBe(2);
    expect(list.find((c) => c.name === 'Drinks')?.item_count).toBe(1);

    // "No sales category": Spice Route's items without one.
    const none = (await admin('GET', `/classifications/unassigned?kind=sales_category&restaurant=${SPICE}`)).json();
    const noneIds = none.items.map((i: { foodid: string }) => i.foodid);
    expect(noneIds).not.toContain(TIKKA);
    expect(noneIds).not.toContain(CHAI);
    expect(none.total).toBeGreaterThan(0);

    // The picker: a restaurant's items with what each has.
    const picker = (await admin('GET', `/classifications/items?restaurant=${SPICE}&search=chai`)).json();
    expect(picker.items).toEqual([
      expect.objectContaining({
        foodid: CHAI,
        classifications: [{ id: drinks.id, kind: 'sales_category', name: 'Drinks' }],
      }),
    ]);

    const veg = await create({ kind: 'diet_tag', name: 'Vegetarian' });
    const spicy = await create({ kind: 'diet_tag', name: 'Spicy' });
    await assign(veg.id, [TIKKA, CHAI]);
    expect((await assign(spicy.id, [TIKKA, BIRYANI])).json()).toMatchObject({ assigned: 2, moved: [] });
    expect(await itemsOf(veg.id)).toEqual([CHAI, TIKKA]);
    expect(await itemsOf(spicy.id)).toEqual([BIRYANI, TIKKA]);

    const removed = await assign(spicy.id, [TIKKA, CHAI], 'remove');
    expect(removed.json()).toMatchObject({ removed: 1, unchanged: 1, message: '1 item removed' });
    expect(await itemsOf(spicy.id)).toEqual([BIRYANI]);

    // An unknown item refuses the whole request and changes nothing.
    const unknown = await assign(veg.id, [BIRYANI, 'no_such_item']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().extras).toMatchObject({ code: 'itemNotFound', foodids: ['no_such_item'] });
    expect(await itemsOf(veg.id)).toEqual([CHAI, TIKKA]);

    // A classification's kind does not change while it has items.
    const kind = await admin('PUT', `/classifications/${veg.id}`, { kind: 'other', name: 'Vegetarian', version: 1 });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().extras.field).toBe('kind');

    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(mains.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'assign']));
  });

  it('assigns up to 5,000 items at once in one request', async () => {
    const group = await create({ kind: 'accounting_group', name: 'Bulk', code: '4999' });
    const ids = Array.from({ length: 5000 }, (_, i) => `bulk_item_${i}`);
    await t.ctx.database.db
      .insert(foodItems)
      .values(ids.map((foodid, i) => ({ foodid, restaurant: SPICE, foodname: `Bulk ${i}` })));
    const res = await assign(group.id, ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assigned).toBe(5000);
    const one = (await admin('GET', `/classifications/${group.id}`)).json().classification;
    expect(one.item_count).toBe(5000);
    const over = await assign(group.id, [...ids, 'one_more']);
    expect(over.statusCode).toBe(400);
    // Moving all of them to another accounting group reports the count moved.
    const other = await create({ kind: 'accounting_group', name: 'Bulk 2' });
    const moved = await assign(other.id, ids);
    expect(moved.json()).toMatchObject({ assigned: 5000, moved: [{ name: 'Bulk', count: 5000 }] });
    await t.ctx.database.db.delete(foodItems).where(eq(foodItems.restaurant, SPICE));
    expect((await admin('GET', `/classifications/${other.id}`)).json().classification.item_count).toBe(0);
  });

  it('needs the page, and a scoped user assigns only items of their restaurants', async () => {
    const tag = await create({ kind: 'diet_tag', name: 'Gluten-free' });
    const menuOnly = await t.user('cls.menu', { pages: ['editMenu'] });
    expect((await menuOnly('GET', '/classifications')).statusCode).toBe(403);
    expect((await assign(tag.id, [GYOZA], 'add', menuOnly)).statusCode).toBe(403);

    const london = await t.user('cls.london', { pages: ['classifications'], sites: { restaurants: [NOODLE] } });
    const mine = await assign(tag.id, [GYOZA], 'add', london);
    expect(mine.statusCode, mine.body).toBe(200);
    // An item of another site's restaurant: refused, and nothing of the request is applied.
    await t.ctx.database.db.insert(foodItems).values({ foodid: 'cls_spice_item', restaurant: SPICE, foodname: 'X' });
    const other = await assign(tag.id, ['noodle_house_green_tea', 'cls_spice_item'], 'add', london);
    // Another site's item does not exist for them.
    expect(other.statusCode, other.body).toBe(400);
    expect((await admin('GET', `/classifications/${tag.id}/items`)).json().items).toHaveLength(1);
    // They see only their restaurants' items and counts.
    await assign(tag.id, ['cls_spice_item']);
    const seenRes = await london('GET', `/classifications?kind=diet_tag&search=gluten`);
    expect(seenRes.statusCode, seenRes.body).toBe(200);
    const seen = seenRes.json().classifications;
    expect(seen[0].item_count).toBe(1);
    expect((await admin('GET', `/classifications/${tag.id}`)).json().classification.item_count).toBe(2);
    expect((await london('GET', `/classifications/items?restaurant=${SPICE}`)).statusCode).toBe(403);
    expect((await london('GET', `/classifications/items?restaurant=${NOODLE}`)).json().total).toBeGreaterThan(0);
    expect((await london('GET', `/classifications/unassigned?kind=diet_tag&restaurant=${SPICE}`)).statusCode).toBe(403);
  });

  it('deleting a classification removes its assignments', async () => {
    const tag = await create({ kind: 'other', name: 'Short-lived' });
    await assign(tag.id, [GYOZA, 'noodle_house_green_tea']);
    const del = await admin('DELETE', `/classifications/${tag.id}?version=${tag.version}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Short-lived deleted; 2 items no longer have it');
    const again = await create({ kind: 'other', name: 'Short-lived' });
    expect(again.item_count).toBe(0);
    expect(await itemsOf(again.id)).toEqual([]);
  });
});
