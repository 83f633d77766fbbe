import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { FoodItem, MenuChangePreview, MenuChangeSet } from '@cd/core';
import { appState, auditLog, menuRevisions } from '../src/db/schema/index.js';
import { MenuChangesService } from '../src/modules/menu/changes.service.js';
import { backends } from './harness.js';
import { editable, menuTestContext, NOODLE, SPICE, type Caller, type MenuTestContext } from './menu-fixtures.js';

const PANEER = 'spice_route_paneer_tikka';
const DOSA = 'spice_route_masala_dosa';
const CURRY = 'spice_route_egg_curry';
const LASSI = 'spice_route_mango_lassi';
const soon = (ms = 60_000) => new Date(Date.now() + ms).toISOString();
/** A time past every set scheduled by this file (the round is called with it). */
const later = () => new Date(Date.now() + 3_600_000);

describe.each(backends)('scheduled menu changes on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  let service: MenuChangesService;
  const item = async (foodid: string, as: Caller = admin): Promise<FoodItem> =>
    (await as('GET', `/vendor/fooditem/${foodid}`)).json().fooditem;
  const edit = async (foodid: string, change: Partial<FoodItem>, as: Caller = admin) => {
    const res = await as('PUT', `/vendor/fooditem/${foodid}`, { ...editable(await item(foodid)), ...change });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().fooditem as FoodItem;
  };
  const make = async (body: Record<string, unknown>, as: Caller = admin) => {
    const res = await as('POST', '/menu-changes', { restaurant: SPICE, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().change as MenuChangeSet;
  };
  const get = async (id: number) => (await admin('GET', `/menu-changes/${id}`)).json().change as MenuChangeSet;
  const stamp = async () =>
    (
      await t.ctx.database.db
        .select({ value: appState.value })
        .from(appState)
        .where(eq(appState.key, `menu_version:${SPICE}`))
    )[0]?.value ?? '0';

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
    service = new MenuChangesService(t.ctx.database.db);
  });
  afterAll(async () => t.close());

  it('publishes a scheduled change once at its time; a field changed live since is shown and left, not overwritten', async () => {
    const paneer = await item(PANEER);
    const dosa = await item(DOSA);
    const set = await make({
      name: 'Lunch prices',
      publish_at: soon(),
      entries: [
        { foodid: PANEER, values: { price: paneer.price + 20 } },
        { foodid: DOSA, values: { price: dosa.price + 5, hide_item: true } },
      ],
    });
    expect(set).toMatchObject({ status: 'scheduled', entry_count: 2, created_by: 'demo.admin' });
    expect(set.entries[0]).toMatchObject({ foodname: paneer.foodname, base: { price: paneer.price } });

    // Nothing changes before its time, and the round before it publishes nothing.
    expect(await service.publishDue()).toBe(0);
    expect((await item(PANEER)).price).toBe(paneer.price);

    // A live edit after the draft was made: the preview names it as a conflict.
    await edit(PANEER, { price: paneer.price + 7 });
    const preview = (await admin('GET', `/menu-changes/${set.id}/preview`)).json() as MenuChangePreview;
    expect(preview.conflicts).toBe(1);
    expect(preview.entries[0]).toMatchObject({ foodid: PANEER, exists: true, changed_by: 'demo.admin' });
    expect(preview.entries[0]!.fields).toEqual([
      { field: 'price', live: paneer.price + 7, base: paneer.price, draft: paneer.price + 20, conflict: true },
    ]);
    expect(preview.entries[1]!.fields.map((f) => [f.field, f.conflict])).toEqual([
      ['price', false],
      ['hide_item', false],
    ]);

    const before = await stamp();
    expect(await service.publishDue(undefined, later())).toBe(1);
    const done = await get(set.id);
    expect(done.status).toBe('published');
    expect(done.report).toMatchObject({
      outcome: 'published',
      trigger: 'schedule',
      by: 'demo.admin',
      counts: { applied: 1, conflicts: 1, missing: 0, refused: 0 },
    });
    expect(done.report!.message).toBe('Published: 1 item changed, 1 change left as changed live since');
    expect(done.report!.items.map((i) => [i.foodid, i.outcome, i.applied])).toEqual([
      [PANEER, 'conflict', []],
      [DOSA, 'applied', ['price', 'hide_item']],
    ]);
    // The live edit stands; the other item has the new price and is hidden; the menu stamp moved.
    expect((await item(PANEER)).price).toBe(paneer.price + 7);
    expect(await item(DOSA)).toMatchObject({ price: dosa.price + 5, hide_item: true });
    expect(await stamp()).not.toBe(before);
    // The history names the scheduler; the audit says it was a scheduled change.
    const [rev] = await t.ctx.database.db
      .select()
      .from(menuRevisions)
      .where(and(eq(menuRevisions.entity, 'item'), eq(menuRevisions.record_id, DOSA)))
      .orderBy(desc(menuRevisions.id))
      .limit(1);
    expect(rev).toMatchObject({ actor: 'demo.admin', changed: expect.arrayContaining(['price', 'hide_item']) });
    const [entry] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'food_item'), eq(auditLog.entity_id, DOSA)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.action).toBe('scheduled change');

    // Once: another round publishes nothing, and a published change can be neither edited, cancelled nor deleted.
    expect(await service.publishDue(undefined, later())).toBe(0);
    const again = await admin('POST', `/menu-changes/${set.id}/cancel`, { version: done.version });
    expect(again.statusCode).toBe(409);
    expect(again.json().extras.code).toBe('menuChangeClosed');
    const del = await admin('DELETE', `/menu-changes/${set.id}?version=${done.version}`);
    expect(del.json().extras.code).toBe('menuChangePublished');
    await edit(DOSA, { hide_item: false, price: dosa.price });
  });

  it('never publishes a cancelled change', async () => {
    const lassi = await item(LASSI);
    const set = await make({
      name: 'Summer lassi',
      publish_at: soon(),
      entries: [{ foodid: LASSI, values: { price: 99 } }],
    });
    const cancel = await admin('POST', `/menu-changes/${set.id}/cancel`, { version: set.version });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().change.status).toBe('cancelled');
    expect(await service.publishDue(undefined, later())).toBe(0);
    expect((await item(LASSI)).price).toBe(lassi.price);
    expect((await get(set.id)).report).toBeNull();
    const stale = await admin('POST', `/menu-changes/${set.id}/publish`, { version: cancel.json().change.version });
    expect(stale.json().extras.code).toBe('menuChangeClosed');
    // A cancelled change may be deleted.
    const del = await admin('DELETE', `/menu-changes/${set.id}?version=${cancel.json().change.version}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await admin('GET', `/menu-changes/${set.id}`)).statusCode).toBe(404);
  });

  it('publishes now; "keep mine" takes the live value as the base so a conflict shown is overwritten by choice', async () => {
    const curry = await item(CURRY);
    const set = await make({ name: 'Curry up', entries: [{ foodid: CURRY, values: { price: curry.price + 30 } }] });
    expect(set.status).toBe('draft');
    await edit(CURRY, { price: curry.price + 1 });
    // Saved again unchanged: the base it was made against stays, so the conflict stays.
    const same = await admin('PUT', `/menu-changes/${set.id}`, {
      restaurant: SPICE,
      name: 'Curry up',
      entries: [{ foodid: CURRY, values: { price: curry.price + 30 } }],
      version: set.version,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().change.entries[0].base).toEqual({ price: curry.price });
    expect(((await admin('GET', `/menu-changes/${set.id}/preview`)).json() as MenuChangePreview).conflicts).toBe(1);
    const mine = await admin('PUT', `/menu-changes/${set.id}`, {
      restaurant: SPICE,
      name: 'Curry up',
      entries: [{ foodid: CURRY, values: { price: curry.price + 30 }, keep_mine: true }],
      version: same.json().change.version,
    });
    expect(mine.json().change.entries[0].base).toEqual({ price: curry.price + 1 });
    // A stale version is refused with who changed it; nothing is published.
    const stale = await admin('POST', `/menu-changes/${set.id}/publish`, { version: set.version });
    expect(stale.statusCode).toBe(409);
    const now = await admin('POST', `/menu-changes/${set.id}/publish`, { version: mine.json().change.version });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().change).toMatchObject({
      status: 'published',
      report: { trigger: 'now', counts: { applied: 1 } },
    });
    expect((await item(CURRY)).price).toBe(curry.price + 30);
    await edit(CURRY, { price: curry.price });
  });

  it('publishes all or nothing: an edit refused at its time fails the whole change, with the reason in its report', async () => {
    const pricer = await t.user('changes.pricer', {
      pages: ['editMenu'],
      permissions: ['price'],
      sites: { restaurants: [SPICE] },
    });
    const manager = await t.user('changes.manager', {
      pages: ['editMenu'],
      permissions: ['price', 'unit_manager'],
      sites: { restaurants: [SPICE] },
    });
    const paneer = await item(PANEER);
    const curry = await item(CURRY);
    const set = await make(
      {
        name: 'Two prices',
        publish_at: soon(),
        entries: [
          { foodid: PANEER, values: { price: paneer.price + 1 } },
          { foodid: CURRY, values: { price: curry.price + 1 } },
        ],
      },
      pricer,
    );
    // A unit manager locks the curry's price after the change was made.
    await edit(CURRY, { locked_field: ['price'] }, manager);
    expect(await service.publishDue(undefined, later())).toBe(1);
    const failed = await get(set.id);
    expect(failed.status).toBe('failed');
    expect(failed.report).toMatchObject({ outcome: 'failed', by: 'changes.pricer', counts: { refused: 1 } });
    expect(failed.report!.message).toMatch(/^Not published, nothing changed: .*price is locked by a unit manager/);
    // Nothing of it was applied: the paneer's price is as it was.
    expect((await item(PANEER)).price).toBe(paneer.price);
    expect((await item(CURRY)).price).toBe(curry.price);
    // A failed change can be fixed and scheduled again; saving an edit the user may not make is refused up front.
    const refused = await pricer('PUT', `/menu-changes/${set.id}`, {
      restaurant: SPICE,
      name: 'Two prices',
      publish_at: soon(),
      entries: [{ foodid: CURRY, values: { price: curry.price + 2 } }],
      version: failed.version,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().extras).toMatchObject({ code: 'fieldLocked', field: 'entries.0.values' });
    await edit(CURRY, { locked_field: [] }, manager);
  });

  it('checks what it is given and keeps each client to its own restaurants', async () => {
    const bad = async (body: Record<string, unknown>) => admin('POST', '/menu-changes', { restaurant: SPICE, ...body });
    const past = await bad({
      name: 'Late',
      publish_at: new Date(Date.now() - 3_600_000).toISOString(),
      entries: [{ foodid: PANEER, values: { price: 1 } }],
    });
    expect(past.json().extras).toMatchObject({ code: 'publishAtPast', field: 'publish_at' });
    const foreign = await bad({ name: 'Elsewhere', entries: [{ foodid: 'noodle_house_ramen', values: { price: 1 } }] });
    expect(foreign.json().extras).toMatchObject({ code: 'itemNotOnMenu', field: 'entries.0.foodid' });
    const twice = await bad({
      name: 'Twice',
      entries: [
        { foodid: PANEER, values: { price: 1 } },
        { foodid: PANEER, values: { price: 2 } },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const empty = await bad({ name: 'Nothing', entries: [{ foodid: PANEER, values: {} }] });
    expect(empty.statusCode).toBe(400);
    const negative = await bad({ name: 'Negative', entries: [{ foodid: PANEER, values: { price: -1 } }] });
    expect(negative.statusCode).toBe(400);
    const listed = await admin('GET', `/menu-changes?restaurant=${encodeURIComponent(SPICE)}&search=Late`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().total).toBe(0);

    const atrium = await make({ name: 'Atrium only', entries: [{ foodid: PANEER, values: { price: 1 } }] });
    const london = await t.user('changes.london', { pages: ['editMenu'], sites: { restaurants: [NOODLE] } });
    expect((await london('GET', `/menu-changes/${atrium.id}`)).statusCode).toBe(404);
    expect((await london('GET', `/menu-changes/${atrium.id}/preview`)).statusCode).toBe(404);
    expect((await london('POST', `/menu-changes/${atrium.id}/publish`, { version: atrium.version })).statusCode).toBe(
      404,
    );
    expect((await london('POST', `/menu-changes/${atrium.id}/cancel`, { version: atrium.version })).statusCode).toBe(
      404,
    );
    const list = (await london('GET', '/menu-changes')).json();
    expect(list.changes.map((c: MenuChangeSet) => c.restaurant)).not.toContain(SPICE);
    const theirs = await london('POST', '/menu-changes', {
      restaurant: SPICE,
      name: 'Not mine',
      entries: [{ foodid: PANEER, values: { price: 1 } }],
    });
    // Another client's restaurant does not exist for them (row-level security), as everywhere.
    expect(theirs.statusCode).toBe(404);
    const noPage = await t.user('changes.nopage', { pages: ['allergens'], sites: { restaurants: [SPICE] } });
    expect((await noPage('GET', '/menu-changes')).statusCode).toBe(403);
    const del = await admin('DELETE', `/menu-changes/${atrium.id}?version=${atrium.version}`);
    expect(del.statusCode, del.body).toBe(200);
  });

  it('changes the days an item is sold; an edit the live item already has is reported as already so', async () => {
    const dosa = await item(DOSA);
    const days = { ...dosa.daysavailable, Monday: false };
    const first = await make({ name: 'No dosa Mondays', entries: [{ foodid: DOSA, values: { daysavailable: days } }] });
    const second = await make({ name: 'Same again', entries: [{ foodid: DOSA, values: { daysavailable: days } }] });
    const done = await admin('POST', `/menu-changes/${first.id}/publish`, { version: first.version });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().change.report.items[0]).toMatchObject({ outcome: 'applied', applied: ['daysavailable'] });
    expect((await item(DOSA)).daysavailable).toMatchObject({ Monday: false, Tuesday: true });
    const again = await admin('POST', `/menu-changes/${second.id}/publish`, { version: second.version });
    expect(again.json().change.report).toMatchObject({
      message: 'Published: 0 items changed',
      items: [{ outcome: 'unchanged', applied: [], conflicts: [] }],
    });
    await edit(DOSA, { daysavailable: dosa.daysavailable });
  });

  it('publishes once when a user publishes now as the job processes publish it', async () => {
    const lassi = await item(LASSI);
    const set = await make({
      name: 'Race',
      publish_at: soon(1_000),
      entries: [{ foodid: LASSI, values: { price: lassi.price + 3 } }],
    });
    const [round, now] = await Promise.all([
      service.publishDue(undefined, later()),
      admin('POST', `/menu-changes/${set.id}/publish`, { version: set.version }),
    ]);
    const done = await get(set.id);
    expect(done.status).toBe('published');
    // Exactly one of them published it (the other found it published, or locked, and did nothing).
    expect(round + (now.statusCode === 200 ? 1 : 0)).toBe(1);
    expect((await item(LASSI)).price).toBe(lassi.price + 3);
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'food_item'), eq(auditLog.entity_id, LASSI), eq(auditLog.action, 'scheduled change')),
      );
    expect(audits).toHaveLength(1);
    await edit(LASSI, { price: lassi.price });
  });
});
