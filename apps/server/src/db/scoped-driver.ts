import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { currentDbScope, SCOPED_ROLE, scopeKey, type DbScope } from './tenant-scope.js';

/**
 * The database drivers under drizzle, made to run every query under the scope of the code that sends it
 * (db/tenant-scope.ts). A connection remembers the scope it has; a query under another scope first switches it —
 * role and `cd.scope` in one statement — so a busy process whose callers share a scope pays nothing more. Inside
 * a transaction a switch is local to it (set_config(…, true)): a rollback cannot leave the connection in a state
 * it does not know.
 */

const SWITCH = `select set_config('role', $1, false), set_config('cd.scope', $2, false)`;
const SWITCH_LOCAL = `select set_config('role', $1, true), set_config('cd.scope', $2, true)`;
/** A connection whose switch failed half-way is in no known state: the next query switches it again. */
const UNKNOWN = '\u0000unknown';

const switchParams = (scope: DbScope) => [scope.kind === 'system' ? 'none' : SCOPED_ROLE, scopeKey(scope)];

// ---------- PGlite: one connection, shared by every caller ----------

type PgliteTx = Transaction;

/**
 * PGlite with scoped queries. PGlite runs one statement at a time for everyone, so the switch and the query it is
 * for run back to back under a lock (as PGlite itself holds a transaction); everything else is PGlite's own.
 */
export function scopedPglite(base: PGlite): PGlite {
  let sessionKey = '';
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
  const ensureSession = async () => {
    const scope = currentDbScope();
    const key = scopeKey(scope);
    if (key === sessionKey) return;
    sessionKey = UNKNOWN;
    await base.query(SWITCH, switchParams(scope));
    sessionKey = key;
  };
  const wrapTx = (tx: PgliteTx): PgliteTx => {
    let txKey = sessionKey;
    const ensureTx = async () => {
      const scope = currentDbScope();
      const key = scopeKey(scope);
      if (key === txKey) return;
      await tx.query(SWITCH_LOCAL, switchParams(scope));
      txKey = key;
    };
    return {
      query: async (...args: Parameters<PgliteTx['query']>) => {
        await ensureTx();
        return tx.query(...args);
      },
      sql: async (...args: Parameters<PgliteTx['sql']>) => {
        await ensureTx();
        return tx.sql(...args);
      },
      exec: async (...args: Parameters<PgliteTx['exec']>) => {
        await ensureTx();
        return tx.exec(...args);
      },
      rollback: () => tx.rollback(),
      listen: (...args: Parameters<PgliteTx['listen']>) => tx.listen(...args),
      get closed() {
        return tx.closed;
      },
    } as PgliteTx;
  };

  const overrides: Partial<Record<keyof PGlite, unknown>> = {
    query: (...args: Parameters<PGlite['query']>) =>
      exclusive(async () => {
        await ensureSession();
        return base.query(...args);
      }),
    exec: (...args: Parameters<PGlite['exec']>) =>
      exclusive(async () => {
        await ensureSession();
        return base.exec(...args);
      }),
    transaction: <T>(fn: (tx: PgliteTx) => Promise<T>) =>
      exclusive(async () => {
        await ensureSession();
        return base.transaction((tx) => fn(wrapTx(tx)));
      }),
  };
  return new Proxy(base, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && prop in overrides) return overrides[prop as keyof PGlite];
      const value: unknown = Reflect.get(target, prop, receiver);
      // PGlite keeps its state in private fields: its own methods must run on the object itself.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

// ---------- node-postgres: a pool of connections ----------

type Queryable = { query: (...args: never[]) => Promise<unknown> };
type QueryArgs = Parameters<pg.PoolClient['query']>;

/** A SQL error (with a SQLSTATE) leaves its connection usable; anything else may not. */
const connectionBroken = (err: unknown) =>
  !(err && typeof err === 'object' && typeof (err as { code?: unknown }).code === 'string');

/**
 * A pg Pool whose queries run under their caller's scope. `query` takes a connection, switches it when its scope
 * differs, runs the query and gives the connection back; `connect` (drizzle's transactions) gives a connection
 * whose first statement is preceded by the switch and whose later statements switch locally when the scope
 * changes inside the transaction (asSystem or a widened request scope).
 */
export class ScopedPool extends pg.Pool {
  private readonly keys = new WeakMap<pg.PoolClient, string>();

  constructor(config?: pg.PoolConfig) {
    super(config);
    // pg's overloads (callbacks, submittables) are not used through this pool: drizzle and pg-boss call the promise
    // forms, so the two are replaced on the instance rather than overridden with pg's every signature.
    const self = this as unknown as { query: unknown; connect: unknown };
    self.query = this.scopedQuery.bind(this);
    self.connect = this.scopedConnect.bind(this);
  }

  private take(): Promise<pg.PoolClient> {
    return (pg.Pool.prototype.connect as () => Promise<pg.PoolClient>).call(this);
  }

  private async ensureSession(client: pg.PoolClient): Promise<void> {
    const scope = currentDbScope();
    const key = scopeKey(scope);
    if ((this.keys.get(client) ?? '') === key) return;
    this.keys.set(client, UNKNOWN);
    await client.query(SWITCH, switchParams(scope));
    this.keys.set(client, key);
  }

  private async scopedQuery(...args: QueryArgs): Promise<unknown> {
    const client = await this.take();
    let failure: unknown;
    try {
      await this.ensureSession(client);
      return await (client.query as (...a: QueryArgs) => Promise<unknown>)(...args);
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      client.release(failure !== undefined && connectionBroken(failure) ? (failure as Error) : undefined);
    }
  }

  private async scopedConnect(): Promise<pg.PoolClient> {
    const client = await this.take();
    let started = false;
    let txKey = '';
    const scopedQuery = async (...args: QueryArgs) => {
      const scope = currentDbScope();
      const key = scopeKey(scope);
      if (!started) {
        started = true;
        await this.ensureSession(client);
        txKey = key;
      } else if (key !== txKey) {
        await client.query(SWITCH_LOCAL, switchParams(scope));
        txKey = key;
      }
      return (client.query as (...a: QueryArgs) => Promise<unknown>)(...args);
    };
    const wrapper: Queryable & { release: pg.PoolClient['release'] } = {
      query: scopedQuery as Queryable['query'],
      release: (err?: Error | boolean) => client.release(err),
    };
    return wrapper as unknown as pg.PoolClient;
  }
}
