import { createHash } from 'node:crypto';
import { asc, desc, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@cd/core';

/**
 * The server half of core's list contract (contracts/list.ts): a service declares its sortable columns, its
 * usual order, its key and what `search` matches; this turns a parsed list query into the SQL pieces. Sorting
 * and paging always happen in the database.
 */
export type ListSpec<K extends string> = {
  /** Sortable columns by the names the query uses (text columns wrapped in `text()`). */
  sortable: Record<K, AnyColumn | SQL>;
  /** The order without `sort`. */
  defaultSort: readonly (AnyColumn | SQL)[];
  /** The primary key: always the last tie-breaker, so rows with equal values keep one order across pages. */
  key: AnyColumn | SQL;
  /** What `search` matches, case-insensitively, anywhere in the value. */
  search: readonly (AnyColumn | SQL)[];
};

/** Rows to read: all (`limit` undefined) or one page. */
export type ListRange = { limit?: number; offset: number };
export type ListPage<R> = { rows: R[]; total: number };

/**
 * Text sorts ignoring case, in code-point order: the same on PGlite and on PostgreSQL whatever the server's
 * collation, so a list (and its export) has one order everywhere.
 */
export const text = (column: AnyColumn | SQL): SQL => sql`lower(${column}) collate "C"`;

/** A text key in code-point order (the tie-breaker of text primary keys, the same on every backend). */
export const exact = (column: AnyColumn): SQL => sql`${column} collate "C"`;

/** `%value%` for ILIKE, with the pattern characters of the value escaped. */
export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** listSearch with the pattern as the placeholder `like` (a prepared shape: `PreparedShapes`). */
export const listSearchShape = <K extends string>(spec: ListSpec<K>): SQL | undefined =>
  or(...spec.search.map((column) => sql`${column} ilike ${sql.placeholder('like')}`));

/** The search pattern of a list query (`like` of listSearchShape), or undefined without a search. */
export const searchPattern = (search: string | undefined) => {
  const value = search?.trim();
  return value ? likePattern(value) : undefined;
};

export function listSearch<K extends string>(spec: ListSpec<K>, search: string | undefined): SQL | undefined {
  const value = search?.trim();
  if (!value) return undefined;
  const like = likePattern(value);
  return or(...spec.search.map((column) => sql`${column} ilike ${like}`));
}

/** ORDER BY: the chosen column (or the usual order), then the key, all in the requested direction. */
export function listOrder<K extends string>(spec: ListSpec<K>, query: Pick<ListQuery, 'sort' | 'order'>): SQL[] {
  const direction = query.order === 'desc' ? desc : asc;
  const primary = query.sort ? [spec.sortable[query.sort as K]] : spec.defaultSort;
  if (query.sort && !primary[0]) throw new Error(`Sort column ${query.sort} is not declared`);
  return [...primary, spec.key].map((column) => direction(column as AnyColumn));
}

/** The page a list query asks for; a whole-list query without page and page_size reads every row. */
export function listRange(query: Pick<ListQuery, 'page' | 'page_size'>, defaultPageSize = 25): ListRange {
  if (query.page === undefined && query.page_size === undefined) return { offset: 0 };
  const size = query.page_size ?? defaultPageSize;
  return { limit: size, offset: ((query.page ?? 1) - 1) * size };
}

/** A query builder made dynamic (`.$dynamic()`), limited to the range when it is a page. */
export function withRange<Q extends { limit: (n: number) => { offset: (n: number) => unknown } }>(
  builder: Q,
  range: ListRange,
): Q {
  if (range.limit === undefined) return builder;
  return builder.limit(range.limit).offset(range.offset) as Q;
}

/**
 * Query shapes built once and prepared (issue 34): a hot list builds its query with placeholders where the values
 * go, once per shape — which filters are given, the sort, whether it is a page — and runs it by name, so a request
 * neither rebuilds the SQL text nor has PostgreSQL parse and plan it again (node-postgres prepares a named
 * statement once per connection; PGlite runs it as any other). The name is the prefix and a hash of the shape, the
 * same in every process; at most `max` shapes are kept.
 */
export class PreparedShapes<P> {
  private readonly shapes = new Map<string, P>();

  constructor(
    private readonly prefix: string,
    private readonly max = 64,
  ) {}

  get(shape: readonly unknown[], build: (name: string) => P): P {
    const key = JSON.stringify(shape);
    let prepared = this.shapes.get(key);
    if (!prepared) {
      if (this.shapes.size >= this.max) this.shapes.clear();
      prepared = build(`${this.prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 12)}`);
      this.shapes.set(key, prepared);
    }
    return prepared;
  }
}

/**
 * `count(*) over ()`: the total of the rows matched, beside each row of the page, so a page of a short list (sites,
 * users: hundreds of rows) costs one query instead of two. Long lists (orders) keep their own count, which an index
 * answers without reading every row. Read it with `pageTotal`.
 */
export const totalOver = sql<number>`(count(*) over ())::int`;

/**
 * The total of a page read with `totalOver` (as `total`): from its first row, or — for an empty page past the end,
 * which carries none — from `count`.
 */
export async function pageTotal(
  rows: readonly { total: number }[],
  range: ListRange,
  count: () => Promise<number>,
): Promise<number> {
  if (rows[0]) return rows[0].total;
  return range.offset > 0 ? count() : 0;
}

/** The list answer: rows under the resource's key, the total, and the page when one was asked for. */
export function listAnswer<K extends string, R>(
  key: K,
  page: ListPage<R>,
  query: Pick<ListQuery, 'page' | 'page_size'>,
) {
  const range = listRange(query);
  const paging = range.limit === undefined ? {} : { page: query.page ?? 1, page_size: query.page_size ?? range.limit };
  return {
    result: 'success' as const,
    ...({ [key]: page.rows } as { [P in K]: R[] }),
    total: page.total,
    ...paging,
  };
}
