import { z } from 'zod';
import { versionNumber } from '../numbers.js';
import { LOGIN_TYPES } from './auth.js';
import { clientMeta } from './envelope.js';
import { FINE_PERMISSION_KEYS } from '../fine-permissions.js';
import { LEGACY_PAGE_NAMES, PAGE_PERMISSION_KEYS } from '../permissions.js';
import { isStrongPassword, isValidName } from '../validation.js';
import { isReportPermissionKey } from '../reports/report-catalog.js';

export const PASSWORD_RULE_MESSAGE =
  'Password must have at least 8 characters with an uppercase letter, a lowercase letter, a digit and one of $@^!%*#?&_';
export const NAME_RULE_MESSAGE = 'Name contains a character that is not allowed';

const pageKeys = new Set<string>([...PAGE_PERMISSION_KEYS, ...Object.keys(LEGACY_PAGE_NAMES)]);
const fineKeys = new Set<string>(FINE_PERMISSION_KEYS);

const unique = <T>(list: T[]) => [...new Set(list)];

export const pageList = z
  .array(z.string().refine((k) => pageKeys.has(k), { message: 'Unknown page permission' }))
  .max(200)
  .transform(unique);
/**
 * Fine-grained permissions, and report permissions: the report keys of the clients' report lists (spec 000 §6:
 * built dynamically, so the server checks them against the lists when they are given).
 */
export const finePermissionList = z
  .array(z.string().refine((k) => fineKeys.has(k) || isReportPermissionKey(k), { message: 'Unknown permission' }))
  .max(200)
  .transform(unique);

export const userSitesSchema = z.object({
  locations: z.array(z.string().max(100)).max(1000).transform(unique),
  foodcourts: z.array(z.string().max(100)).max(5000).transform(unique),
  restaurants: z.array(z.string().max(200)).max(20000).transform(unique),
});
export type UserSites = z.infer<typeof userSitesSchema>;

export const personName = z.string().trim().min(1, 'Enter a name').max(100).refine(isValidName, NAME_RULE_MESSAGE);

/** Page and fine-grained permissions: the part a permission profile sets. */
export const permissionSetSchema = z.object({
  admin: z.boolean().default(false),
  pagepermissionaccess: pageList,
  permissions: finePermissionList,
  read_only_access: pageList,
});

const userFields = z.object({
  name: personName,
  phone: z
    .string()
    .regex(/^\d{10}$/, 'Enter a 10-digit phone number')
    .or(z.literal(''))
    .nullable()
    .transform((v) => v || null),
  email: z
    .email('Enter a valid e-mail address')
    .max(254)
    .or(z.literal(''))
    .nullable()
    .transform((v) => (v ? v.toLowerCase() : null)),
  login_types: z.array(z.enum(LOGIN_TYPES)).min(1, 'Choose at least one sign-in method').transform(unique),
  only_sso_login: z.boolean(),
  mfa_enabled: z.boolean(),
  status: z.enum(['active', 'inactive']),
  sites: userSitesSchema,
  ...permissionSetSchema.shape,
});

type UserFieldValues = z.infer<typeof userFields> & { password?: string | null };

/** Cross-field rules of a user, shared by the form and the API. */
function userRules(v: UserFieldValues, ctx: z.RefinementCtx, passwordRequired: boolean) {
  const has = (t: (typeof LOGIN_TYPES)[number]) => v.login_types.includes(t);
  if (v.only_sso_login && (v.login_types.length !== 1 || !has('sso'))) {
    ctx.addIssue({
      code: 'custom',
      path: ['login_types'],
      message: 'An SSO-only user signs in by single sign-on only',
    });
  }
  if (has('phone') && !v.phone)
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Phone sign-in needs a phone number' });
  if ((has('email') || has('sso')) && !v.email) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'E-mail and SSO sign-in need an e-mail address' });
  }
  if (v.mfa_enabled && (!v.email || !has('phone'))) {
    ctx.addIssue({
      code: 'custom',
      path: ['mfa_enabled'],
      message: 'The second factor needs phone sign-in and an e-mail address',
    });
  }
  if (has('password') && passwordRequired && !v.password) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password sign-in needs a password' });
  }
  if (v.password && !isStrongPassword(v.password)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_RULE_MESSAGE });
  }
  const pages = new Set(v.pagepermissionaccess);
  if (!v.admin && v.read_only_access.some((p) => !pages.has(p))) {
    ctx.addIssue({
      code: 'custom',
      path: ['read_only_access'],
      message: 'Read-only pages must be among the pages given',
    });
  }
}

export const USERID_PATTERN = /^[A-Za-z0-9._@-]+$/;

/** POST /v2/bck/vendor/users */
export const createUserBody = userFields
  .extend({
    userid: z
      .string()
      .trim()
      .min(3, 'User id needs at least 3 characters')
      .max(100)
      .regex(USERID_PATTERN, 'User id may use letters, digits and . _ @ - only'),
    password: z.string().max(200).optional().nullable(),
    ...clientMeta,
  })
  .superRefine((v, ctx) => userRules(v, ctx, true));
export type CreateUserBody = z.input<typeof createUserBody>;

/** PUT /v2/bck/vendor/users/:userid — names the version it edited. */
export const updateUserBody = userFields
  .extend({
    version: versionNumber(),
    // A save names every field; a missing admin flag must not demote an administrator silently.
    admin: z.boolean({ error: 'admin: say whether the user is an administrator' }),
    /** Required to remove one's own admin flag: the form asks first. */
    confirm_remove_own_admin: z.boolean().optional(),
    ...clientMeta,
  })
  .superRefine((v, ctx) => userRules(v, ctx, false));
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** POST /v2/bck/vendor/users/:userid/password */
export const setPasswordBody = z.object({
  password: z.string().max(200).refine(isStrongPassword, PASSWORD_RULE_MESSAGE),
  ...clientMeta,
});

/** GET /v2/bck/vendor/users */
export const listUsersQuery = z.object({
  search: z.string().max(100).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  login_type: z.enum(LOGIN_TYPES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
});

/** A user as the API shows it (never the password hash). */
export type UserView = {
  userid: string;
  name: string;
  phone: string | null;
  email: string | null;
  login_types: (typeof LOGIN_TYPES)[number][];
  only_sso_login: boolean;
  mfa_enabled: boolean;
  admin: boolean;
  status: 'active' | 'inactive';
  pagepermissionaccess: string[];
  permissions: string[];
  read_only_access: string[];
  sites: UserSites;
  has_password: boolean;
  /**
   * The permission profile last applied to the user (issue 36: views shared with a profile reach its users), or
   * null. Answered by the list and one user's read.
   */
  permission_profile?: { id: number; name: string } | null;
  version: number;
  updated_at: string;
  updated_by: string | null;
};

/** Permission profiles: named permission sets applied to users. */
export const permissionProfileBody = permissionSetSchema.extend({
  name: z.string().trim().min(1, 'Enter a name').max(100).refine(isValidName, NAME_RULE_MESSAGE),
  version: versionNumber().optional(),
  ...clientMeta,
});
export type PermissionProfileBody = z.input<typeof permissionProfileBody>;

/** Site profiles: named sets of locations, food courts and restaurants. */
export const siteProfileBody = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(100).refine(isValidName, NAME_RULE_MESSAGE),
  sites: userSitesSchema,
  version: versionNumber().optional(),
  ...clientMeta,
});
export type SiteProfileBody = z.input<typeof siteProfileBody>;

/** POST …/:id/apply — gives the profile's permissions or sites to these users. */
export const applyProfileBody = z.object({
  userids: z.array(z.string().min(1).max(100)).min(1, 'Choose at least one user').max(1000),
  ...clientMeta,
});

export type ProfileView<T> = T & {
  id: number;
  name: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
};

/** AD / SSO users: corporate accounts that sign in by single sign-on only. */
export const adUserBody = z.object({
  userid: z
    .email('Enter the corporate e-mail address')
    .max(254)
    .transform((v) => v.toLowerCase()),
  name: personName,
  status: z.enum(['active', 'inactive']),
  version: versionNumber().optional(),
  ...clientMeta,
});
