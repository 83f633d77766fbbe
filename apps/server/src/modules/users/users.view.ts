import type { UserView } from '@cd/core';
import type { UserRow } from '../../db/schema/index.js';

/** A user as the API shows it: never the password hash. */
export function toUserView(row: UserRow): UserView {
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
