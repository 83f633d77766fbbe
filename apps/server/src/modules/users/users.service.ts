import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { createUserBody, ListQuery, updateUserBody, USER_SORT, userExportQuery, UserView } from '@cd/core';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { updateVersioned } from '../../lib/versioned.js';
import { hashPassword } from '../auth/password.js';
import type { SessionStore } from '../auth/session.store.js';
import { findUserByUserid } from '../auth/users.repo.js';
import { assertKnownPermissions } from '../reports/report-permissions.js';
import { assertMayGrant, mayManage } from './grants.js';
import { auditableUser, profileNames, toUserView } from './users.view.js';

type CreateUser = z.output<typeof createUserBody>;
type UpdateUser = z.output<typeof updateUserBody>;
type UserQuery = z.output<typeof userExportQuery> & Partial<ListQuery>;
export type { Actor };

const USER_LIST: ListSpec<(typeof USER_SORT)[number]> = {
  sortable: {
    userid: text(users.userid),
    name: text(users.name),
    email: text(users.email),
    phone: users.phone,
    status: users.status,
    updated_at: users.updated_at,
    updated_by: text(users.updated_by),
  },
  defaultSort: [text(users.userid)],
  key: users.id,
  search: [users.userid, users.name, users.email, users.phone],
};

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

  /** The users the editor may manage, filtered, sorted and paged in the database. */
  async list(query: UserQuery, editor: UserRow, range = listRange(query)): Promise<ListPage<UserView>> {
    const where: (SQL | undefined)[] = [listSearch(USER_LIST, query.search)];
    if (query.status) where.push(eq(users.status, query.status));
    if (query.login_type) where.push(sql`${users.login_types} @> ${JSON.stringify([query.login_type])}::jsonb`);
    if (!editor.admin) where.push(await this.manageable(editor));
    const cond = and(...where);
    const [rows, [count]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(users)
          .where(cond)
          .orderBy(...listOrder(USER_LIST, query))
          .$dynamic(),
        range,
      ),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(cond),
    ]);
    const profiles = await profileNames(this.db, rows);
    return { rows: rows.map((r) => toUserView(r, profiles)), total: count?.n ?? 0 };
  }

  /**
   * grants.ts's mayManage as SQL: the editor, and the non-admin users who have sites, all within the editor's
   * (a JSON list is contained in the editor's expanded list of the same kind).
   */
  private async manageable(editor: UserRow): Promise<SQL> {
    const scope = await loadSiteScope(this.db, editor);
    const kinds = ['locations', 'foodcourts', 'restaurants'] as const;
    const list = (kind: (typeof kinds)[number]) => sql`coalesce(${users.sites} -> ${kind}, '[]'::jsonb)`;
    const within = kinds.map((kind) => sql`${list(kind)} <@ ${JSON.stringify([...scope[kind]])}::jsonb`);
    const hasSites = sql`(${sql.join(
      kinds.map((kind) => sql`jsonb_array_length(${list(kind)})`),
      sql` + `,
    )}) > 0`;
    return or(eq(users.id, editor.id), and(eq(users.admin, false), hasSites, ...within))!;
  }

  /** The names of the permission profiles these users were last given. */
  profileNames(rows: UserRow[]) {
    return profileNames(this.db, rows);
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
    await assertKnownPermissions(this.db, body.permissions);
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
    await assertKnownPermissions(this.db, body.permissions, before.permissions);
    const self = before.id === actor.user.id;
    if (self && before.admin && !body.admin && !body.confirm_remove_own_admin) {
      throw new AppError(400, 'confirmRemoveOwnAdmin', 'Confirm that you want to remove your own administrator access');
    }
    if (before.admin && (!body.admin || body.status !== 'active')) await this.assertAnotherAdmin(before.id);
    try {
      return await this.db.transaction((tx) =>
        updateVersioned(tx, {
          table: users,
          where: eq(users.id, before.id),
          version: body.version,
          set: {
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
          },
          actor,
          entity: 'user',
          entityId: before.userid,
          what: `User ${before.userid}`,
          before,
          auditBefore: auditableUser(before),
          auditAfter: auditableUser,
        }),
      );
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
