import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { lockDataDir } from './data-dir-lock.js';
import { ScopedPool, scopedPglite } from './scoped-driver.js';
import { asSystem, SCOPED_ROLE } from './tenant-scope.js';
import { sql } from 'drizzle-orm';
import * as schema from './schema/index.js';

export { DataDirLockedError } from './data-dir-lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query interface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** PGlite's own start parameters plus a smaller page cache: see PGLITE_SHARED_BUFFERS in config.ts. */
function pgliteOptions(sharedBuffers = '16MB'): PGliteOptions {
  return { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] };
}

/**
 * Held (a PostgreSQL session advisory lock) while a process migrates and prepares the database, so processes
 * started together on one database (API processes, workers) do it one after another: the first migrates and seeds,
 * the others wait for it and find it done.
 */
const START_LOCK = `select pg_advisory_lock(hashtext('control-desk:start'))`;

/**
 * Runs `fn` holding START_LOCK on a connection of its own (ending the connection releases the lock). Also for other
 * once-per-start installation that PostgreSQL does not let two processes do at the same moment (pg-boss's queues
 * and grants deadlock or fail with "tuple concurrently updated").
 */
export async function holdingStartLock<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: 'control-desk-start' });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query(START_LOCK);
    return await fn();
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/**
 * Opens the database: PostgreSQL when a URL is given, else PGlite in `<dataDir>/db` (or in memory when
 * dataDir is null, for tests). PGlite is single-process: the directory is locked so a second server on the
 * same directory stops with a clear message instead of corrupting it. Migrations run before returning, then
 * `prepare` (the demo seed); on PostgreSQL both under START_LOCK.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** PGlite only: its `shared_buffers` (config PGLITE_SHARED_BUFFERS). */
  sharedBuffers?: string;
  /** PostgreSQL only: the most connections the pool opens (config PG_POOL_MAX; 10 when not given). */
  poolMax?: number;
  /** Runs after the migrations, before any other process on the same PostgreSQL database gets past its own. */
  prepare?: (db: Db) => Promise<void>;
}): Promise<Database> {
  if (options.databaseUrl) {
    // Every query runs under its caller's tenant scope (db/tenant-scope.ts, db/scoped-driver.ts).
    const pool = new ScopedPool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle pooled connection can be ended by the server (restart, failover, a dropped database); without a
    // listener the pool's 'error' event would crash the process. The pool replaces the connection.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await holdingStartLock(options.databaseUrl, async () => {
        await migratePg(drizzlePg(pool), { migrationsFolder });
        await options.prepare?.(db);
      });
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (options.dataDir) {
    const dbDir = path.join(options.dataDir, 'db');
    fs.mkdirSync(dbDir, { recursive: true });
    release = await lockDataDir(options.dataDir);
    const fresh = !fs.existsSync(path.join(dbDir, 'PG_VERSION'));
    client = await PGlite.create(dbDir, pgliteOptions(options.sharedBuffers));
    if (fresh) {
      // Creating a database runs initdb in a second WebAssembly instance whose memory (~190 MB) stays reachable
      // from the first PGlite object; closing it and opening the new directory again lets it go at once.
      await client.close();
      client = await PGlite.create(dbDir, pgliteOptions(options.sharedBuffers));
    }
  } else {
    client = await PGlite.create(pgliteOptions(options.sharedBuffers));
  }
  const db = drizzlePglite(scopedPglite(client), { schema }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    await options.prepare?.(db);
  } catch (err) {
    await client.close();
    await release?.();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

/**
 * Lets scoped queries (db/tenant-scope.ts) use the tables of a schema another library keeps, such as pg-boss's:
 * a job is enqueued inside the transaction of a scoped request. Run after the library has made its schema.
 */
export async function grantScopedRole(db: Db, schemaName: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`Bad schema name ${schemaName}`);
  await asSystem(async () => {
    for (const statement of [
      `GRANT USAGE ON SCHEMA ${schemaName} TO ${SCOPED_ROLE}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schemaName} TO ${SCOPED_ROLE}`,
      `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schemaName} TO ${SCOPED_ROLE}`,
    ])
      await db.execute(sql.raw(statement));
  });
}
