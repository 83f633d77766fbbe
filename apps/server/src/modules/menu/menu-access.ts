import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { foodcourts, restaurants, type UserRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { menuStampSql } from './menu-cache.js';

import type { Actor } from '../../lib/actor.js';

export type { Actor };

/** The restaurant a menu call works on: what the menu needs of it, read in one query. */
export type MenuRestaurant = {
  restaurant: string;
  restid: string;
  name: string;
  /** The restaurant's client ('' when it has none): its settings flags shape the item editor. */
  client: string;
  foodcourt: string;
  location: string;
  currency: string;
  /** The price-book path id (`pathid`), or 'none'. */
  pricebook_path: string;
  /** Changes whenever the menu read of this restaurant may change (menu-cache.ts). */
  stamp: string;
};

export const holds = (user: UserRow, permission: string) => user.admin || user.permissions.includes(permission);

/** Whether the user's sites (a location, its food courts, their restaurants) include this restaurant. */
export function withinSites(
  user: Pick<UserRow, 'admin' | 'sites'>,
  r: Pick<MenuRestaurant, 'restaurant' | 'foodcourt' | 'location'>,
) {
  if (user.admin) return true;
  return (
    user.sites.restaurants.includes(r.restaurant) ||
    user.sites.foodcourts.includes(r.foodcourt) ||
    user.sites.locations.includes(r.location)
  );
}

/**
 * Loads one restaurant and checks the caller may work on it: 404 when it does not exist, 403 (siteNotAllowed)
 * when it is outside the caller's sites. One indexed query; the site tree is never loaded.
 */
export async function loadMenuRestaurant(db: DbOrTx, id: string, user: UserRow): Promise<MenuRestaurant> {
  const [row] = await db
    .select({
      restaurant: restaurants.restaurant,
      restid: restaurants.restid,
      name: restaurants.name,
      client: restaurants.client,
      foodcourt: restaurants.foodcourt,
      location: foodcourts.location,
      currency: sql<string | null>`${restaurants.details}->>'currency'`,
      pricebook_path: sql<string | null>`${restaurants.details}->>'pricebook_path'`,
      stamp: menuStampSql,
    })
    .from(restaurants)
    .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
    .where(eq(restaurants.restaurant, id));
  if (!row) throw notFound('restaurantNotFound', `Restaurant ${id} does not exist`);
  if (!withinSites(user, row)) {
    throw new AppError(403, 'siteNotAllowed', `Restaurant ${id} is not one of your sites`);
  }
  return {
    ...row,
    client: row.client ?? '',
    currency: row.currency ?? '',
    pricebook_path: row.pricebook_path || 'none',
  };
}

/** The part of a restaurant id after the colon (`fc-blr-atrium:spice_route` → `spice_route`). */
export const restidOf = (r: Pick<MenuRestaurant, 'restaurant' | 'restid'>) =>
  r.restid || r.restaurant.slice(r.restaurant.indexOf(':') + 1);
