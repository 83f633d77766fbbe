import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/**
 * Who owns which row, read from the data itself and not from the product's own scope code (issue 32's isolation
 * test must be able to fail on it): a row that names sites (a restaurant, food court, organisation or client id
 * anywhere in its columns, JSON included) belongs to those sites; a row that names none belongs to what its
 * foreign keys point at. A principal (a user limited to sites, an API key limited to food courts) "sees" the
 * sites it was given, the food courts and organisations above them and the clients of their restaurants; a row
 * is hidden from it when every site it names is unseen.
 */

export type Given = { locations: string[]; foodcourts: string[]; restaurants: string[] };
export type SiteIds = {
  restaurants: Map<string, { foodcourt: string; client: string | null }>;
  foodcourts: Map<string, string>;
  locations: Set<string>;
  clients: Set<string>;
  /** Every id above: the strings that make a row a site's. */
  all: Set<string>;
};

/** Tables the test does not judge: logs that record what the attacker sent, and sign-in machinery. */
export const NOT_JUDGED = new Set([
  'audit_log',
  'background_jobs',
  'job_events',
  'ingest_requests',
  'api_key_usage',
  'sign_in_failures',
  'otp_codes',
  'sso_logins',
  'app_state',
  'sessions',
]);
/** Columns that move by themselves (heartbeats, sweeps, use stamps): left out of the comparison. */
const VOLATILE: Record<string, string[]> = {
  devices: ['online', 'last_seen_at'],
  api_keys: ['last_used_at'],
  users: ['last_seen_at'],
};

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export async function siteIds(db: Db): Promise<SiteIds> {
  const rests = await rows<{ restaurant: string; foodcourt: string; client: string | null }>(
    db,
    sql`select restaurant, foodcourt, client from restaurants`,
  );
  const fcs = await rows<{ foodcourt: string; location: string }>(db, sql`select foodcourt, location from foodcourts`);
  const locs = await rows<{ location: string }>(db, sql`select location from locations`);
  const clients = await rows<{ client: string }>(db, sql`select client from clients`);
  const ids: SiteIds = {
    restaurants: new Map(rests.map((r) => [r.restaurant, { foodcourt: r.foodcourt, client: r.client }])),
    foodcourts: new Map(fcs.map((f) => [f.foodcourt, f.location])),
    locations: new Set(locs.map((l) => l.location)),
    clients: new Set(clients.map((c) => c.client)),
    all: new Set(),
  };
  for (const set of [ids.restaurants.keys(), ids.foodcourts.keys(), ids.locations, ids.clients])
    for (const id of set) ids.all.add(id);
  return ids;
}

/** The site ids a principal with these sites may see. */
export function seenBy(ids: SiteIds, given: Given): Set<string> {
  const seen = new Set<string>();
  const fcs = new Set(given.foodcourts);
  for (const [fc, loc] of ids.foodcourts) if (given.locations.includes(loc)) fcs.add(fc);
  for (const [r, { foodcourt }] of ids.restaurants)
    if (fcs.has(foodcourt) || given.restaurants.includes(r)) seen.add(r);
  for (const r of [...seen]) fcs.add(ids.restaurants.get(r)!.foodcourt);
  for (const fc of fcs) {
    seen.add(fc);
    const loc = ids.foodcourts.get(fc);
    if (loc) seen.add(loc);
  }
  for (const l of given.locations) seen.add(l);
  for (const [, { foodcourt, client }] of ids.restaurants)
    if (client && seen.has(ids.foodcourts.get(foodcourt) ?? '')) seen.add(client);
  return seen;
}

type Fk = { cols: string[]; parent: string; parentCols: string[] };
export type TableInfo = { name: string; columns: { name: string; type: string }[]; fks: Fk[] };

export async function tableInfo(db: Db): Promise<TableInfo[]> {
  const cols = await rows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const fks = await rows<{ child: string; cols: string[]; parent: string; pcols: string[] }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
          array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
          array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as pcols
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const byTable = new Map<string, TableInfo>();
  for (const c of cols) {
    const t = byTable.get(c.table_name) ?? { name: c.table_name, columns: [], fks: [] };
    t.columns.push({ name: c.column_name, type: c.data_type });
    byTable.set(c.table_name, t);
  }
  const bare = (name: string) => name.replace(/"/g, '').replace(/^public\./, '');
  for (const f of fks)
    byTable.get(bare(f.child))?.fks.push({ cols: f.cols, parent: bare(f.parent), parentCols: f.pcols });
  return [...byTable.values()];
}

/** Every string inside a JSON value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

export type Row = { ctid: string; data: Record<string, unknown> };
export type Owner = 'hidden' | 'seen' | 'none';
export type Judged = { table: TableInfo; rows: Row[]; owner: Map<string, Owner>[] };

export async function readTables(db: Db, tables: TableInfo[]): Promise<Map<string, Row[]>> {
  const out = new Map<string, Row[]>();
  for (const t of tables) {
    const found = await rows<{ ctid: string; j: Record<string, unknown> }>(
      db,
      sql`select ctid::text as ctid, to_jsonb(x) as j from ${sql.identifier(t.name)} x`,
    );
    out.set(
      t.name,
      found.map((r) => ({ ctid: r.ctid, data: r.j })),
    );
  }
  return out;
}

const keyOf = (data: Record<string, unknown>, cols: string[]) => JSON.stringify(cols.map((c) => data[c] ?? null));

/**
 * For each principal (its seen set), each row's owner: `hidden` (names only unseen sites, or belongs to a hidden
 * row and to no seen one), `seen`, or `none` (installation-wide). Returned per table, in the order of `seens`.
 */
export function judge(ids: SiteIds, tables: TableInfo[], data: Map<string, Row[]>, seens: Set<string>[]) {
  const owners = new Map<string, Map<string, Owner>[]>();
  const rowOwner = (table: string, i: number, p: number) => owners.get(table)?.[p]?.get(String(i)) ?? 'none';
  // Parent lookups: table → parent columns key → row index.
  const index = new Map<string, Map<string, number>>();
  const lookup = (table: string, cols: string[]) => {
    const k = `${table}|${cols.join(',')}`;
    let m = index.get(k);
    if (!m) {
      m = new Map();
      (data.get(table) ?? []).forEach((r, i) => m!.set(keyOf(r.data, cols), i));
      index.set(k, m);
    }
    return m;
  };
  for (const t of tables)
    owners.set(
      t.name,
      seens.map(() => new Map()),
    );
  const named = new Map<string, string[][]>();
  for (const t of tables)
    named.set(
      t.name,
      (data.get(t.name) ?? []).map((r) => strings(r.data).filter((s) => ids.all.has(s))),
    );
  // Rows naming sites first; then rows owned through their foreign keys, until nothing changes.
  for (let pass = 0; pass < 8; pass++) {
    let changed = false;
    for (const t of tables) {
      const list = data.get(t.name) ?? [];
      list.forEach((r, i) => {
        const sites = named.get(t.name)![i]!;
        seens.forEach((seen, p) => {
          let owner: Owner = 'none';
          if (sites.length > 0) owner = sites.some((s) => seen.has(s)) ? 'seen' : 'hidden';
          else
            for (const fk of t.fks) {
              const parentIndex = lookup(fk.parent, fk.parentCols).get(keyOf(r.data, fk.cols));
              if (parentIndex === undefined) continue;
              const parent = rowOwner(fk.parent, parentIndex, p);
              if (parent === 'seen') owner = 'seen';
              else if (parent === 'hidden' && owner === 'none') owner = 'hidden';
            }
          const before = owners.get(t.name)![p]!.get(String(i)) ?? 'none';
          if (before !== owner) {
            owners.get(t.name)![p]!.set(String(i), owner);
            changed = true;
          }
        });
      });
    }
    if (!changed) break;
  }
  return owners;
}

/** Per table, the rows hidden from principal `p`, as comparable strings (volatile columns left out). */
export function hiddenRows(
  tables: TableInfo[],
  data: Map<string, Row[]>,
  owners: Map<string, Map<string, Owner>[]>,
  p: number,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of tables) {
    if (NOT_JUDGED.has(t.name)) continue;
    const volatile = VOLATILE[t.name] ?? [];
    const list: string[] = [];
    (data.get(t.name) ?? []).forEach((r, i) => {
      if (owners.get(t.name)![p]!.get(String(i)) !== 'hidden') return;
      const copy = { ...r.data };
      for (const c of volatile) delete copy[c];
      list.push(JSON.stringify(copy));
    });
    out.set(t.name, list.sort());
  }
  return out;
}

/** Differences between two hiddenRows snapshots: table → rows gone or changed, rows new or changed. */
export function differences(before: Map<string, string[]>, after: Map<string, string[]>) {
  const out: string[] = [];
  for (const [table, rowsBefore] of before) {
    const rowsAfter = after.get(table) ?? [];
    const a = new Set(rowsAfter);
    const b = new Set(rowsBefore);
    const gone = rowsBefore.filter((r) => !a.has(r));
    const added = rowsAfter.filter((r) => !b.has(r));
    if (gone.length || added.length)
      out.push(
        `${table}: ${gone.length} row(s) changed or removed, ${added.length} new or changed; e.g. ` +
          `${(gone[0] ?? '').slice(0, 300)} → ${(added[0] ?? '').slice(0, 300)}`,
      );
  }
  return out;
}

/** Free-text columns that take a canary (what a page shows), except names that are keys elsewhere. */
const CANARY_COLUMNS = new Set([
  'name',
  'title',
  'body',
  'description',
  'comment',
  'note',
  'notes',
  'label',
  'message',
  'reason',
  'customer_name',
  'foodname',
  'html',
  'published_html',
  'published_title',
  'subject',
  'author_name',
  'points_name',
  'target_name',
  'detail',
]);
const CANARY_SKIP = new Set(['categories.name']);

/**
 * Marks the free text of hidden rows with a canary naming whom they are hidden from (`QZX` + U for the user, K for
 * the key), so any answer carrying one shows a leak. Done as the system, before the attack.
 */
export async function plantCanaries(
  db: Db,
  tables: TableInfo[],
  data: Map<string, Row[]>,
  owners: Map<string, Map<string, Owner>[]>,
  letters: string[],
): Promise<number> {
  let planted = 0;
  for (const t of tables) {
    if (NOT_JUDGED.has(t.name)) continue;
    const cols = t.columns
      .filter((c) => c.type === 'text' && CANARY_COLUMNS.has(c.name) && !CANARY_SKIP.has(`${t.name}.${c.name}`))
      .map((c) => c.name);
    if (cols.length === 0) continue;
    const groups = new Map<string, string[]>();
    (data.get(t.name) ?? []).forEach((r, i) => {
      const tag = letters.filter((_, p) => owners.get(t.name)![p]!.get(String(i)) === 'hidden').join('');
      if (!tag) return;
      groups.set(tag, [...(groups.get(tag) ?? []), r.ctid]);
    });
    for (const [tag, ctids] of groups) {
      const set = sql.join(
        cols.map((c) => sql`${sql.identifier(c)} = ${sql.identifier(c)} || ${` QZX${tag}`}`),
        sql`, `,
      );
      await db.execute(
        sql`update ${sql.identifier(t.name)} set ${set} where ctid = any(${`{${ctids.map((c) => `"${c}"`).join(',')}}`}::tid[])`,
      );
      planted += ctids.length;
    }
  }
  return planted;
}
