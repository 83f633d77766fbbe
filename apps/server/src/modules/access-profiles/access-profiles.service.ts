import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListQuery, PROFILE_SORT, permissionProfileBody, profileExportQuery, siteProfileBody } from '@cd/core';
import type { Db } from '../../db/client.js';
import {
  permissionProfiles,
  siteProfiles,
  users,
  type PermissionProfileRow,
  type SiteProfileRow,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
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
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { assertKnownPermissions } from '../reports/report-permissions.js';
import { assertMayGrant, mayManage } from '../users/grants.js';
import { auditableUser } from '../users/users.view.js';

type PermissionValues = Omit<z.output<typeof permissionProfileBody>, 'sender' | 'lang' | 'version'>;
type SiteValues = Omit<z.output<typeof siteProfileBody>, 'sender' | 'lang' | 'version'>;
type ProfileQuery = z.output<typeof profileExportQuery> & Partial<ListQuery>;
/** A profile row of either kind (what lists and exports show). */
export type ProfileRow = PermissionProfileRow | SiteProfileRow;

/**
 * Permission profiles and site profiles: named sets kept with a version, applied to users in one
 * transaction. The two differ only in their table and in which user fields applying sets.
 */
const KINDS = {
  permission: {
    table: permissionProfiles,
    entity: 'permission_profile',
    label: 'Permission profile',
    /** The user fields the profile sets. */
    userFields: (p: PermissionValues) => ({
      admin: p.admin,
      pagepermissionaccess: p.pagepermissionaccess,
      permissions: p.permissions,
      read_only_access: p.read_only_access,
    }),
  },
  site: {
    table: siteProfiles,
    entity: 'site_profile',
    label: 'Site profile',
    userFields: (p: SiteValues) => ({ sites: p.sites }),
  },
} as const;

type Kind = keyof typeof KINDS;
type Values<K extends Kind> = K extends 'permission' ? PermissionValues : SiteValues;
type Row<K extends Kind> = (typeof KINDS)[K]['table']['$inferSelect'];

export class AccessProfilesService<K extends Kind> {
  private readonly kind: (typeof KINDS)[K];

  constructor(
    private readonly db: Db,
    kind: K,
  ) {
    this.kind = KINDS[kind];
  }

  // The two tables share every column this class reads by name (id, name, version, updated_*); drizzle
  // cannot see that through the union, so the table is typed as one of them and rows are cast back.
  private get table() {
    return this.kind.table as unknown as typeof permissionProfiles;
  }

  private grantCheck(actor: Actor, values: Values<K>, scope: Awaited<ReturnType<typeof loadSiteScope>>) {
    const fields = this.userFields(values);
    assertMayGrant(actor.user, scope, {
      admin: fields.admin ?? false,
      pagepermissionaccess: fields.pagepermissionaccess ?? [],
      permissions: fields.permissions ?? [],
      sites: fields.sites,
    });
  }

  private userFields(
    values: Values<K>,
  ): Partial<Pick<UserRow, 'admin' | 'pagepermissionaccess' | 'permissions' | 'read_only_access' | 'sites'>> {
    return (this.kind.userFields as (v: Values<K>) => ReturnType<typeof this.userFields>)(values);
  }

  private nameTaken(err: unknown): never {
    if (uniqueViolation(err))
      throw new AppError(409, 'nameExists', `A ${this.kind.label.toLowerCase()} with this name exists`, {
        field: 'name',
      });
    throw err;
  }

  /** The profiles in the query's order (all of them unless a page is asked for). */
  async list(query: ProfileQuery, range = listRange(query)): Promise<ListPage<Row<K>>> {
    const t = this.table;
    const spec: ListSpec<(typeof PROFILE_SORT)[number]> = {
      sortable: { id: t.id, name: text(t.name), updated_at: t.updated_at, updated_by: text(t.updated_by) },
      defaultSort: [text(t.name)],
      key: t.id,
      search: [t.name],
    };
    const cond = listSearch(spec, query.search);
    const [rows, [count]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(t)
          .where(cond)
          .orderBy(...listOrder(spec, query))
          .$dynamic(),
        range,
      ),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t)
        .where(cond),
    ]);
    return { rows: rows as Row<K>[], total: count?.n ?? 0 };
  }

  async get(id: number): Promise<Row<K>> {
    const [row] = await this.db.select().from(this.table).where(eq(this.table.id, id));
    if (!row) throw notFound('profileNotFound', `${this.kind.label} ${id} does not exist`);
    return row as Row<K>;
  }

  async create(values: Values<K>, actor: Actor): Promise<Row<K>> {
    this.grantCheck(actor, values, await loadSiteScope(this.db, actor.user));
    await assertKnownPermissions(this.db, this.userFields(values).permissions ?? []);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(this.table)
          .values({ ...values, updated_by: actor.user.userid } as never)
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: this.kind.entity,
          entityId: String(row!.id),
          after: row,
          ip: actor.ip,
        });
        return row as Row<K>;
      });
    } catch (err) {
      this.nameTaken(err);
    }
  }

  async update(id: number, version: number | undefined, values: Values<K>, actor: Actor): Promise<Row<K>> {
    if (!version)
      throw badRequest('invalidRequest', 'version: the version you edited is required', { field: 'version' });
    const before = await this.get(id);
    this.grantCheck(actor, values, await loadSiteScope(this.db, actor.user));
    await assertKnownPermissions(
      this.db,
      this.userFields(values).permissions ?? [],
      this.userFields(before as unknown as Values<K>).permissions ?? [],
    );
    try {
      return (await this.db.transaction((tx) =>
        updateVersioned(tx, {
          table: this.table,
          where: eq(this.table.id, id),
          version,
          set: values as never,
          actor,
          entity: this.kind.entity,
          entityId: String(id),
          what: `${this.kind.label} "${before.name}"`,
          before: before as never,
        }),
      )) as Row<K>;
    } catch (err) {
      this.nameTaken(err);
    }
  }

  async remove(id: number, version: number, actor: Actor): Promise<void> {
    const before = await this.get(id);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: this.table,
        where: eq(this.table.id, id),
        version,
        actor,
        entity: this.kind.entity,
        entityId: String(id),
        what: `${this.kind.label} "${before.name}"`,
        before: before as never,
      }),
    );
  }

  /** Gives the profile's permissions (or sites) to these users, all or none. */
  async apply(id: number, userids: string[], actor: Actor): Promise<number> {
    const profile = await this.get(id);
    const scope = await loadSiteScope(this.db, actor.user);
    this.grantCheck(actor, profile as unknown as Values<K>, scope);
    const wanted = [...new Set(userids.map((u) => u.toLowerCase()))];
    const targets = await this.db
      .select()
      .from(users)
      .where(inArray(sql`lower(${users.userid})`, wanted));
    const missing = wanted.filter(
      (u) => !targets.some((t) => t.userid.toLowerCase() === u && mayManage(actor.user, scope, t)),
    );
    if (missing.length > 0) throw notFound('userNotFound', `No user ${missing.join(', ')}`);
    const fields = {
      ...this.userFields(profile as unknown as Values<K>),
      // The user is now "of" this permission profile: views shared with it reach them (issue 36).
      ...(this.kind.entity === 'permission_profile' ? { permission_profile_id: id } : {}),
    };
    await this.db.transaction(async (tx) => {
      for (const target of targets) {
        const [row] = await tx
          .update(users)
          .set({ ...fields, updated_by: actor.user.userid, updated_at: new Date(), version: sql`${users.version} + 1` })
          .where(eq(users.id, target.id))
          .returning();
        await audit(tx, {
          actor: actor.user.userid,
          action: `apply_${this.kind.entity}`,
          entity: 'user',
          entityId: target.userid,
          before: auditableUser(target),
          after: { ...auditableUser(row!), profile_id: id },
          ip: actor.ip,
        });
      }
    });
    return targets.length;
  }
}
