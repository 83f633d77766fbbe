import { z } from 'zod';
import { clientBrandingSchema, clientFlagsSchema } from '../branding.js';
import { LOGIN_TYPES } from './auth.js';
import { successEnvelope } from './envelope.js';
import { listAnswerSchema } from './list.js';
import { auditFields } from './site-answers.js';
import type { UserView } from './users.js';

/** The answers of user management (users, AD users, permission and site profiles, the profile call). */

/** Sites as stored and answered (the request schema userSitesSchema also de-duplicates). */
export const userSitesAnswer = z.object({
  locations: z.array(z.string()),
  foodcourts: z.array(z.string()),
  restaurants: z.array(z.string()),
});

export const userViewSchema = z.object({
  userid: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  login_types: z.array(z.enum(LOGIN_TYPES)),
  only_sso_login: z.boolean(),
  mfa_enabled: z.boolean(),
  admin: z.boolean(),
  status: z.enum(['active', 'inactive']),
  pagepermissionaccess: z.array(z.string()),
  permissions: z.array(z.string()),
  read_only_access: z.array(z.string()),
  sites: userSitesAnswer,
  has_password: z.boolean(),
  permission_profile: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .optional()
    .meta({ description: 'The permission profile last applied to the user (its shared views reach them)' }),
  ...auditFields,
}) satisfies z.ZodType<UserView>;

export const userListAnswer = listAnswerSchema('users', userViewSchema);
export const userAnswer = successEnvelope({ user: userViewSchema });
export const userSavedAnswer = successEnvelope({ message: z.string(), user: userViewSchema });

const profileFields = { id: z.number().int(), name: z.string(), created_at: z.string(), ...auditFields };
export const permissionProfileSchema = z.object({
  ...profileFields,
  admin: z.boolean(),
  pagepermissionaccess: z.array(z.string()),
  permissions: z.array(z.string()),
  read_only_access: z.array(z.string()),
});
export const siteProfileSchema = z.object({ ...profileFields, sites: userSitesAnswer });

/** Permission or site profile answers: the list, a saved profile, applying one to users. */
export function profileAnswers<T extends typeof permissionProfileSchema | typeof siteProfileSchema>(profile: T) {
  return {
    list: listAnswerSchema('profiles', profile),
    saved: successEnvelope({ message: z.string(), profile }),
    applied: successEnvelope({ message: z.string(), updated: z.number().int() }),
  };
}

const restaurantNode = z.object({ restaurant: z.string(), name: z.string() });
const foodcourtNode = z.object({ foodcourt: z.string(), name: z.string(), restaurants: z.array(restaurantNode) });
const locationNode = z.object({
  location: z.string(),
  name: z.string(),
  foodcourts: z.record(z.string(), foodcourtNode),
});

/** POST /vendor/details (VendorProfile). */
export const vendorProfileAnswer = successEnvelope({
  userid: z.string(),
  name: z.string(),
  client_list: z.array(z.string()),
  loc2fc2rest_details_map: z.record(z.string(), locationNode),
  permittedClients: z.array(z.object({ client: z.string(), name: z.string(), branding: clientBrandingSchema })),
  vendorextras: z.object({
    permissions: z.array(z.string()),
    pagepermissionaccess: z.array(z.string()),
    admin: z.boolean(),
    controldesk_feedback: z.array(z.string()),
    imdaccess: z.boolean(),
    login_types: z.array(z.enum(LOGIN_TYPES)),
    only_sso_login: z.boolean(),
    status: z.enum(['active', 'inactive']),
    read_only_access: z.array(z.string()),
  }),
});

/** POST /pos_restaurants */
export const posRestaurantsAnswer = successEnvelope({
  restaurants: z.array(
    z.object({ restaurant: z.string(), name: z.string(), foodcourt: z.string(), location: z.string() }),
  ),
});

const labelled = z.record(z.string(), z.looseObject({ label: z.string() }));
/** POST /get_client_data: client settings are open-ended JSON, so their parts are loose. */
export const clientDataAnswer = successEnvelope({
  client_settings: z.record(
    z.string(),
    z.looseObject({
      name: z.string(),
      foodcourtfields: z.record(z.string(), z.unknown()),
      restaurantfields: z.record(z.string(), z.unknown()),
      notificationrelateddata: z.record(z.string(), z.unknown()),
      modulefeedbackdata: z.record(z.string(), z.unknown()),
      reportListJSON: z.looseObject({
        generalReport: labelled,
        standardSalesReport: labelled,
        standardItemWiseReport: labelled,
      }),
      reportPermission: z.array(z.string()),
      flags: clientFlagsSchema,
    }),
  ),
  taxes_to_apply: z.array(z.looseObject({ id: z.string(), name: z.string(), percentage: z.number() })),
  counter_permissions: z.array(z.string()),
});

/** GET /get_last_bq_sync_time */
export const lastSyncAnswer = successEnvelope({ last_bqsync_time: z.string().nullable() });
