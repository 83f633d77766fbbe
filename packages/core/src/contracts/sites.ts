import { z } from 'zod';
import { versionNumber } from '../numbers.js';
import { clientMeta } from './envelope.js';
import { restaurantFieldsSchema, type RestaurantFields } from '../restaurant/fields.js';
import { ddmmyyyy, WEEKDAYS } from '../restaurant/options.js';
import { isValidKey, isValidName } from '../validation.js';
import { NAME_RULE_MESSAGE } from './users.js';

const siteId = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'Enter an id of at least 2 characters')
  .max(60)
  .refine((v) => isValidKey(v.replace(/-/g, '_')), 'Use lowercase letters, digits, - and _ only');
const siteName = z.string().trim().min(1, 'Enter a name').max(120).refine(isValidName, NAME_RULE_MESSAGE);

/** List pages: search, filters and paging in the URL (GET …?search=&page=&page_size=). */
export const siteListQuery = z.object({
  search: z.string().max(100).optional(),
  location: z.string().max(60).optional(),
  foodcourt: z.string().max(60).optional(),
  status: z.string().max(20).optional(),
  client: z.string().max(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
});

/** POST /v2/bck/vendor/location (add_location), PUT /v2/bck/vendor/location/:location */
export const locationBody = z.object({
  location: siteId,
  name: siteName,
  version: versionNumber().optional(),
  ...clientMeta,
});

/** POST /v2/bck/vendor/foodcourt (add_foodcourt), PUT /v2/bck/vendor/foodcourt/:foodcourt */
export const foodcourtBody = z.object({
  foodcourt: siteId,
  location: z.string().min(1, 'Choose an organisation').max(60),
  name: siteName,
  version: versionNumber().optional(),
  ...clientMeta,
});

/** POST /v2/bck/vendor/restaurant (add_restaurant), PUT /v2/bck/vendor/restaurant/:restaurant */
export const restaurantBody = restaurantFieldsSchema.extend({
  /**
   * Required as the form marks it (spec 001 §5.1): no default here, so a body without it is refused with the
   * form's "This field is required" (core's requiredFields) rather than stored as 0. Stored restaurants made
   * before it was required still read as 0 (restaurantFieldsSchema keeps the default).
   */
  restaurant_wise_order_capacity: z
    .number()
    .int()
    .min(0)
    .nullish()
    .meta({ description: 'Order capacity; required (a missing or null value: 400 "This field is required")' }),
  foodcourt: z.string().min(1, 'Choose a food court').max(60),
  version: versionNumber().optional(),
  ...clientMeta,
});
export type RestaurantBody = z.input<typeof restaurantBody>;
/** A restaurant's fields as the API receives them: the order capacity may be missing (refused by the checks). */
export type RestaurantInput = Omit<RestaurantFields, 'restaurant_wise_order_capacity'> & {
  restaurant_wise_order_capacity?: number | null;
};

/**
 * The availability options the settings-update call may change, each without a default: an update changes
 * only the fields it names (issue 23: a default here once emptied the closed days when only a message came).
 */
const availabilityPatchShape = {
  non_available_days: z.array(z.enum(WEEKDAYS)).max(WEEKDAYS.length),
  non_available_days_msg: z.string().max(500),
  non_available_dates: z.array(ddmmyyyy).max(366),
  non_available_dates_msg: z.string().max(500),
};
export type AvailabilityKey = keyof typeof availabilityPatchShape;
export const AVAILABILITY_KEYS = Object.keys(availabilityPatchShape) as AvailabilityKey[];
export type AvailabilityPatch = Partial<{ [K in AvailabilityKey]: z.infer<(typeof availabilityPatchShape)[K]> }>;

/** Each field under its own name and under the `rest_` name the settings store uses (spec 001 §3.2). */
const availabilityFields = Object.fromEntries(
  AVAILABILITY_KEYS.flatMap((key) => [
    [key, availabilityPatchShape[key].optional()],
    [`rest_${key}`, availabilityPatchShape[key].optional()],
  ]),
) as unknown as { [K in AvailabilityKey | `rest_${AvailabilityKey}`]: z.ZodOptional<z.ZodType<unknown>> };

/** The fields of a settings-update body in one patch, whichever of its forms named them. */
export function availabilityPatchOf(body: Record<string, unknown>): AvailabilityPatch {
  const patch: Record<string, unknown> = {};
  const sources = [body, (body.settings ?? {}) as Record<string, unknown>];
  for (const source of sources) {
    for (const key of AVAILABILITY_KEYS) {
      for (const name of [key, `rest_${key}`]) if (source[name] !== undefined) patch[key] = source[name];
    }
  }
  return patch as AvailabilityPatch;
}

/**
 * The restaurant settings-update call (spec 001 §7: the availability fields plus action=update and
 * restaurantid). The fields may come at the top level, as the spec sends them, or inside `settings`, with or
 * without the `rest_` prefix. A key this call does not know is refused with its name, never dropped; a field
 * named twice with two values is refused; at least one field must be named.
 */
export const restaurantSettingsBody = z
  .strictObject({
    action: z.literal('update'),
    restaurantid: z.string().min(1).max(200),
    version: versionNumber(),
    settings: z.strictObject(availabilityFields).optional(),
    ...availabilityFields,
    ...clientMeta,
  })
  .superRefine((body, ctx) => {
    const seen = new Map<string, string>();
    const sources: [string, Record<string, unknown>][] = [
      ['', body],
      ['settings.', (body.settings ?? {}) as Record<string, unknown>],
    ];
    for (const [prefix, source] of sources) {
      for (const key of AVAILABILITY_KEYS) {
        for (const name of [key, `rest_${key}`]) {
          if (source[name] === undefined) continue;
          const value = JSON.stringify(source[name]);
          const before = seen.get(key);
          if (before !== undefined && before !== value) {
            ctx.addIssue({
              code: 'custom',
              path: [...(prefix ? ['settings'] : []), name],
              message: `${key} is given twice with different values`,
            });
          }
          seen.set(key, value);
        }
      }
    }
    if (seen.size === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: `Name at least one of ${AVAILABILITY_KEYS.join(', ')}` });
    }
  });
export type RestaurantSettingsBody = z.infer<typeof restaurantSettingsBody>;

export type SiteAudit = { version: number; updated_at: string; updated_by: string | null };

export type LocationView = SiteAudit & {
  location: string;
  name: string;
  foodcourt_count: number;
  restaurant_count: number;
};
export type FoodcourtView = SiteAudit & {
  foodcourt: string;
  name: string;
  location: string;
  location_name: string;
  restaurant_count: number;
};
export type RestaurantSummary = SiteAudit & {
  restaurant: string;
  restid: string;
  name: string;
  foodcourt: string;
  foodcourt_name: string;
  location: string;
  client: string;
  status: string;
  type: string;
  hasdinein: boolean;
  hasdelivery: boolean;
  hide_restaurant: boolean;
  thumbnail: string;
};
export type RestaurantView = SiteAudit & RestaurantFields & { restaurant: string; foodcourt: string; location: string };
