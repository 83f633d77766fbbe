import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  EMPTY_RULES,
  toStoredSubmenu,
  type FoodItem,
  type MenuAsOfAnswer,
  type MenuHistoryAnswer,
  type SubmenuForm,
  type SubmenuOption,
} from '@cd/core';
import { appState, auditLog, menuRevisions } from '../src/db/schema/index.js';
import { backends } from './harness.js';
import { editable, menuTestContext, NOODLE, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

const PANEER = 'spice_route_paneer_tikka';
const opt = (name: string, price = 0): SubmenuOption => ({
  name,
  shortName: '',
  type: 'item',
  price,
  imageurl: '',
  isHidden: false,
  rules: EMPTY_RULES,
});
const form = (title: string): SubmenuForm => ({
  title,
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
});

describe.each(backends)('menu history on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  let standard: number;
  const item = async (foodid = PANEER): Promise<FoodItem> =>
    (await admin('GET', `/vendor/fooditem/${foodid}`)).json().fooditem;
  const history = async (entity: string, id: string, as: Caller = admin) =>
    as('GET', `/menu/history?entity=${entity}&id=${encodeURIComponent(id)}`);
  const stamp = async (restaurant = SPICE) =>
    (
      await t.ctx.database.db
        .select({ value: appState.value })
        .from(appState)
        .where(eq(appState.key, `menu_version:${restaurant}`))
    )[0]?.value ?? '0';
  const setPrice = async (price: number) => {
    const now = await item();
    const res = await admin('PUT', `/vendor/fooditem/${PANEER}`, { ...editable(now), price });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().fooditem as FoodItem;
  };

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
    const paths: { id: number; pathid: string }[] = (await admin('GET', '/allpath')).json().data;
    standard = paths.find((p) => p.pathid === 'standard')!.id;
  });
  afterAll(async () => t.close());

  it('keeps every price change; reverting the second puts the first price back, audited, stamp moved', async () => {
    const start = new Date();
    await new Promise((r) => setTimeout(r, 20));
    expect((await item()).price).toBe(220);
    await setPrice(250);
    await new Promise((r) => setTimeout(r, 20));
    const between = new Date();
    await new Promise((r) => setTimeout(r, 20));
    await setPrice(275);
    const res = await history('item', PANEER);
    expect(res.statusCode, res.body).toBe(200);
    const h: MenuHistoryAnswer = res.json();
    expect(h.version).toBe(3);
    // The demo data's creation is the first revision (the seed runs after the migrations).
    expect(h.revisions.map((r) => [r.op, r.actor, r.op === 'insert' ? r.revertible : r.changes])).toEqual([
      ['update', 'demo.admin', [{ field: 'price', before: 250, after: 275 }]],
      ['update', 'demo.admin', [{ field: 'price', before: 220, after: 250 }]],
      ['insert', expect.anything(), false],
    ]);

    const stampBefore = await stamp();
    const reverted = await admin('POST', '/menu/history/revert', { revision: h.revisions[0]!.id, version: 3 });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().version).toBe(4);
    expect((await item()).price).toBe(250);
    expect(Number(await stamp())).toBe(Number(stampBefore) + 1);
    const after: MenuHistoryAnswer = (await history('item', PANEER)).json();
    expect(after.revisions).toHaveLength(4);
    expect(after.revisions[0]).toMatchObject({
      actor: 'demo.admin',
      reverted_from: h.revisions[0]!.id,
      changes: [{ field: 'price', before: 275, after: 250 }],
    });
    const [row] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'food_item'), eq(auditLog.entity_id, PANEER), eq(auditLog.action, 'revert')));
    expect(row).toMatchObject({ actor: 'demo.admin' });

    // As it was at: before any change, between the two, now.
    const asOf = async (at: Date): Promise<MenuAsOfAnswer> => {
      const r = await admin('GET', `/menu/as-of?restaurant=${encodeURIComponent(SPICE)}&at=${at.toISOString()}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const priceAt = async (at: Date) => (await asOf(at)).fooditems.find((i) => i.foodid === PANEER)?.price;
    expect(await priceAt(start)).toBe(220);
    expect(await priceAt(between)).toBe(250);
    expect(await priceAt(new Date())).toBe(250);
    const then = await asOf(start);
    expect(then.fooditems.map((i) => i.foodname)).toContain('Paneer Tikka');
    expect(then.categories.map((c) => c.name)).toEqual(['Starters', 'Mains', 'Drinks']);
    expect((await admin('GET', `/menu/as-of?restaurant=${SPICE}&at=2001-01-01T00:00:00Z`)).statusCode).toBe(400);
  });

  it('refuses a revert against a stale version: 409, nothing changed', async () => {
    const h: MenuHistoryAnswer = (await history('item', PANEER)).json();
    const oldest = h.revisions.find((r) => r.op === 'update' && !r.reverted_from)!;
    const before = await item();
    const count = (await t.ctx.database.db.select().from(menuRevisions)).length;
    const stale = await admin('POST', '/menu/history/revert', { revision: oldest.id, version: h.version! - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
    expect(await item()).toEqual(before);
    expect((await t.ctx.database.db.select().from(menuRevisions)).length).toBe(count);
    // Creations are not reverted.
    const [created] = await t.ctx.database.db
      .insert(menuRevisions)
      .values({ restaurant: SPICE, entity: 'item', record_id: PANEER, op: 'insert', after: {}, changed: [] })
      .returning();
    const refused = await admin('POST', '/menu/history/revert', { revision: created!.id, version: h.version! });
    expect(refused.statusCode).toBe(400);
    await t.ctx.database.db.delete(menuRevisions).where(eq(menuRevisions.id, created!.id));
  });

  it('keeps revisions of categories (and reverts a rename in the items), submenus and price-book prices', async () => {
    const cats: { id: number; name: string; version: number }[] = (
      await admin('GET', `/vendor/category?restaurant=${encodeURIComponent(SPICE)}`)
    ).json().categories;
    const starters = cats.find((c) => c.name === 'Starters')!;
    expect(starters).toBeDefined();
    const renamed = await admin('PUT', `/vendor/category/${starters.id}`, {
      name: 'Small plates',
      version: starters.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await item()).listofcategories).toEqual(['Small plates']);
    const ch: MenuHistoryAnswer = (await history('category', String(starters.id))).json();
    expect(ch.revisions[0]!.changes).toEqual([{ field: 'name', before: 'Starters', after: 'Small plates' }]);
    const back = await admin('POST', '/menu/history/revert', { revision: ch.revisions[0]!.id, version: ch.version });
    expect(back.statusCode, back.body).toBe(200);
    expect((await item()).listofcategories).toEqual(['Starters']);

    const created = await admin('POST', '/vendor/submenu', {
      restaurant: SPICE,
      title: 'Dips',
      submenu: toStoredSubmenu(form('Dips'), [opt('Mint', 10)]),
      connections: { added_item_list: [], removed_item_list: [], submenu_name: 'Dips' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().submenu.submenuid as string;
    const saved = await admin('PUT', `/vendor/submenu/${id}`, {
      restaurant: SPICE,
      title: 'Dips',
      submenu: toStoredSubmenu(form('Dips'), [opt('Mint', 10), opt('Tamarind', 15)]),
      connections: { added_item_list: [], removed_item_list: [], submenu_name: 'Dips' },
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sh: MenuHistoryAnswer = (await history('submenu', id)).json();
    expect(sh.revisions.map((r) => r.op)).toEqual(['update', 'insert']);
    expect(sh.revisions[1]!.actor).toBe('demo.admin');
    expect(sh.revisions[0]!.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['body.list', 'body.options']));
    const undone = await admin('POST', '/menu/history/revert', { revision: sh.revisions[0]!.id, version: 2 });
    expect(undone.statusCode, undone.body).toBe(200);
    const sub = (await admin('GET', `/vendor/submenu/${id}`)).json().submenu;
    expect(sub).toMatchObject({ list: ['Mint'], options: { Mint: 10 }, version: 3 });

    const stampBefore = await t.ctx.database.db.select().from(appState).where(eq(appState.key, 'pricebook_version'));
    const set = await admin('PUT', '/pricebook/fooditem', { path: standard, foodid: PANEER, price: 260, version: 1 });
    expect(set.statusCode, set.body).toBe(200);
    const ph: MenuHistoryAnswer = (await history('price', `${standard}:${PANEER}`)).json();
    expect(ph.revisions[0]!.changes).toEqual([{ field: 'price', before: 230, after: 260 }]);
    const undo = await admin('POST', '/menu/history/revert', { revision: ph.revisions[0]!.id, version: 2 });
    expect(undo.statusCode, undo.body).toBe(200);
    const menu = (await admin('GET', `/vendor/fooditem?restaurant=${encodeURIComponent(SPICE)}`)).json();
    expect(menu.fooditems.find((i: { foodid: string }) => i.foodid === PANEER).pricebook_price).toBe(230);
    const stampAfter = await t.ctx.database.db.select().from(appState).where(eq(appState.key, 'pricebook_version'));
    expect(Number(stampAfter[0]!.value)).toBeGreaterThan(Number(stampBefore[0]?.value ?? 0));
  });

  it('names who deleted a record in its last revision', async () => {
    const made = await admin('POST', '/vendor/category', { restaurant: SPICE, name: 'Seasonal' });
    expect(made.statusCode, made.body).toBe(200);
    const cats: { id: number; name: string; version: number }[] = (
      await admin('GET', `/vendor/category?restaurant=${encodeURIComponent(SPICE)}`)
    ).json().categories;
    const seasonal = cats.find((c) => c.name === 'Seasonal')!;
    const gone = await admin('DELETE', `/vendor/category/${seasonal.id}?version=${seasonal.version}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const [last] = await t.ctx.database.db
      .select()
      .from(menuRevisions)
      .where(and(eq(menuRevisions.entity, 'category'), eq(menuRevisions.record_id, String(seasonal.id))))
      .orderBy(desc(menuRevisions.id))
      .limit(1);
    expect(last).toMatchObject({ op: 'delete', actor: 'demo.admin' });
  });

  it('writes no revision for a save that changes nothing but bookkeeping', async () => {
    const [last] = await t.ctx.database.db.select().from(menuRevisions).orderBy(desc(menuRevisions.id)).limit(1);
    await t.ctx.database.db.execute(
      sql`update food_items set version = version + 1, updated_at = now() where foodid = ${PANEER}`,
    );
    const [now] = await t.ctx.database.db.select().from(menuRevisions).orderBy(desc(menuRevisions.id)).limit(1);
    expect(now!.id).toBe(last!.id);
  });

  it("another site's user can neither read nor revert; the pages are checked", async () => {
    const h: MenuHistoryAnswer = (await history('item', PANEER)).json();
    const london = await t.user('menu.london', { pages: ['editMenu'], sites: { restaurants: [NOODLE] } });
    expect([403, 404]).toContain((await history('item', PANEER, london)).statusCode);
    const refused = await london('POST', '/menu/history/revert', { revision: h.revisions[0]!.id, version: h.version });
    expect([403, 404]).toContain(refused.statusCode);
    const asOf = await london('GET', `/menu/as-of?restaurant=${SPICE}&at=${new Date().toISOString()}`);
    expect([403, 404]).toContain(asOf.statusCode);
    // A user of Spice Route with only the price book reads the item's history but may not revert the item.
    const pricer = await t.user('price.only', { pages: ['pricebook'], sites: { restaurants: [SPICE] } });
    expect((await history('item', PANEER, pricer)).statusCode).toBe(200);
    const notHis = await pricer('POST', '/menu/history/revert', { revision: h.revisions[0]!.id, version: h.version });
    expect(notHis.statusCode).toBe(403);
    const reports = await t.user('reports.only', { pages: ['reports'], sites: { restaurants: [SPICE] } });
    expect((await history('item', PANEER, reports)).statusCode).toBe(403);
    expect(await item()).toMatchObject({ version: h.version });
  });
});
