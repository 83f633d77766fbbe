import type { FoodcourtNode, LocationNode, UserSites } from '@cd/core';

/**
 * The sites tree's tri-state rules. A ticked location (or food court) is stored whole — it includes what is
 * added under it later; a parent with only some of its children stored shows as indeterminate. Where the
 * editor does not hold a parent whole, ticking it stores its children instead, and it shows as ticked once
 * all of them are. Ids outside the editor's tree are kept untouched.
 */
export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

export type SiteGrants = {
  canGrantWholeLocation: (location: string) => boolean;
  canGrantWholeFoodcourt: (foodcourt: string, location: string) => boolean;
};

export const foodcourtsOf = (loc: LocationNode): FoodcourtNode[] =>
  Object.values(loc.foodcourts).sort((a, b) => a.name.localeCompare(b.name));

const without = (list: string[], remove: string[]) => list.filter((x) => !remove.includes(x));
const withAll = (list: string[], add: string[]) => [...list, ...add.filter((x) => !list.includes(x))];

export function restaurantChecked(sites: UserSites, loc: LocationNode, fc: FoodcourtNode, restaurant: string) {
  return (
    sites.locations.includes(loc.location) ||
    sites.foodcourts.includes(fc.foodcourt) ||
    sites.restaurants.includes(restaurant)
  );
}

export function foodcourtState(sites: UserSites, loc: LocationNode, fc: FoodcourtNode, grants: SiteGrants): CheckState {
  if (sites.locations.includes(loc.location) || sites.foodcourts.includes(fc.foodcourt)) return 'checked';
  const ticked = fc.restaurants.filter((r) => sites.restaurants.includes(r.restaurant)).length;
  if (ticked === 0) return 'unchecked';
  const wholeable = grants.canGrantWholeFoodcourt(fc.foodcourt, loc.location);
  return !wholeable && ticked === fc.restaurants.length ? 'checked' : 'indeterminate';
}

export function locationState(sites: UserSites, loc: LocationNode, grants: SiteGrants): CheckState {
  if (sites.locations.includes(loc.location)) return 'checked';
  const states = foodcourtsOf(loc).map((fc) => foodcourtState(sites, loc, fc, grants));
  if (states.every((s) => s === 'unchecked')) return 'unchecked';
  const wholeable = grants.canGrantWholeLocation(loc.location);
  return !wholeable && states.every((s) => s === 'checked') ? 'checked' : 'indeterminate';
}

function clearFoodcourt(sites: UserSites, fc: FoodcourtNode): UserSites {
  return {
    ...sites,
    foodcourts: without(sites.foodcourts, [fc.foodcourt]),
    restaurants: without(
      sites.restaurants,
      fc.restaurants.map((r) => r.restaurant),
    ),
  };
}

function selectFoodcourt(sites: UserSites, loc: LocationNode, fc: FoodcourtNode, grants: SiteGrants): UserSites {
  const cleared = clearFoodcourt(sites, fc);
  if (grants.canGrantWholeFoodcourt(fc.foodcourt, loc.location)) {
    return { ...cleared, foodcourts: withAll(cleared.foodcourts, [fc.foodcourt]) };
  }
  return {
    ...cleared,
    restaurants: withAll(
      cleared.restaurants,
      fc.restaurants.map((r) => r.restaurant),
    ),
  };
}

/** A whole location becomes its food courts, so that one part of it can be taken away. */
function breakLocation(sites: UserSites, loc: LocationNode, grants: SiteGrants, except: string): UserSites {
  let next: UserSites = { ...sites, locations: without(sites.locations, [loc.location]) };
  for (const fc of foodcourtsOf(loc)) {
    if (fc.foodcourt !== except) next = selectFoodcourt(next, loc, fc, grants);
  }
  return next;
}

export function toggleLocation(sites: UserSites, loc: LocationNode, grants: SiteGrants): UserSites {
  let next: UserSites = { ...sites, locations: without(sites.locations, [loc.location]) };
  for (const fc of foodcourtsOf(loc)) next = clearFoodcourt(next, fc);
  if (locationState(sites, loc, grants) === 'checked') return next;
  if (grants.canGrantWholeLocation(loc.location)) return { ...next, locations: [...next.locations, loc.location] };
  for (const fc of foodcourtsOf(loc)) next = selectFoodcourt(next, loc, fc, grants);
  return next;
}

export function toggleFoodcourt(sites: UserSites, loc: LocationNode, fc: FoodcourtNode, grants: SiteGrants): UserSites {
  if (foodcourtState(sites, loc, fc, grants) !== 'checked') return selectFoodcourt(sites, loc, fc, grants);
  const next = sites.locations.includes(loc.location) ? breakLocation(sites, loc, grants, fc.foodcourt) : sites;
  return clearFoodcourt(next, fc);
}

export function toggleRestaurant(
  sites: UserSites,
  loc: LocationNode,
  fc: FoodcourtNode,
  restaurant: string,
  grants: SiteGrants,
): UserSites {
  if (!restaurantChecked(sites, loc, fc, restaurant)) {
    return { ...sites, restaurants: withAll(sites.restaurants, [restaurant]) };
  }
  let next = sites.locations.includes(loc.location) ? breakLocation(sites, loc, grants, fc.foodcourt) : sites;
  if (sites.locations.includes(loc.location) || sites.foodcourts.includes(fc.foodcourt)) {
    // The food court was whole: keep its other restaurants one by one.
    next = clearFoodcourt(next, fc);
    const others = fc.restaurants.map((r) => r.restaurant).filter((r) => r !== restaurant);
    return { ...next, restaurants: withAll(next.restaurants, others) };
  }
  return { ...next, restaurants: without(next.restaurants, [restaurant]) };
}
