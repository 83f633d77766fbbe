import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { asSystem } from '../db/tenant-scope.js';

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
type Rows<T> = { rows: T[] };
/** What @fastify/rate-limit hands `child`: the route's merged limit options and the route it is for. */
type RouteLimit = FastifyRateLimitOptions & {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

/** A count as the plugin wants it; `ttl` in milliseconds until the window ends. */
const countOf = (row: { hits: number | string; ttl: number | string } | undefined): Count => ({
  current: Number(row?.hits ?? 0),
  ttl: Math.max(0, Number(row?.ttl ?? 0)),
});

/**
 * The per-IP limits of @fastify/rate-limit (sign-in calls, device pairing) counted in the database
 * (`rate_limit_hits`), so several API processes share them: a client that spreads its tries over the processes
 * behind a load balancer gets no more than from one. Fixed windows, as the plugin's own store: a key's first hit
 * starts a window of the route's `timeWindow`, and its hits count until the window ends.
 *
 * One statement per hit (an upsert that answers the count and the time left). Times are the database's own
 * (`now()`): written and compared by SQL only, so processes whose clocks differ agree. Each route counts on its
 * own (the key starts with the route, as the plugin's Redis store does). Ended windows are pruned by
 * `pruneRateLimits`. The queries run as the system: a limit is not tenant data, and it runs before the caller is
 * known.
 */
export function databaseRateLimitStore(db: DbOrTx): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const id = this.prefix + key;
      asSystem(() =>
        db.execute(sql`
          insert into rate_limit_hits as h (key, hits, reset_at)
          values (${id}, 1, now() + ${timeWindow} * interval '1 millisecond')
          on conflict (key) do update
            set hits = case when h.reset_at <= now() then 1 else h.hits + 1 end,
              reset_at = case when h.reset_at <= now() then excluded.reset_at else h.reset_at end
          returning h.hits, ceil(extract(epoch from h.reset_at - now()) * 1000) as ttl`),
      ).then(
        (result) => callback(null, countOf((result as unknown as Rows<{ hits: number; ttl: number }>).rows[0])),
        (err: Error) => callback(err),
      );
    }

    /** The count without a hit (`{increment: false}`). */
    read(key: string, callback: Callback): void {
      const id = this.prefix + key;
      asSystem(() =>
        db.execute(sql`
          select hits, ceil(extract(epoch from reset_at - now()) * 1000) as ttl
          from rate_limit_hits where key = ${id} and reset_at > now()`),
      ).then(
        (result) => callback(null, countOf((result as unknown as Rows<{ hits: number; ttl: number }>).rows[0])),
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: RouteLimit): FastifyRateLimitStore {
      if (routeOptions.continueExceeding || routeOptions.exponentialBackoff) {
        throw new Error('The shared rate-limit store counts fixed windows: no continueExceeding or exponentialBackoff');
      }
      const method = [routeOptions.routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(routeOptions, `${this.prefix}${method} ${routeOptions.routeInfo?.url ?? ''} `);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Drops the counts whose window has ended; run by the API processes' sweep. */
export async function pruneRateLimits(db: DbOrTx): Promise<number> {
  const result = (await db.execute(
    sql`delete from rate_limit_hits where reset_at <= now() returning key`,
  )) as unknown as Rows<{ key: string }>;
  return result.rows.length;
}
