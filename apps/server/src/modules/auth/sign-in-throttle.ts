import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { signInFailures } from '../../db/schema/index.js';
import { tooManyRequests } from '../../lib/errors.js';

/** The account a sign-in names: the user id as typed, trimmed and lower-cased (as users are looked up). */
export const accountKey = (userid: string) => userid.trim().toLowerCase();

export type ThrottleLimits = { failures: number; windowMs: number };

export const throttleLimits = (config: Config): ThrottleLimits => ({
  failures: config.SIGN_IN_FAILURES_PER_ACCOUNT,
  windowMs: config.SIGN_IN_FAILURE_WINDOW_MINUTES * 60_000,
});

const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/**
 * The per-account limit on password sign-in (issue 32; docs/security.md "Sign-in"), on top of the per-IP limits:
 * at most `failures` failed passwords per account in any `windowMs`, from whatever addresses. Counted in the
 * database (sign_in_failures), so it holds across API processes.
 *
 * A try is written down as a failure BEFORE its password is checked, and refused when the account already has
 * `failures` others in the window: parallel tries then cannot all slip under the limit (each sees the rows of the
 * tries before it), and a refused try is not checked at all. Tries in flight count for each other, so a burst of
 * parallel tries may get fewer than `failures` checked (and be told a longer wait): never more. A successful sign-in, by any method, clears the
 * account's rows (`clearSignInFailures`); a failed one leaves its row. Unknown user ids are counted like known
 * ones, with the same queries, so neither the answer nor its time tells whether an id exists.
 *
 * The wait is a sliding window, not a lock: a refused try learns when the oldest counting failure leaves the
 * window (at most `windowMs`), and refused tries are not counted, so an attacker cannot lengthen it.
 */
export class SignInThrottle {
  constructor(
    private readonly db: DbOrTx,
    private readonly limits: ThrottleLimits,
  ) {}

  /** Records a try of `account` (as a failure until it succeeds); throws 429 when the account must wait. */
  async take(account: string, method: string, ip: string): Promise<void> {
    const now = new Date();
    const [mine] = await this.db
      .insert(signInFailures)
      .values({ account, method, ip, at: now })
      .returning({ id: signInFailures.id });
    const since = new Date(now.getTime() - this.limits.windowMs);
    // The newest failures but one more than the limit: enough to find the limit's oldest one besides this try.
    const recent = await this.db
      .select({ id: signInFailures.id, at: signInFailures.at })
      .from(signInFailures)
      .where(and(eq(signInFailures.account, account), eq(signInFailures.method, method), gt(signInFailures.at, since)))
      .orderBy(desc(signInFailures.at), desc(signInFailures.id))
      .limit(this.limits.failures + 1);
    const others = recent.filter((r) => r.id !== mine?.id);
    if (others.length < this.limits.failures) return;
    // Refused without a check, and not counted: waiting out the window is all it takes.
    if (mine) await this.db.delete(signInFailures).where(eq(signInFailures.id, mine.id));
    const until = others[this.limits.failures - 1]!.at.getTime() + this.limits.windowMs;
    const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    throw tooManyRequests(
      'tooManyFailedSignIns',
      `Too many failed sign-ins for this account. Try again in ${minutesText(seconds)}.`,
      { retry_after: seconds },
    );
  }
}

/** A successful sign-in (any method) forgives the account's failed passwords. */
export async function clearSignInFailures(db: DbOrTx, userid: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.account, accountKey(userid)));
}

/** Drops the failures that no longer count (older than the window); run by each API process's periodic sweep. */
export async function pruneSignInFailures(db: DbOrTx, limits: ThrottleLimits, now = new Date()): Promise<number> {
  const gone = await db
    .delete(signInFailures)
    .where(lte(signInFailures.at, new Date(now.getTime() - limits.windowMs)))
    .returning({ id: signInFailures.id });
  return gone.length;
}
