import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SavedView, savedViewCreateBody, savedViewUpdateBody } from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { permissionProfiles, savedViews, users, type SavedViewRow } from '../../db/schema/index.js';
import { currentDbScope } from '../../db/tenant-scope.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { deleteVersioned, insertAudited, updateVersioned } from '../../lib/versioned.js';

type CreateBody = z.output<typeof savedViewCreateBody>;
type UpdateBody = z.output<typeof savedViewUpdateBody>;
type Joined = { view: SavedViewRow; owner: string; owner_name: string; profile_name: string | null };

const ENTITY = 'saved_view';

/**
 * Saved views (issue 36 point 5). Who sees a view: its owner, and the users of the permission profile it is shared
 * with (the profile last applied to them). Which tenant: row-level security keeps a scoped caller to views of its
 * clients (migration 0027); a view is stamped with its owner's clients when it is made. Only the owner changes or
 * deletes a view; everyone else gets 404, as for a view that does not exist.
 */
export class SavedViewsService {
  constructor(private readonly db: Db) {}

  /** The caller's views of one list and those shared with their profile: theirs first, then by name. */
  async list(user: Actor['user'], listKey: string): Promise<SavedView[]> {
    const visible = user.permission_profile_id
      ? or(eq(savedViews.owner_id, user.id), eq(savedViews.shared_with_profile, user.permission_profile_id))
      : eq(savedViews.owner_id, user.id);
    const rows = await this.select(this.db)
      .where(and(eq(savedViews.list_key, listKey), visible))
      .orderBy(sql`${savedViews.owner_id} <> ${user.id}`, asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
    return rows.map((r) => viewOf(r, user.id));
  }

  /** The permission profiles the caller may share with: every one for an administrator, else their own. */
  async shareProfiles(user: Actor['user']): Promise<{ id: number; name: string }[]> {
    const q = this.db.select({ id: permissionProfiles.id, name: permissionProfiles.name }).from(permissionProfiles);
    if (user.admin) return q.orderBy(asc(sql`lower(${permissionProfiles.name})`));
    if (!user.permission_profile_id) return [];
    return q.where(eq(permissionProfiles.id, user.permission_profile_id));
  }

  async create(body: CreateBody, actor: Actor): Promise<SavedView> {
    await this.checkShare(body.shared_with_profile, actor);
    const clients = this.callerClients();
    if (clients === null && body.shared_with_profile !== null) throw noClient();
    const row = await this.db.transaction((tx) =>
      this.named(body.name, () =>
        insertAudited(tx, {
          table: savedViews,
          values: {
            clients: clients ?? [],
            owner_id: actor.user.id,
            list_key: body.list_key,
            name: body.name,
            query: body.query,
            columns: body.columns,
            shared_with_profile: body.shared_with_profile,
          },
          actor,
          entity: ENTITY,
        }),
      ),
    );
    return this.one(row.id, actor.user.id);
  }

  async update(id: number, body: UpdateBody, actor: Actor): Promise<SavedView> {
    const before = await this.owned(id, actor);
    if (body.shared_with_profile !== undefined && body.shared_with_profile !== before.shared_with_profile) {
      await this.checkShare(body.shared_with_profile, actor);
      if (body.shared_with_profile !== null && before.clients.length === 0 && this.callerClients() === null)
        throw noClient();
    }
    const { version, sender: _s, lang: _l, ...set } = body;
    await this.db.transaction((tx) =>
      this.named(body.name ?? before.name, () =>
        updateVersioned(tx, {
          table: savedViews,
          where: eq(savedViews.id, id),
          version,
          actor,
          entity: ENTITY,
          entityId: String(id),
          what: `View "${before.name}"`,
          before,
          set,
          missing: () => notFound('savedViewNotFound', `View ${id} does not exist`),
        }),
      ),
    );
    return this.one(id, actor.user.id);
  }

  async remove(id: number, version: number, actor: Actor): Promise<void> {
    const before = await this.owned(id, actor);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: savedViews,
        where: eq(savedViews.id, id),
        version,
        actor,
        entity: ENTITY,
        entityId: String(id),
        what: `View "${before.name}"`,
        before,
        missing: () => notFound('savedViewNotFound', `View ${id} does not exist`),
      }),
    );
  }

  /** The caller's own view; another's (shared with them or not) is answered as missing. */
  private async owned(id: number, actor: Actor): Promise<SavedViewRow> {
    const [row] = await this.db
      .select()
      .from(savedViews)
      .where(and(eq(savedViews.id, id), eq(savedViews.owner_id, actor.user.id)));
    if (!row) throw notFound('savedViewNotFound', `View ${id} does not exist`);
    return row;
  }

  private async one(id: number, me: number): Promise<SavedView> {
    const [row] = await this.select(this.db).where(eq(savedViews.id, id));
    if (!row) throw notFound('savedViewNotFound', `View ${id} does not exist`);
    return viewOf(row, me);
  }

  private select(db: DbOrTx) {
    return db
      .select({ view: savedViews, owner: users.userid, owner_name: users.name, profile_name: permissionProfiles.name })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.owner_id))
      .leftJoin(permissionProfiles, eq(permissionProfiles.id, savedViews.shared_with_profile));
  }

  /** An administrator shares with any profile that exists; anyone else only with their own. */
  private async checkShare(profile: number | null, actor: Actor): Promise<void> {
    if (profile === null) return;
    const allowed = actor.user.admin || actor.user.permission_profile_id === profile;
    const [exists] = allowed
      ? await this.db
          .select({ id: permissionProfiles.id })
          .from(permissionProfiles)
          .where(eq(permissionProfiles.id, profile))
      : [];
    if (!exists)
      throw badRequest(
        'savedViewProfile',
        'shared_with_profile: Choose a permission profile you may share with (your own, or any for an administrator)',
        { field: 'shared_with_profile' },
      );
  }

  /** The caller's clients (the view's tenant); null for a scoped caller without any; [] for the system. */
  private callerClients(): string[] | null {
    const scope = currentDbScope();
    if (scope.kind === 'system') return [];
    return scope.sets.c.length > 0 ? scope.sets.c : null;
  }

  /** Runs a write, answering a second view of the same name on the same list with 409 naming `name`. */
  private async named<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err)?.includes('saved_views_owner_name_key'))
        throw new AppError(409, 'savedViewExists', `name: You already have a view named "${name}" on this list`, {
          field: 'name',
        });
      throw err;
    }
  }
}

const noClient = () =>
  badRequest(
    'savedViewNoClient',
    'shared_with_profile: Your sites belong to no client yet, so a view cannot be shared',
    {
      field: 'shared_with_profile',
    },
  );

function viewOf(r: Joined, me: number): SavedView {
  const v = r.view;
  return {
    id: v.id,
    list_key: v.list_key,
    name: v.name,
    query: v.query,
    columns: v.columns ?? null,
    shared_with_profile: v.shared_with_profile,
    shared_with_profile_name: v.shared_with_profile === null ? null : r.profile_name,
    owner: r.owner,
    owner_name: r.owner_name,
    mine: v.owner_id === me,
    version: v.version,
    updated_at: v.updated_at.toISOString(),
  };
}
