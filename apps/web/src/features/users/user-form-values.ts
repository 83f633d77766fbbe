import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createUserBody, updateUserBody, type LoginType, type UserSites, type UserView } from '@cd/core';

export type CreateUserOutput = z.output<typeof createUserBody>;
export type UpdateUserOutput = z.output<typeof updateUserBody>;

/** What the user form edits: the create body's fields plus the version of the user loaded for editing. */
export type UserFormValues = {
  userid: string;
  name: string;
  phone: string;
  email: string;
  login_types: LoginType[];
  only_sso_login: boolean;
  mfa_enabled: boolean;
  status: 'active' | 'inactive';
  password: string;
  admin: boolean;
  pagepermissionaccess: string[];
  permissions: string[];
  read_only_access: string[];
  sites: UserSites;
  version: number;
};

export type UserFormOutput = CreateUserOutput | UpdateUserOutput;

export const EMPTY_SITES: UserSites = { locations: [], foodcourts: [], restaurants: [] };

export function newUserValues(): UserFormValues {
  return {
    userid: '',
    name: '',
    phone: '',
    email: '',
    login_types: ['password'],
    only_sso_login: false,
    mfa_enabled: false,
    status: 'active',
    password: '',
    admin: false,
    pagepermissionaccess: [],
    permissions: [],
    read_only_access: [],
    sites: EMPTY_SITES,
    version: 0,
  };
}

export function userToFormValues(user: UserView): UserFormValues {
  return {
    userid: user.userid,
    name: user.name,
    phone: user.phone ?? '',
    email: user.email ?? '',
    login_types: [...user.login_types],
    only_sso_login: user.only_sso_login,
    mfa_enabled: user.mfa_enabled,
    status: user.status,
    password: '',
    admin: user.admin,
    pagepermissionaccess: [...user.pagepermissionaccess],
    permissions: [...user.permissions],
    read_only_access: [...user.read_only_access],
    sites: {
      locations: [...user.sites.locations],
      foodcourts: [...user.sites.foodcourts],
      restaurants: [...user.sites.restaurants],
    },
    version: user.version,
  };
}

/**
 * The form enforces exactly the API's rules: it validates with the same core schemas (create needs a
 * password when password sign-in is on; an update names the version it edited and sets passwords apart).
 */
export function userFormResolver(mode: 'create' | 'edit'): Resolver<UserFormValues, unknown, UserFormOutput> {
  const schema = mode === 'create' ? createUserBody : updateUserBody;
  return zodResolver(schema) as unknown as Resolver<UserFormValues, unknown, UserFormOutput>;
}

/** Form fields a server failure can name in extras.field (the first segment of a path). */
export const USER_FORM_FIELDS: (keyof UserFormValues)[] = [
  'userid',
  'name',
  'phone',
  'email',
  'login_types',
  'only_sso_login',
  'mfa_enabled',
  'status',
  'password',
  'admin',
  'pagepermissionaccess',
  'permissions',
  'read_only_access',
  'sites',
];
