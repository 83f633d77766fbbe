import type { RestaurantFields } from './fields.js';

/**
 * Restaurant fields that carry a permission label (spec 001 §6: FSSAI No, Emails, Thumbnail Image, Dine in
 * Confirmation Message, Restaurant Not Available Message; and `rest_configured_session`, tied to the configured
 * session). Each is a fine permission of the restaurant page, on by default; without it the field is read-only
 * on a stored restaurant. A new restaurant may be filled in whole: its required fields need values.
 */
export const RESTAURANT_FIELD_PERMISSIONS = {
  fssai_no: 'fssai_no',
  admin_mailids: 'admin_mailids',
  thumbnail: 'thumbnail',
  confirmation_message_dinein: 'confirmation_message_dinein',
  rest_na_message: 'rest_na_message',
  configured_session: 'rest_configured_session',
} as const satisfies Partial<Record<keyof RestaurantFields, string>>;

export type PermissionLabelledField = keyof typeof RESTAURANT_FIELD_PERMISSIONS;

type Holder = { admin: boolean; permissions: readonly string[] };

/** The labelled fields a user may not change (admins hold every permission). */
export function lockedRestaurantFields(user: Holder): PermissionLabelledField[] {
  if (user.admin) return [];
  return (Object.keys(RESTAURANT_FIELD_PERMISSIONS) as PermissionLabelledField[]).filter(
    (field) => !user.permissions.includes(RESTAURANT_FIELD_PERMISSIONS[field]),
  );
}

/** The locked fields a save would change: what the server refuses (403, the field named). */
export function refusedRestaurantChanges(
  before: Pick<RestaurantFields, PermissionLabelledField>,
  after: Pick<RestaurantFields, PermissionLabelledField>,
  user: Holder,
): PermissionLabelledField[] {
  return lockedRestaurantFields(user).filter((field) => (before[field] ?? '') !== (after[field] ?? ''));
}
