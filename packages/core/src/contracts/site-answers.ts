import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import type { FoodcourtView, LocationView, RestaurantSummary } from './sites.js';

/** The answers of the site calls (organisations, food courts, restaurants): what the API description shows. */

export const auditFields = {
  version: z.number().int(),
  updated_at: z.string().meta({ description: 'ISO time of the last change' }),
  updated_by: z.string().nullable().meta({ description: 'User id of who changed it last' }),
};

export const locationRecordSchema = z.object({ location: z.string(), name: z.string(), ...auditFields });
export const locationViewSchema = locationRecordSchema.extend({
  foodcourt_count: z.number().int(),
  restaurant_count: z.number().int(),
}) satisfies z.ZodType<LocationView>;

export const foodcourtRecordSchema = z.object({
  foodcourt: z.string(),
  name: z.string(),
  location: z.string(),
  ...auditFields,
});
export const foodcourtViewSchema = foodcourtRecordSchema.extend({
  location_name: z.string(),
  restaurant_count: z.number().int(),
}) satisfies z.ZodType<FoodcourtView>;

export const restaurantSummarySchema = z.object({
  restaurant: z.string(),
  restid: z.string(),
  name: z.string(),
  foodcourt: z.string(),
  foodcourt_name: z.string(),
  location: z.string(),
  client: z.string(),
  status: z.string(),
  type: z.string(),
  hasdinein: z.boolean(),
  hasdelivery: z.boolean(),
  hide_restaurant: z.boolean(),
  thumbnail: z.string(),
  ...auditFields,
}) satisfies z.ZodType<RestaurantSummary>;

/**
 * One restaurant with every field (RestaurantView). Loose: the record carries the whole of spec 001 §3.1 and
 * the options of §3.2 (core's restaurantFieldsSchema is their definition); the description names the identity.
 */
export const restaurantViewSchema = z.looseObject({
  restaurant: z.string(),
  restid: z.string(),
  name: z.string(),
  foodcourt: z.string(),
  location: z.string(),
  options: z.record(z.string(), z.unknown()).meta({ description: 'Restaurant options (spec 001 §3.2)' }),
  ...auditFields,
});

export const locationAnswer = successEnvelope({ message: z.string(), location: locationRecordSchema });
export const foodcourtAnswer = successEnvelope({ message: z.string(), foodcourt: foodcourtRecordSchema });
export const foodcourtOneAnswer = successEnvelope({ foodcourt: foodcourtRecordSchema });
export const restaurantOneAnswer = successEnvelope({ restaurant: restaurantViewSchema });
export const restaurantAnswer = successEnvelope({ message: z.string(), restaurant: restaurantViewSchema });
export const restaurantSettingsAnswer = successEnvelope({
  message: z.string(),
  extras: z.object({ code: z.string() }),
  restaurant: restaurantViewSchema,
});
export const clientsAnswer = successEnvelope({ clients: z.array(z.object({ client: z.string(), name: z.string() })) });
export const pathsAnswer = successEnvelope({ data: z.array(z.object({ id: z.number().int(), pathid: z.string() })) });
