import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FoodItemFields } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { foodItems } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { slugOf, toItemRowValues } from '../menu/item.mapping.js';
import type { CheckedRow } from './bulk-check.js';

/** Rows per statement: each statement carries its rows as ONE jsonb parameter (jsonb_to_recordset). */
const CHUNK = 1000;
const RECORD = `foodid text, version int, foodname text, price numeric, listofcategories jsonb, vegflag text,
  hide_item boolean, imageurl text, short_name text, extras jsonb, locked_field jsonb, details jsonb, sequence int`;

type RowValues = ReturnType<typeof toItemRowValues>;
/** JSON with object keys sorted, so two values compare equal whatever order their keys were set in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

export type ApplyPlan = {
  updates: { foodid: string; version: number; values: RowValues; submenu: string[] }[];
  inserts: { foodid: string; values: RowValues; submenu: string[] }[];
  unchanged: number;
};

/** Splits checked rows into updates (only items that really change) and inserts. */
export function planApply(rows: CheckedRow[]): Omit<ApplyPlan, 'inserts'> & { created: FoodItemFields[] } {
  const updates: ApplyPlan['updates'] = [];
  const created: FoodItemFields[] = [];
  let unchanged = 0;
  for (const r of rows) {
    if (!r.base) {
      created.push(r.fields);
      continue;
    }
    const values = toItemRowValues(r.fields);
    if (same(values, toItemRowValues(r.base.fields)) && same(r.fields.submenu, r.base.fields.submenu)) unchanged += 1;
    else updates.push({ foodid: r.foodid, version: r.base.version, values, submenu: r.fields.submenu });
  }
  return { updates, created, unchanged };
}

/** `<restid>_<slug>` ids for new items, with `_2`, `_3`… (then random) where the id is taken or used twice. */
export async function newFoodids(tx: DbOrTx, restid: string, names: string[]): Promise<string[]> {
  const bases = names.map((n) => `${restid}_${slugOf(n)}`);
  const taken = new Set<string>();
  const uniq = [...new Set(bases)];
  for (const part of chunks(uniq)) {
    const rows = await tx.select({ foodid: foodItems.foodid }).from(foodItems).where(inArray(foodItems.foodid, part));
    for (const r of rows) taken.add(r.foodid);
  }
  const clashing = uniq.filter((b) => taken.has(b) || bases.indexOf(b) !== bases.lastIndexOf(b));
  const candidates = clashing.flatMap((b) => Array.from({ length: 49 }, (_, i) => `${b}_${i + 2}`));
  for (const part of chunks(candidates)) {
    const rows = await tx.select({ foodid: foodItems.foodid }).from(foodItems).where(inArray(foodItems.foodid, part));
    for (const r of rows) taken.add(r.foodid);
  }
  return bases.map((base) => {
    const pick = [base, ...Array.from({ length: 49 }, (_, i) => `${base}_${i + 2}`)].find((c) => !taken.has(c));
    const id = pick ?? `${base}_${crypto.randomBytes(4).toString('hex')}`;
    taken.add(id);
    return id;
  });
}

const record = (foodid: string, values: RowValues, extra: { version?: number; sequence?: number }) => ({
  foodid,
  ...values,
  ...extra,
});

/**
 * Writes the plan in the caller's transaction, a chunk of rows per statement. An update names the version the
 * upload read: if any item changed since, the whole upload fails (nothing is written).
 */
export async function applyPlan(
  tx: DbOrTx,
  restaurant: string,
  userid: string,
  plan: ApplyPlan,
  onRows: (done: number) => Promise<void>,
): Promise<void> {
  let done = 0;
  for (const part of chunks(plan.updates)) {
    const json = JSON.stringify(part.map((u) => record(u.foodid, u.values, { version: u.version })));
    const res = await tx.execute(sql`
      UPDATE food_items f SET foodname = x.foodname, price = x.price, listofcategories = x.listofcategories,
        vegflag = x.vegflag, hide_item = x.hide_item, imageurl = x.imageurl, short_name = x.short_name,
        extras = x.extras, locked_field = x.locked_field, details = x.details, updated_by = ${userid},
        updated_at = now(), version = f.version + 1
      FROM jsonb_to_recordset(${json}::jsonb) AS x(${sql.raw(RECORD)})
      WHERE f.foodid = x.foodid AND f.version = x.version AND f.restaurant = ${restaurant}
      RETURNING f.foodid`);
    if ((res as { rows: unknown[] }).rows.length !== part.length) {
      throw new AppError(409, 'versionConflict', 'Items changed while the upload ran; upload the file again');
    }
    await replaceLinks(tx, part);
    done += part.length;
    await onRows(done);
  }
  if (plan.inserts.length) {
    const [seq] = await tx
      .select({ next: sql<number>`coalesce(max(${foodItems.sequence}), 0)::int + 1` })
      .from(foodItems)
      .where(eq(foodItems.restaurant, restaurant));
    let sequence = seq?.next ?? 1;
    for (const part of chunks(plan.inserts)) {
      const json = JSON.stringify(part.map((n) => record(n.foodid, n.values, { sequence: sequence++ })));
      await tx.execute(sql`
        INSERT INTO food_items (foodid, restaurant, foodname, price, listofcategories, vegflag, hide_item, imageurl,
          short_name, extras, locked_field, details, sequence, updated_by)
        SELECT x.foodid, ${restaurant}, x.foodname, x.price, x.listofcategories, x.vegflag, x.hide_item, x.imageurl,
          x.short_name, x.extras, x.locked_field, x.details, x.sequence, ${userid}
        FROM jsonb_to_recordset(${json}::jsonb) AS x(${sql.raw(RECORD)})`);
      await replaceLinks(tx, part);
      done += part.length;
      await onRows(done);
    }
  }
}

/** The submenu links of these items become exactly their `submenu` lists, in order. */
async function replaceLinks(tx: DbOrTx, part: { foodid: string; submenu: string[] }[]) {
  const ids = JSON.stringify(part.map((p) => p.foodid));
  await tx.execute(
    sql`DELETE FROM food_item_submenus WHERE foodid IN (SELECT jsonb_array_elements_text(${ids}::jsonb))`,
  );
  const links = part.flatMap((p) =>
    p.submenu.map((submenuid, sequence) => ({ foodid: p.foodid, submenuid, sequence })),
  );
  if (!links.length) return;
  await tx.execute(sql`
    INSERT INTO food_item_submenus (foodid, submenuid, sequence)
    SELECT x.foodid, x.submenuid, x.sequence
    FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb) AS x(foodid text, submenuid text, sequence int)
    ON CONFLICT DO NOTHING`);
}
