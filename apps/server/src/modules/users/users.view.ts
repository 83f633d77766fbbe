import { inArray } from 'drizzle-orm';
import type { UserView } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { permissionProfiles, type UserRow } from '../../db/schema/index.js';

/**
 * A user as the API shows it: never the password hash. With `profiles` (id → name, see profileNames) it names the
 * permission profile last applied to the user.
 */
export function toUserView(row: UserRow, profiles?: Map<number, string>): UserView {
  const profileName = row.permission_profile_id ? profiles?.get(row.permission_profile_id) : undefined;
  return {
    userid: row.userid,
    name: row.name,
    phone: row.phone,
    email: row.email,
    login_types: row.login_types,
    only_sso_login: row.only_sso_login,
    mfa_enabled: row.mfa_enabled,
    admin: row.admin,
    status: row.status,
    pagepermissionaccess: row.pagepermissionaccess,
    permissions: row.permissions,
    read_only_access: row.read_only_access,
    sites: row.sites,
    has_password: row.password_hash !== null,
    ...(profiles
      ? {
          permission_profile:
            row.permission_profile_id && profileName !== undefined
              ? { id: row.permission_profile_id, name: profileName }
              : null,
        }
      : {}),
    version: row.version,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

/** What the audit trail keeps of a user: everything but the hash. */
export function auditableUser(row: UserRow) {
  const { password_hash: _hash, ...rest } = row;
  return { ...rest, has_password: _hash !== null };
}

/** The names of the permission profiles these users were last given (those the caller's scope lets it read). */
export async function profileNames(db: DbOrTx, rows: UserRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.permission_profile_id ? [r.permission_profile_id] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: permissionProfiles.id, name: permissionProfiles.name })
    .from(permissionProfiles)
    .where(inArray(permissionProfiles.id, ids));
  return new Map(found.map((p) => [p.id, p.name]));
}
