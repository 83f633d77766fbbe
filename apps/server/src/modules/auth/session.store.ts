import crypto from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users, type UserRow } from '../../db/schema/index.js';

export const SESSION_COOKIE = 'cd_session';
/** The NOTIFY channel of session changes (payload: the user's id); migration 0024 sends it from triggers. */
export const SESSIONS_CHANNEL = 'cd_sessions';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Seen-at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/** At most this many sessions are kept in memory; past it the oldest go first. */
const CACHE_MAX = 10_000;

type Cached = {
  user: UserRow;
  userId: number;
  expiresAt: number;
  lastSeenAt: number;
  /** When it was read from the database. */
  at: number;
};

/**
 * Server-side sessions (DESIGN.md §6): the cookie carries 32 random bytes; the table keeps their SHA-256,
 * so a leaked table cannot be replayed. A session ends at the idle or the absolute time-out.
 *
 * A session read is kept for `cacheMs` (SESSION_CACHE_SECONDS), so a busy user's requests do not each read it
 * (issue 34). Nothing is served stale by more than a notification's delay: every change of a user row and every
 * removed session notifies all processes (`cd_sessions`, from database triggers, migration 0024), which forget that
 * user's sessions (`forgetUser`); this process also forgets every session when a signed-in request changes
 * something (plugins/session.ts), before answering it. Time-outs are checked on every request, cached or not.
 */
export class SessionStore {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly db: Db,
    private readonly limits: { idleMs: number; absoluteMs: number; cacheMs?: number },
  ) {}

  /** Forgets the kept sessions of a user (their row changed, or one of their sessions ended). */
  forgetUser(userId: number): void {
    for (const [key, entry] of this.cache) if (entry.userId === userId) this.cache.delete(key);
  }

  /** Forgets every kept session: the next request of each reads it again. */
  forgetAll(): void {
    this.cache.clear();
  }

  async create(userId: number, meta: { ip: string; userAgent: string | null }): Promise<string> {
    const id = crypto.randomBytes(32).toString('base64url');
    const now = new Date();
    await this.db.insert(sessions).values({
      id_hash: sha256(id),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + this.limits.absoluteMs),
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return id;
  }

  async resolve(id: string): Promise<UserRow | null> {
    if (id.length > 100) return null;
    const hash = sha256(id);
    const cacheMs = this.limits.cacheMs ?? 0;
    const kept = cacheMs > 0 ? this.cache.get(hash) : undefined;
    if (kept) {
      const now = Date.now();
      if (now - kept.at < cacheMs && kept.expiresAt > now && kept.lastSeenAt > now - this.limits.idleMs) {
        if (now - kept.lastSeenAt > TOUCH_EVERY_MS) {
          kept.lastSeenAt = now;
          await this.db
            .update(sessions)
            .set({ last_seen_at: new Date(now) })
            .where(eq(sessions.id_hash, hash));
        }
        // A copy: nothing a request does to its user can reach the next request's.
        return { ...kept.user };
      }
      this.cache.delete(hash);
    }
    const now = new Date();
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(
        and(
          eq(sessions.id_hash, hash),
          gt(sessions.expires_at, now),
          gt(sessions.last_seen_at, new Date(now.getTime() - this.limits.idleMs)),
        ),
      );
    if (!row) return null;
    let lastSeenAt = row.session.last_seen_at.getTime();
    if (now.getTime() - lastSeenAt > TOUCH_EVERY_MS) {
      await this.db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id_hash, row.session.id_hash));
      lastSeenAt = now.getTime();
    }
    if (cacheMs > 0) {
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(hash, {
        user: { ...row.user },
        userId: row.user.id,
        expiresAt: row.session.expires_at.getTime(),
        lastSeenAt,
        at: now.getTime(),
      });
    }
    return row.user;
  }

  async destroy(id: string): Promise<void> {
    this.cache.delete(sha256(id));
    await this.db.delete(sessions).where(eq(sessions.id_hash, sha256(id)));
  }

  async destroyAllFor(userId: number): Promise<void> {
    this.forgetUser(userId);
    await this.db.delete(sessions).where(eq(sessions.user_id, userId));
  }

  /** Removes sessions past either time-out. */
  async sweep(): Promise<void> {
    const now = new Date();
    await this.db
      .delete(sessions)
      .where(or(lt(sessions.expires_at, now), lt(sessions.last_seen_at, new Date(now.getTime() - this.limits.idleMs))));
  }
}
