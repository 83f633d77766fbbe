import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  cloneKey,
  planChanges,
  planCounts,
  submenuLinks,
  type CloneConflict,
  type CloneInclude,
  type CloneItem,
  type CloneMenu,
  type CloneMode,
  type ClonePlan,
  type CloneTargetResult,
} from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { appState, categories, foodItems, foodItemSubmenus, submenus } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { slugOf } from '../menu/item.mapping.js';
import { touchMenu } from '../menu/menu-cache.js';
import { newSubmenuId } from '../menu/submenus.service.js';

/**
 * Reading a restaurant's menu in the clone's shape and applying a clone plan to a target, in bulk: a
 * 5,000-item menu is read with four queries and written with one statement per table and chunk, the rows
 * passed as one JSON parameter (jsonb_to_recordset) rather than thousands of bind parameters.
 */

const MENU_KEY = 'menu_version:';
const CHUNK = 500;

/** The target's menu stamp: the counter every menu write bumps (menu-cache.ts touchMenu). */
export async function cloneStamp(db: DbOrTx, restaurant: string): Promise<string> {
  const [row] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, `${MENU_KEY}${restaurant}`));
  return row?.value ?? '0';
}

/**
 * Takes the target's menu stamp row for the rest of the transaction: every other menu write to the restaurant
 * bumps that row (touchMenu) and so waits until the clone has committed or rolled back.
 */
export async function lockStamp(tx: DbOrTx, restaurant: string): Promise<string> {
  const key = `${MENU_KEY}${restaurant}`;
  await tx.insert(appState).values({ key, value: '0' }).onConflictDoNothing();
  const rows = await tx.execute<{ value: string }>(sql`select value from app_state where key = ${key} for update`);
  return String((rows as unknown as { rows: { value: string }[] }).rows[0]?.value ?? '0');
}

export async function loadCloneMenu(db: DbOrTx, restaurant: string): Promise<CloneMenu> {
  // One after the other: inside a transaction they share one connection (pg refuses overlapping queries there).
  const items = await db
    .select({
      foodid: foodItems.foodid,
      foodname: foodItems.foodname,
      price: foodItems.price,
      listofcategories: foodItems.listofcategories,
      vegflag: foodItems.vegflag,
      hide_item: foodItems.hide_item,
      imageurl: foodItems.imageurl,
      short_name: foodItems.short_name,
      extras: foodItems.extras,
      locked_field: foodItems.locked_field,
      details: foodItems.details,
      sequence: foodItems.sequence,
    })
    .from(foodItems)
    .where(eq(foodItems.restaurant, restaurant))
    .orderBy(asc(foodItems.sequence), asc(foodItems.foodid));
  const links = await db
    .select({ foodid: foodItemSubmenus.foodid, submenuid: foodItemSubmenus.submenuid })
    .from(foodItemSubmenus)
    .innerJoin(foodItems, eq(foodItems.foodid, foodItemSubmenus.foodid))
    .where(eq(foodItems.restaurant, restaurant))
    .orderBy(asc(foodItemSubmenus.foodid), asc(foodItemSubmenus.sequence), asc(foodItemSubmenus.submenuid));
  const cats = await db
    .select({ name: categories.name, sequence: categories.sequence })
    .from(categories)
    .where(eq(categories.restaurant, restaurant))
    .orderBy(asc(categories.sequence), asc(categories.id));
  const subs = await db
    .select({ submenuid: submenus.submenuid, title: submenus.title, body: submenus.body })
    .from(submenus)
    .where(eq(submenus.restaurant, restaurant))
    .orderBy(asc(submenus.title));
  const linksOf = new Map<string, string[]>();
  for (const l of links) {
    const list = linksOf.get(l.foodid);
    if (list) list.push(l.submenuid);
    else linksOf.set(l.foodid, [l.submenuid]);
  }
  return {
    items: items.map((i): CloneItem => ({ ...i, submenus: linksOf.get(i.foodid) ?? [] })),
    categories: cats,
    submenus: subs,
  };
}

/** New food ids `<restid>_<slug>` (then `_2`, `_3`…) not taken by any restaurant; one range read on the key. */
async function newFoodids(tx: DbOrTx, restid: string, names: { key: string; name: string }[]) {
  const prefix = `${restid}_`;
  const taken = new Set(
    (
      await tx
        .select({ id: foodItems.foodid })
        .from(foodItems)
        .where(sql`starts_with(${foodItems.foodid}, ${prefix})`)
    ).map((r) => r.id),
  );
  const ids = new Map<string, string>();
  for (const n of names) {
    const base = `${prefix}${slugOf(n.name)}`;
    let id = base;
    for (let i = 2; taken.has(id); i += 1) id = `${base}_${i}`;
    taken.add(id);
    ids.set(n.key, id);
  }
  return ids;
}

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

export type ApplyResult = { changed: boolean; counts: ReturnType<typeof planCounts> };

/**
 * Applies a plan to the target inside the caller's transaction. Order: categories; new item ids; submenus
 * (their option links need the target's ids); items; connections of added and changed items; the
 * classifications of added items; the menu stamp and one audit row.
 */
export async function applyClonePlan(
  tx: DbOrTx,
  args: {
    plan: ClonePlan;
    source: string;
    target: { restaurant: string; restid: string };
    sourceMenu: CloneMenu;
    targetMenu: CloneMenu;
    include: CloneInclude;
    mode: CloneMode;
    actor: string;
    runId: string;
  },
): Promise<ApplyResult> {
  const { plan, target, actor } = args;
  const counts = planCounts(plan);
  if (!planChanges(plan)) return { changed: false, counts };
  const r = target.restaurant;

  if (plan.categories.add.length > 0) {
    const maxSeq = Math.max(0, ...args.targetMenu.categories.map((c) => c.sequence));
    await tx.insert(categories).values(
      plan.categories.add.map((c, i) => ({
        restaurant: r,
        name: c.name,
        sequence: args.mode === 'overwrite' ? c.sequence : maxSeq + i + 1,
        updated_by: actor,
      })),
    );
  }
  for (const c of plan.categories.change) {
    await tx
      .update(categories)
      .set({ sequence: c.sequence, version: sql`${categories.version} + 1`, updated_by: actor, updated_at: new Date() })
      .where(and(eq(categories.restaurant, r), sql`lower(${categories.name}) = lower(${c.name})`));
  }

  // Ids of the items to add, then every source item → its target id.
  const added = plan.items.filter((i) => i.action === 'add');
  const newIds = await newFoodids(
    tx,
    target.restid,
    added.map((a) => ({ key: a.source.foodid, name: a.source.foodname })),
  );
  const targetIdOf = new Map<string, string>(newIds);
  for (const i of plan.items) if (i.action !== 'add' && i.target) targetIdOf.set(i.source.foodid, i.target.foodid);
  // Items not cloned this time (submenus only) but present at the target by name.
  const byName = new Map(args.targetMenu.items.map((t) => [cloneKey(t.foodname), t.foodid]));
  for (const s of args.sourceMenu.items) {
    if (!targetIdOf.has(s.foodid)) {
      const t = byName.get(cloneKey(s.foodname));
      if (t) targetIdOf.set(s.foodid, t);
    }
  }
  const mapBody = (body: Record<string, unknown>) => {
    const extras = (body.extras ?? {}) as Record<string, Record<string, unknown>>;
    const next: Record<string, Record<string, unknown>> = {};
    for (const [o, x] of Object.entries(extras)) {
      const f = typeof x?.foodid === 'string' ? x.foodid : '';
      const src = f.startsWith('new:') ? f.slice(4) : '';
      next[o] = src ? { ...x, foodid: targetIdOf.get(src) ?? src } : x;
    }
    return { ...body, extras: next };
  };

  // Submenus.
  const targetSubs = new Map(args.targetMenu.submenus.map((s) => [cloneKey(s.title), s.submenuid]));
  const submenuIdOf = new Map<string, string>();
  for (const src of args.sourceMenu.submenus) {
    const there = targetSubs.get(cloneKey(src.title));
    if (there) submenuIdOf.set(src.submenuid, there);
  }
  const subRows = (list: { id: string; title: string; body: Record<string, unknown> }[]) =>
    list.map((s) => {
      const links = submenuLinks(s.body);
      return {
        submenuid: s.id,
        restaurant: r,
        title: s.title,
        body: s.body,
        option_count: links.count,
        all_linked: links.allLinked,
        linked_foodids: links.linked,
        updated_by: actor,
      };
    });
  const subAdds = plan.submenus.flatMap((s) => (s.action === 'add' ? [s] : []));
  const subChanges = plan.submenus.flatMap((s) => (s.action === 'change' ? [s] : []));
  const addRows = subRows(
    subAdds.map((s) => {
      const id = newSubmenuId();
      submenuIdOf.set(s.source.submenuid, id);
      return { id, title: s.source.title, body: mapBody(s.body) };
    }),
  );
  for (const part of chunks(addRows, 200)) await tx.insert(submenus).values(part);
  for (const part of chunks(
    subRows(subChanges.map((s) => ({ id: s.target.submenuid, title: s.target.title, body: mapBody(s.body) }))),
    200,
  )) {
    await tx.execute(sql`update submenus s set body = v.body, option_count = v.option_count,
        all_linked = v.all_linked, linked_foodids = v.linked_foodids, updated_by = ${actor},
        version = s.version + 1, updated_at = now()
      from jsonb_to_recordset(${json(part)}) as v(submenuid text, body jsonb, option_count int, all_linked boolean, linked_foodids jsonb)
      where s.submenuid = v.submenuid`);
  }

  // Items.
  const itemRow = (foodid: string, v: Extract<ClonePlan['items'][number], { values: unknown }>['values']) => ({
    foodid,
    restaurant: r,
    foodname: v.foodname,
    price: v.price,
    listofcategories: v.listofcategories,
    vegflag: v.vegflag,
    hide_item: v.hide_item,
    imageurl: v.imageurl,
    short_name: v.short_name,
    extras: v.extras,
    locked_field: v.locked_field,
    details: v.details,
    sequence: v.sequence,
  });
  const columns = sql`foodid text, restaurant text, foodname text, price numeric, listofcategories jsonb,
    vegflag text, hide_item boolean, imageurl text, short_name text, extras jsonb, locked_field jsonb, details jsonb,
    sequence int`;
  for (const part of chunks(added.map((a) => itemRow(newIds.get(a.source.foodid)!, a.values)))) {
    await tx.execute(sql`insert into food_items (foodid, restaurant, foodname, price, listofcategories, vegflag,
        hide_item, imageurl, short_name, extras, locked_field, details, sequence, updated_by)
      select v.foodid, v.restaurant, v.foodname, v.price, v.listofcategories, v.vegflag, v.hide_item, v.imageurl,
        v.short_name, v.extras, v.locked_field, v.details, v.sequence, ${actor}
      from jsonb_to_recordset(${json(part)}) as v(${columns})`);
  }
  const changed = plan.items.flatMap((i) => (i.action === 'change' ? [i] : []));
  for (const part of chunks(changed.map((c) => itemRow(c.target.foodid, c.values)))) {
    await tx.execute(sql`update food_items f set price = v.price, listofcategories = v.listofcategories,
        vegflag = v.vegflag, hide_item = v.hide_item, imageurl = v.imageurl, short_name = v.short_name,
        extras = v.extras, details = v.details, updated_by = ${actor}, version = f.version + 1, updated_at = now()
      from jsonb_to_recordset(${json(part)}) as v(${columns})
      where f.foodid = v.foodid and f.restaurant = ${r}`);
  }

  // Connections of added items, and of changed ones when submenus are cloned.
  if (args.include.submenus || added.length > 0) {
    const rewired = [
      ...added.map((a) => ({ id: newIds.get(a.source.foodid)!, subs: a.values.submenus })),
      ...(args.include.submenus ? changed.map((c) => ({ id: c.target.foodid, subs: c.values.submenus })) : []),
    ];
    const changedIds = args.include.submenus ? changed.map((c) => c.target.foodid) : [];
    for (const part of chunks(changedIds)) {
      await tx.delete(foodItemSubmenus).where(inArray(foodItemSubmenus.foodid, part));
    }
    const links = rewired.flatMap((x) =>
      x.subs
        .map((s) => submenuIdOf.get(s))
        .filter((s): s is string => !!s)
        .map((submenuid, sequence) => ({ foodid: x.id, submenuid, sequence })),
    );
    for (const part of chunks(links, 2000)) {
      await tx.execute(sql`insert into food_item_submenus (foodid, submenuid, sequence)
        select v.foodid, v.submenuid, v.sequence from jsonb_to_recordset(${json(part)}) as v(foodid text, submenuid text, sequence int)
        on conflict do nothing`);
    }
  }

  // Classifications travel with new items (they are shared by every restaurant).
  if (added.length > 0) {
    const pairs = added.map((a) => ({ source: a.source.foodid, target: newIds.get(a.source.foodid)! }));
    for (const part of chunks(pairs, 2000)) {
      await tx.execute(sql`insert into item_classifications (foodid, classification_id, kind, assigned_by)
        select p.target, c.classification_id, c.kind, ${actor}
        from jsonb_to_recordset(${json(part)}) as p(source text, target text)
        join item_classifications c on c.foodid = p.source
        on conflict do nothing`);
    }
  }

  await touchMenu(tx, r);
  await audit(tx, {
    actor,
    action: 'clone_menu',
    entity: 'menu',
    entityId: r,
    after: { run: args.runId, source: args.source, mode: args.mode, include: args.include, counts },
  });
  return { changed: true, counts };
}

/** Who changed a restaurant's menu last and when, for a "left alone because it changed" report. */
export async function lastMenuChange(db: DbOrTx, restaurant: string): Promise<string> {
  const rows = (await db.execute<{ name: string; by: string | null; at: string }>(sql`
    select name, by, at from (
      select foodname as name, updated_by as by, updated_at as at from food_items where restaurant = ${restaurant}
      union all select title, updated_by, updated_at from submenus where restaurant = ${restaurant}
      union all select name, updated_by, updated_at from categories where restaurant = ${restaurant}
    ) x order by at desc limit 1`)) as unknown as { rows: { name: string; by: string | null; at: string | Date }[] };
  const last = rows.rows[0];
  if (!last) return '';
  const at = last.at instanceof Date ? last.at.toISOString() : new Date(last.at).toISOString();
  return ` (last change: "${last.name}"${last.by ? ` by ${last.by}` : ''} at ${at.slice(0, 16).replace('T', ' ')} UTC)`;
}

export function leftAlone(
  t: { restaurant: string; name: string },
  reason: string,
  conflict: CloneConflict,
): CloneTargetResult {
  return { restaurant: t.restaurant, name: t.name, status: 'left_alone', reason, counts: null, conflicts: [conflict] };
}
