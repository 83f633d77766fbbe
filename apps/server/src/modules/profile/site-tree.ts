import type { LocationNode } from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodcourts, locations, restaurants, type UserRow } from '../../db/schema/index.js';
import { siteScopeOf } from '../../lib/site-scope.js';

/**
 * The user's organisation → food court → restaurant map (profile's loc2fc2rest_details_map), built from the
 * same site scope every route checks (lib/site-scope.ts, on the rows read here): a listed location or food court
 * brings all below it.
 */
export async function loadSiteTree(db: Db, user: UserRow) {
  const [locs, fcs, rests] = await Promise.all([
    db.select({ location: locations.location, name: locations.name }).from(locations).orderBy(locations.name),
    db
      .select({ foodcourt: foodcourts.foodcourt, name: foodcourts.name, location: foodcourts.location })
      .from(foodcourts)
      .orderBy(foodcourts.name),
    // Only the columns the tree needs: a restaurant row also carries its settings JSON.
    db
      .select({
        restaurant: restaurants.restaurant,
        name: restaurants.name,
        foodcourt: restaurants.foodcourt,
        client: restaurants.client,
      })
      .from(restaurants)
      .orderBy(restaurants.name),
  ]);
  // The scope every route checks, from the same rows (not read a second time).
  const scope = siteScopeOf(user, locs, fcs, rests);
  const locName = new Map(locs.map((l) => [l.location, l.name]));
  const fcByid = new Map(fcs.map((f) => [f.foodcourt, f]));
  const map: Record<string, LocationNode> = {};
  const node = (fc: string) => {
    const f = fcByid.get(fc)!;
    map[f.location] ??= { location: f.location, name: locName.get(f.location) ?? f.location, foodcourts: {} };
    map[f.location]!.foodcourts[fc] ??= { foodcourt: fc, name: f.name, restaurants: [] };
    return map[f.location]!.foodcourts[fc]!;
  };
  for (const f of fcs) if (scope.foodcourts.has(f.foodcourt)) node(f.foodcourt);
  for (const r of rests)
    if (scope.restaurants.has(r.restaurant))
      node(r.foodcourt).restaurants.push({ restaurant: r.restaurant, name: r.name });
  return {
    map,
    scope,
    /** Names of the food courts and restaurants read (the dashboard names its counters' sites with them). */
    names: {
      foodcourts: new Map(fcs.map((f) => [f.foodcourt, f.name])),
      restaurants: new Map(rests.map((r) => [r.restaurant, r.name])),
    },
    clientList: [
      ...new Set(rests.filter((r) => scope.restaurants.has(r.restaurant) && r.client).map((r) => r.client!)),
    ],
  };
}
