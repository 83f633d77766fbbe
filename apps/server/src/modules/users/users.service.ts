import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { createUserBody, listUsersQuery, updateUserBody, UserView } from '@cd/core';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { hashPassword } from '../auth/password.js';
import type { SessionStore } from '../auth/session.store.js';
import { findUserByUserid } from '../auth/users.repo.js';
import { assertMayGrant, mayManage } from './grants.js';
import { auditableUser, toUserView } from './users.view.js';

type CreateUser = z.output<typeof createUserBody>;
type UpdateUser = z.output<typeof updateUserBody>;
type ListQuery = z.output<typeof listUsersQuery>;
export type Actor = { user: UserRow; ip: string };

const FIELD_OF_CONSTRAINT: Record<string, string> = {
  users_userid_key: 'userid',
  users_phone_key: 'phone',
  users_email_key: 'email',
};

function conflictOnUnique(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (!constraint) throw err;
  const field = FIELD_OF_CONSTRAINT[constraint] ?? 'userid';
  const label = { userid: 'user id', phone: 'phone number', email: 'e-mail address' }[field];
  throw new AppError(409, 'userExists', `Another user already has this ${label}`, { field });
}

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
  ) {}

  async list(query: ListQuery, editor: UserRow): Promise<{ users: UserView[]; total: number }> {
    const where: SQL[] = [];
    if (query.search) {
      const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        sql`(${users.userid} ilike ${like} or ${users.name} ilike ${like} or coalesce(${users.email}, '') ilike ${like} or coalesce(${users.phone}, '') ilike ${like})`,
      );
    }
    if (query.status) where.push(eq(users.status, query.status));
    if (query.login_type) where.push(sql`${users.login_types} @> ${JSON.stringify([query.login_type])}::jsonb`);
    const offset = (query.page - 1) * query.page_size;
    if (editor.admin) {
      const cond = where.length ? and(...where) : undefined;
      const [rows, [count]] = await Promise.all([
        this.db.select().from(users).where(cond).orderBy(asc(users.userid)).limit(query.page_size).offset(offset),
        this.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(cond),
      ]);
      return { users: rows.map(toUserView), total: count?.n ?? 0 };
    }
    // Others see the non-admin users within their sites; the filter needs the scope, so it runs here.
    const scope = await loadSiteScope(this.db, editor);
    const rows = await this.db
      .select()
      .from(users)
      .where(and(eq(users.admin, false), ...where))
      .orderBy(asc(users.userid));
    const visible = rows.filter((r) => mayManage(editor, scope, r));
    return { users: visible.slice(offset, offset + query.page_size).map(toUserView), total: visible.length };
  }

  async get(userid: string, editor: UserRow): Promise<UserRow> {
    const row = await findUserByUserid(this.db, userid);
    if (!row || !mayManage(editor, await loadSiteScope(this.db, editor), row)) {
      throw notFound('userNotFound', `No user ${userid}`);
    }
    return row;
  }

  async create(body: CreateUser, actor: Actor): Promise<UserRow> {
    assertMayGrant(actor.user, await loadSiteScope(this.db, actor.user), body);
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            userid: body.userid,
            name: body.name,
            phone: body.phone,
            email: body.email,
            password_hash: passwordHash,
            login_types: body.login_types,
            only_sso_login: body.only_sso_login,
            mfa_enabled: body.mfa_enabled,
            admin: body.admin,
            status: body.status,
            pagepermissionaccess: body.pagepermissionaccess,
            permissions: body.permissions,
            read_only_access: body.read_only_access,
            sites: body.sites,
            updated_by: actor.user.userid,
          })
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'user',
          entityId: body.userid,
          after: auditableUser(row!),
          ip: actor.ip,
        });
        return row!;
      });
    } catch (err) {
      conflictOnUnique(err);
    }
  }

  async update(userid: string, body: UpdateUser, actor: Actor): Promise<UserRow> {
    const before = await this.get(userid, actor.user);
    assertMayGrant(actor.user, await loadSiteScope(this.db, actor.user), body, before);
    const self = before.id === actor.user.id;
    if (self && before.admin && !body.admin && !body.confirm_remove_own_admin) {
      throw new AppError(400, 'confirmRemoveOwnAdmin', 'Confirm that you want to remove your own administrator access');
    }
    if (before.admin && (!body.admin || body.status !== 'active')) await this.assertAnotherAdmin(before.id);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            name: body.name,
            phone: body.phone,
            email: body.email,
            login_types: body.login_types,
            only_sso_login: body.only_sso_login,
            mfa_enabled: body.mfa_enabled,
            admin: body.admin,
            status: body.status,
            pagepermissionaccess: body.pagepermissionaccess,
            permissions: body.permissions,
            read_only_access: body.read_only_access,
            sites: body.sites,
            updated_by: actor.user.userid,
            updated_at: new Date(),
            version: sql`${users.version} + 1`,
          })
          .where(and(eq(users.id, before.id), eq(users.version, body.version)))
          .returning();
        if (!row) {
          const [current] = await tx.select().from(users).where(eq(users.id, before.id));
          throw versionConflict(`User ${before.userid}`, current ?? before);
        }
        await audit(tx, {
          actor: actor.user.userid,
          action: 'update',
          entity: 'user',
          entityId: row.userid,
          before: auditableUser(before),
          after: auditableUser(row),
          ip: actor.ip,
        });
        return row;
      });
    } catch (err) {
      conflictOnUnique(err);
    }
  }

  /** Sets a new password and ends the user's sessions (all of them, unless it is the editor's own). */
  async setPassword(userid: string, password: string, actor: Actor): Promise<void> {
    const target = await this.get(userid, actor.user);
    const hash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          password_hash: hash,
          updated_by: actor.user.userid,
          updated_at: new Date(),
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, target.id));
      await audit(tx, {
        actor: actor.user.userid,
        action: 'set_password',
        entity: 'user',
        entityId: target.userid,
        ip: actor.ip,
      });
    });
    if (target.id !== actor.user.id) await this.sessions.destroyAllFor(target.id);
  }

  /** At least one active administrator must remain. */
  private async assertAnotherAdmin(exceptId: number): Promise<void> {
    const [other] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.admin, true), eq(users.status, 'active'), ne(users.id, exceptId)))
      .limit(1);
    if (!other) throw new AppError(400, 'lastAdmin', 'At least one active administrator must remain');
  }
}
