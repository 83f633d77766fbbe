import type { Db } from '../db/client.js';
import { foodcourts, locations, restaurants, type UserRow } from '../db/schema/index.js';

export type SiteScope = {
  all: boolean;
  locations: Set<string>;
  foodcourts: Set<string>;
  restaurants: Set<string>;
};

/**
 * The sites a user may see and change, expanded: a listed location brings its food courts and restaurants,
 * a listed food court its restaurants. Admins have every site.
 */
export async function loadSiteScope(db: Db, user: Pick<UserRow, 'admin' | 'sites'>): Promise<SiteScope> {
  const [locs, fcs, rests] = await Promise.all([
    db.select({ location: locations.location }).from(locations),
    db.select({ foodcourt: foodcourts.foodcourt, location: foodcourts.location }).from(foodcourts),
    db.select({ restaurant: restaurants.restaurant, foodcourt: restaurants.foodcourt }).from(restaurants),
  ]);
  return siteScopeOf(user, locs, fcs, rests);
}

/**
 * loadSiteScope on rows read already (the profile's site tree reads the same three tables with names, and builds
 * its scope from them rather than reading them twice).
 */
export function siteScopeOf(
  user: Pick<UserRow, 'admin' | 'sites'>,
  locs: readonly { location: string }[],
  fcs: readonly { foodcourt: string; location: string }[],
  rests: readonly { restaurant: string; foodcourt: string }[],
): SiteScope {
  if (user.admin) {
    return {
      all: true,
      locations: new Set(locs.map((l) => l.location)),
      foodcourts: new Set(fcs.map((f) => f.foodcourt)),
      restaurants: new Set(rests.map((r) => r.restaurant)),
    };
  }
  const locSet = new Set(user.sites.locations);
  const fcSet = new Set(user.sites.foodcourts);
  for (const f of fcs) if (locSet.has(f.location)) fcSet.add(f.foodcourt);
  const restSet = new Set(user.sites.restaurants);
  for (const r of rests) if (fcSet.has(r.foodcourt)) restSet.add(r.restaurant);
  return { all: false, locations: locSet, foodcourts: fcSet, restaurants: restSet };
}

/** Whether every site listed is within the scope (a user can give only the sites they have). */
export function sitesWithin(
  scope: SiteScope,
  sites: { locations: string[]; foodcourts: string[]; restaurants: string[] },
) {
  if (scope.all) return true;
  return (
    sites.locations.every((l) => scope.locations.has(l)) &&
    sites.foodcourts.every((f) => scope.foodcourts.has(f)) &&
    sites.restaurants.every((r) => scope.restaurants.has(r))
  );
}
