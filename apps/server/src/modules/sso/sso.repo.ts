import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoLogins, users, type UserRow } from '../../db/schema/index.js';
import { findUserByEmail, findUserByUserid } from '../auth/users.repo.js';

export type SsoLoginRow = typeof ssoLogins.$inferSelect;
export type NewSsoLogin = typeof ssoLogins.$inferInsert;

export async function insertSsoLogin(db: Db, row: NewSsoLogin): Promise<void> {
  await db.insert(ssoLogins).values(row);
}

export async function findSsoLoginByState(db: Db, state: string): Promise<SsoLoginRow | undefined> {
  const [row] = await db.select().from(ssoLogins).where(eq(ssoLogins.state, state));
  return row;
}

export async function findSsoLoginByToken(db: Db, token: string): Promise<SsoLoginRow | undefined> {
  const [row] = await db.select().from(ssoLogins).where(eq(ssoLogins.login_token, token));
  return row;
}

/** pending → authenticated; false when the attempt was no longer pending. */
export async function markSsoAuthenticated(db: Db, token: string, userId: number): Promise<boolean> {
  const rows = await db
    .update(ssoLogins)
    .set({ status: 'authenticated', user_id: userId, error: null })
    .where(and(eq(ssoLogins.login_token, token), eq(ssoLogins.status, 'pending')))
    .returning({ token: ssoLogins.login_token });
  return rows.length === 1;
}

/** pending → failed, keeping the message the sign-in page will show. */
export async function markSsoFailed(db: Db, token: string, error: string): Promise<void> {
  await db
    .update(ssoLogins)
    .set({ status: 'failed', error })
    .where(and(eq(ssoLogins.login_token, token), eq(ssoLogins.status, 'pending')));
}

/**
 * authenticated → used, in one statement, so an attempt completes once however many calls race for it.
 * Only the browser that started it (its cookie's hash), for the same provider, before it expires.
 */
export async function claimSsoLogin(
  db: Db,
  where: { token: string; browserHash: string; ssoAction: string },
): Promise<SsoLoginRow | undefined> {
  const [row] = await db
    .update(ssoLogins)
    .set({ status: 'used' })
    .where(
      and(
        eq(ssoLogins.login_token, where.token),
        eq(ssoLogins.status, 'authenticated'),
        eq(ssoLogins.browser_hash, where.browserHash),
        eq(ssoLogins.sso_action, where.ssoAction),
        gt(ssoLogins.expires_at, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Drops attempts that ended more than a day ago (they only matter for their error message). */
export async function deleteStaleSsoLogins(db: Db): Promise<void> {
  await db.delete(ssoLogins).where(lt(ssoLogins.expires_at, sql`now() - interval '1 day'`));
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The user a provider identity names: by user id first, then by e-mail, both case-insensitive. */
export async function findUserForIdentity(db: Db, identity: string): Promise<UserRow | undefined> {
  return (await findUserByUserid(db, identity)) ?? (await findUserByEmail(db, identity));
}
