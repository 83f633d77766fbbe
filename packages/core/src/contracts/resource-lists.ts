import { z } from 'zod';
import { LOGIN_TYPES } from './auth.js';
import { exportQuerySchema, listQuerySchema, wholeListQuerySchema } from './list.js';

/**
 * Each resource list's sortable columns, filters and query (the list contract is in list.ts). The web's list
 * frame takes its sort choices from these; the server refuses any other `sort` with 400.
 */

const id = z.string().max(60);
const flag = z.enum(['true', 'false']);

// Organisations: GET /vendor/location → { locations: LocationView[], total, page, page_size }
export const LOCATION_SORT = [
  'location',
  'name',
  'foodcourt_count',
  'restaurant_count',
  'updated_at',
  'updated_by',
] as const;
export const locationListQuery = listQuerySchema(LOCATION_SORT);
export const locationExportQuery = exportQuerySchema(LOCATION_SORT);

// Food courts: GET /vendor/foodcourt → { foodcourts: FoodcourtView[], … }
export const FOODCOURT_SORT = [
  'foodcourt',
  'name',
  'location',
  'location_name',
  'restaurant_count',
  'updated_at',
  'updated_by',
] as const;
const foodcourtFilters = { location: id.optional() };
export const foodcourtListQuery = listQuerySchema(FOODCOURT_SORT, foodcourtFilters);
export const foodcourtExportQuery = exportQuerySchema(FOODCOURT_SORT, foodcourtFilters);

// Restaurants: GET /vendor/restaurant → { restaurants: RestaurantSummary[], … }
export const RESTAURANT_SORT = [
  'restaurant',
  'restid',
  'name',
  'foodcourt',
  'foodcourt_name',
  'location',
  'client',
  'status',
  'type',
  'updated_at',
  'updated_by',
] as const;
const restaurantFilters = {
  location: id.optional(),
  foodcourt: id.optional(),
  status: z.string().max(20).optional(),
  client: id.optional(),
};
export const restaurantListQuery = listQuerySchema(RESTAURANT_SORT, restaurantFilters);
export const restaurantExportQuery = exportQuerySchema(RESTAURANT_SORT, restaurantFilters);

// Allergens: GET /allergens → AllergensResponse & { total } (whole unless paged: the item editor reads it whole)
export const ALLERGEN_SORT = ['code', 'name', 'sequence', 'regulated'] as const;
const allergenFilters = {
  /** Item counts walk every item's allergens, so only the allergen page asks for them. */
  counts: flag.default('false'),
  regulated: flag.optional(),
};
export const allergenListQuery = wholeListQuerySchema(ALLERGEN_SORT, allergenFilters);
export const allergenExportQuery = exportQuerySchema(ALLERGEN_SORT, { regulated: flag.optional() });

// Permission and site profiles: GET /permission_profiles, /site_profiles → { profiles, total } (whole unless paged)
export const PROFILE_SORT = ['id', 'name', 'updated_at', 'updated_by'] as const;
export const profileListQuery = wholeListQuerySchema(PROFILE_SORT);
export const profileExportQuery = exportQuerySchema(PROFILE_SORT);

// Categories of a restaurant: GET /vendor/category?restaurant= → { categories, total } (whole unless paged)
export const CATEGORY_SORT = ['id', 'name', 'sequence', 'item_count', 'updated_at', 'updated_by'] as const;
const categoryFilters = { restaurant: z.string().min(1).max(200) };
export const categoryListQuery = wholeListQuerySchema(CATEGORY_SORT, categoryFilters);
export const categoryExportQuery = exportQuerySchema(CATEGORY_SORT, categoryFilters);

// Users: GET /vendor/users → { users: UserView[], total, page, page_size }
export const USER_SORT = ['userid', 'name', 'email', 'phone', 'status', 'updated_at', 'updated_by'] as const;
const userFilters = {
  status: z.enum(['active', 'inactive']).optional(),
  login_type: z.enum(LOGIN_TYPES).optional(),
};
export const userListQuery = listQuerySchema(USER_SORT, userFilters);
export const userExportQuery = exportQuerySchema(USER_SORT, userFilters);

// AD (SSO) users: GET /ad_users → { users, total } (whole unless paged)
const adUserFilters = { status: z.enum(['active', 'inactive']).optional() };
export const adUserListQuery = wholeListQuerySchema(USER_SORT, adUserFilters);
export const adUserExportQuery = exportQuerySchema(USER_SORT, adUserFilters);
