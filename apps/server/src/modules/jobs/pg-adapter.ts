import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../../db/client.js';

type QueryResult = { rows: unknown[]; rowCount?: number | null; affectedRows?: number };
type Queryable = {
  query: (text: string, values?: unknown[]) => Promise<QueryResult>;
  /** PGlite only: runs several statements (pg-boss sends multi-statement SQL without values). */
  exec?: (text: string) => Promise<QueryResult[]>;
};

/** The driver client under a drizzle database or transaction (node-postgres pool/client or PGlite/its tx). */
export function driverClient(dbOrTx: DbOrTx): Queryable {
  const client = (dbOrTx as unknown as { session?: { client?: Queryable } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('The database handle exposes no driver client (drizzle internals changed?)');
  }
  return client;
}

/**
 * pg-boss's `db` option over a drizzle database or transaction: pg-boss's statements then run on the same
 * connection, so `send` inside a transaction commits or rolls back with it.
 */
export function pgBossDb(dbOrTx: DbOrTx): PgBoss.Db {
  const client = driverClient(dbOrTx);
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      if ((!values || values.length === 0) && client.exec) {
        const results = await client.exec(text);
        const last = results[results.length - 1];
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      }
      const r = await client.query(text, values ?? []);
      return { rows: r.rows, rowCount: r.rowCount ?? r.affectedRows ?? 0 };
    },
  };
}
