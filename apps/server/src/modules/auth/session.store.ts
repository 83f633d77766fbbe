import crypto from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users, type UserRow } from '../../db/schema/index.js';

export const SESSION_COOKIE = 'cd_session';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Seen-at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Server-side sessions (DESIGN.md §6): the cookie carries 32 random bytes; the table keeps their SHA-256,
 * so a leaked table cannot be replayed. A session ends at the idle or the absolute time-out.
 */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly limits: { idleMs: number; absoluteMs: number },
  ) {}

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
    const now = new Date();
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(
        and(
          eq(sessions.id_hash, sha256(id)),
          gt(sessions.expires_at, now),
          gt(sessions.last_seen_at, new Date(now.getTime() - this.limits.idleMs)),
        ),
      );
    if (!row) return null;
    if (now.getTime() - row.session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
      await this.db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id_hash, row.session.id_hash));
    }
    return row.user;
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id_hash, sha256(id)));
  }

  async destroyAllFor(userId: number): Promise<void> {
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
