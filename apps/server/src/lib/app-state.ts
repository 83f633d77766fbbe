import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appState } from '../db/schema/index.js';

/**
 * Returns the deployment's secret: from configuration, else generated once and kept in the database, so
 * every API process of one deployment shares it.
 */
export async function ensureSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = crypto.randomBytes(32).toString('base64url');
  await db.insert(appState).values({ key: 'app_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appState).where(eq(appState.key, 'app_secret'));
  if (!row) throw new Error('app_secret could not be stored');
  return row.value;
}

export async function getState(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select().from(appState).where(eq(appState.key, key));
  return row?.value ?? null;
}

export async function setState(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appState)
    .values({ key, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updated_at: sql`now()` } });
}
