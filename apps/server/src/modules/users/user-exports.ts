import type { z } from 'zod';
import { adUserExportQuery, userExportQuery, type UserView } from '@cd/core';
import type { ExportColumn, ListExport } from '../list-export/index.js';
import type { UsersService } from './users.service.js';

const columns: ExportColumn<UserView>[] = [
  { header: 'User id', value: (u) => u.userid, width: 32 },
  { header: 'Name', value: (u) => u.name, width: 28 },
  { header: 'E-mail', value: (u) => u.email ?? '', width: 32 },
  { header: 'Phone', value: (u) => u.phone ?? '', width: 14 },
  { header: 'Status', value: (u) => u.status, width: 10 },
  { header: 'Administrator', value: (u) => (u.admin ? 'Yes' : 'No'), width: 14 },
  { header: 'Sign-in methods', value: (u) => u.login_types.join(', '), width: 24 },
  { header: 'Last changed by', value: (u) => u.updated_by ?? '', width: 24 },
  { header: 'Last changed at (UTC)', value: (u) => u.updated_at, date: true, width: 20 },
];

/** Users the caller may manage (Create/Edit User). */
export const userExport = (service: UsersService): ListExport<z.output<typeof userExportQuery>, UserView> => ({
  resource: 'users',
  label: 'Users',
  path: '/vendor/users',
  pages: 'vendor',
  query: userExportQuery,
  operationId: 'exportUsers',
  tag: 'users',
  columns,
  fetch: (_db, user, query, range) => service.list(query, user, range),
});

/** SSO users (AD user management). */
export const adUserExport = (service: UsersService): ListExport<z.output<typeof adUserExportQuery>, UserView> => ({
  resource: 'sso-users',
  label: 'SSO users',
  path: '/ad_users',
  pages: 'ad-user-management',
  query: adUserExportQuery,
  operationId: 'exportAdUsers',
  tag: 'ad users',
  columns,
  fetch: (_db, user, query, range) => service.list({ ...query, login_type: 'sso' }, user, range),
});
