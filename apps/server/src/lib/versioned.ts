import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import type { Actor } from './actor.js';
import { audit } from './audit.js';
import { versionConflict } from './conflict.js';
import type { AppError } from './errors.js';

/** A table whose rows carry a version and who changed them last (DESIGN.md §5). */
type VersionedTable = PgTable & { version: PgColumn; updated_by: PgColumn; updated_at: PgColumn };
type RowOf<T extends VersionedTable> = T['$inferSelect'];

type VersionedChange<T extends VersionedTable> = {
  table: T;
  /** Identifies the row (its primary key). */
  where: SQL;
  /** The version the caller edited or saw. */
  version: number;
  actor: Actor;
  /** Audit entity and id. */
  entity: string;
  entityId: string;
  /** Names the row in the conflict message: "<what> was changed by … since you opened it". */
  what: string;
  /** The row as read before the change: the audit's `before` and the conflict's fallback. */
  before: RowOf<T>;
  /** What the audit keeps of the row before (default: the row); e.g. a user without the password hash. */
  auditBefore?: unknown;
  /** The error when the row is gone by now (default: the conflict, naming who changed it before). */
  missing?: () => AppError;
};

/** 409 with who and when if the row changed since; `missing()` if it is gone. */
async function staleOrGone<T extends VersionedTable>(tx: DbOrTx, change: VersionedChange<T>): Promise<AppError> {
  const [current] = await tx
    .select()
    .from(change.table as PgTable)
    .where(change.where);
  if (current) return versionConflict(change.what, current as Parameters<typeof versionConflict>[1]);
  return change.missing?.() ?? versionConflict(change.what, change.before as Parameters<typeof versionConflict>[1]);
}

/**
 * Updates one row if it still has the version the caller edited: sets the values, moves the version on,
 * stamps who and when, and writes the audit row with before and after — all in the caller's transaction.
 * `auditAfter` may do work that belongs to the same change (renaming a category in its items, …) and says
 * what the audit keeps of the result.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: DbOrTx,
  change: VersionedChange<T> & {
    set: Partial<T['$inferInsert']>;
    action?: string;
    auditAfter?: (row: RowOf<T>) => unknown;
  },
): Promise<RowOf<T>> {
  const table = change.table;
  const [row] = (await tx
    .update(table)
    .set({
      ...change.set,
      updated_by: change.actor.user.userid,
      updated_at: new Date(),
      version: sql`${table.version} + 1`,
    } as never)
    .where(and(change.where, eq(table.version, change.version)))
    .returning()) as RowOf<T>[];
  if (!row) throw await staleOrGone(tx, change);
  await audit(tx, {
    actor: change.actor.user.userid,
    action: change.action ?? 'update',
    entity: change.entity,
    entityId: change.entityId,
    before: change.auditBefore ?? change.before,
    after: change.auditAfter ? await change.auditAfter(row) : row,
    ip: change.actor.ip,
  });
  return row;
}

/** Deletes one row if it still has the version the caller saw, and audits it, in the caller's transaction. */
export async function deleteVersioned<T extends VersionedTable>(tx: DbOrTx, change: VersionedChange<T>): Promise<void> {
  const table = change.table;
  await nameDeleter(tx, change.actor.user.userid);
  const gone = await tx
    .delete(table)
    .where(and(change.where, eq(table.version, change.version)))
    .returning();
  if ((gone as unknown[]).length === 0) throw await staleOrGone(tx, change);
  await audit(tx, {
    actor: change.actor.user.userid,
    action: 'delete',
    entity: change.entity,
    entityId: change.entityId,
    before: change.auditBefore ?? change.before,
    ip: change.actor.ip,
  });
}

/**
 * Names who deletes rows in this transaction, for the row triggers that keep a history (the menu revisions' trigger
 * reads `cd.actor`: a deleted row carries no `updated_by` of the deleter). Call it inside the deleting transaction.
 */
export async function nameDeleter(tx: DbOrTx, userid: string): Promise<void> {
  await tx.execute(sql`select set_config('cd.actor', ${userid}, true)`);
}

/** Inserts one row stamped with who made it, and audits its creation, in the caller's transaction. */
export async function insertAudited<T extends VersionedTable & { id: PgColumn }>(
  tx: DbOrTx,
  change: { table: T; values: T['$inferInsert']; actor: Actor; entity: string },
): Promise<RowOf<T>> {
  const [row] = (await tx
    .insert(change.table)
    .values({ ...change.values, updated_by: change.actor.user.userid } as never)
    .returning()) as RowOf<T>[];
  await audit(tx, {
    actor: change.actor.user.userid,
    action: 'create',
    entity: change.entity,
    entityId: String((row as { id: unknown }).id),
    after: row,
    ip: change.actor.ip,
  });
  return row!;
}
