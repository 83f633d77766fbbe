import crypto from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import { eq, inArray, sql } from 'drizzle-orm';
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

/** What applying one row does, as written to the job's plan file (one JSON line each). */
export type PlanEntry =
  | { op: 'update'; foodid: string; version: number; values: RowValues; submenu: string[] }
  | { op: 'insert'; foodname: string; values: RowValues; submenu: string[] };

/** A checked row → its plan entry; null when the item would not change. */
export function planRow(r: CheckedRow): PlanEntry | null {
  const values = toItemRowValues(r.fields);
  if (!r.base) return { op: 'insert', foodname: r.fields.foodname, values, submenu: r.fields.submenu };
  if (same(values, toItemRowValues(r.base.fields)) && same(r.fields.submenu, r.base.fields.submenu)) return null;
  return { op: 'update', foodid: r.foodid, version: r.base.version, values, submenu: r.fields.submenu };
}

/**
 * The changes an upload will make, kept in a file of the job's directory rather than in memory: the check step
 * appends each chunk's entries, the apply step streams them back. Only the new items' names stay in memory
 * (their ids are chosen before writing).
 */
export class PlanFile {
  updates = 0;
  unchanged = 0;
  readonly created: string[] = [];

  constructor(readonly file: string) {}

  async add(entries: (PlanEntry | null)[]): Promise<void> {
    let text = '';
    for (const e of entries) {
      if (!e) {
        this.unchanged += 1;
        continue;
      }
      if (e.op === 'update') this.updates += 1;
      else this.created.push(e.foodname);
      text += `${JSON.stringify(e)}\n`;
    }
    if (text) await fs.promises.appendFile(this.file, text);
  }

  async *entries(): AsyncGenerator<PlanEntry> {
    if (!this.updates && !this.created.length) return;
    const lines = readline.createInterface({ input: fs.createReadStream(this.file), crlfDelay: Infinity });
    for await (const line of lines) if (line) yield JSON.parse(line) as PlanEntry;
  }
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

type Update = Extract<PlanEntry, { op: 'update' }>;
type Insert = { foodid: string; values: RowValues; submenu: string[] };

/**
 * Writes the plan in the caller's transaction, a chunk of rows per statement, streaming it from its file. New
 * items take `ids` in the order they appear. An update names the version the check read: if any item changed
 * since, the whole upload fails (nothing is written).
 */
export async function applyPlan(
  tx: DbOrTx,
  restaurant: string,
  userid: string,
  plan: PlanFile,
  ids: string[],
  onRows: (done: number) => Promise<void>,
): Promise<void> {
  let done = 0;
  let sequence = 1;
  if (plan.created.length) {
    const [seq] = await tx
      .select({ next: sql<number>`coalesce(max(${foodItems.sequence}), 0)::int + 1` })
      .from(foodItems)
      .where(eq(foodItems.restaurant, restaurant));
    sequence = seq?.next ?? 1;
  }
  let updates: Update[] = [];
  let inserts: Insert[] = [];
  const flushUpdates = async () => {
    if (!updates.length) return;
    const part = updates;
    updates = [];
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
  };
  const flushInserts = async () => {
    if (!inserts.length) return;
    const part = inserts;
    inserts = [];
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
  };
  let created = 0;
  for await (const e of plan.entries()) {
    if (e.op === 'update') {
      updates.push(e);
      if (updates.length >= CHUNK) await flushUpdates();
    } else {
      inserts.push({ foodid: ids[created++]!, values: e.values, submenu: e.submenu });
      if (inserts.length >= CHUNK) await flushInserts();
    }
  }
  await flushUpdates();
  await flushInserts();
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
