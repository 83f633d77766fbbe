import { z } from 'zod';
import { clientMeta } from './envelope.js';
import { restaurantFieldsSchema, type RestaurantFields } from '../restaurant/fields.js';
import { restaurantOptionsSchema } from '../restaurant/options.js';
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
  version: z.number().int().positive().optional(),
  ...clientMeta,
});

/** POST /v2/bck/vendor/foodcourt (add_foodcourt), PUT /v2/bck/vendor/foodcourt/:foodcourt */
export const foodcourtBody = z.object({
  foodcourt: siteId,
  location: z.string().min(1, 'Choose an organisation').max(60),
  name: siteName,
  version: z.number().int().positive().optional(),
  ...clientMeta,
});

/** POST /v2/bck/vendor/restaurant (add_restaurant), PUT /v2/bck/vendor/restaurant/:restaurant */
export const restaurantBody = restaurantFieldsSchema.extend({
  foodcourt: z.string().min(1, 'Choose a food court').max(60),
  version: z.number().int().positive().optional(),
  ...clientMeta,
});
export type RestaurantBody = z.input<typeof restaurantBody>;

/** The restaurant settings-update call (availability dialog): action=update, restaurantid, the fields. */
export const restaurantSettingsBody = z.object({
  action: z.literal('update'),
  restaurantid: z.string().min(1).max(200),
  version: z.number().int().positive(),
  settings: restaurantOptionsSchema
    .pick({
      non_available_days: true,
      non_available_days_msg: true,
      non_available_dates: true,
      non_available_dates_msg: true,
    })
    .partial(),
  ...clientMeta,
});

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
