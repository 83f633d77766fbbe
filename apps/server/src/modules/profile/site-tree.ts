import type { Db } from '../../db/client.js';
import { foodcourts, locations, restaurants, type UserRow } from '../../db/schema/index.js';

type RestaurantNode = { restaurant: string; name: string };
type FoodcourtNode = { foodcourt: string; name: string; restaurants: RestaurantNode[] };
type LocationNode = { location: string; name: string; foodcourts: Record<string, FoodcourtNode> };

/**
 * The user's organisation → food court → restaurant map. Admins see every site; others see the locations,
 * food courts and restaurants their profile lists (a listed location or food court brings all below it).
 */
export async function loadSiteTree(db: Db, user: UserRow) {
  const [locs, fcs, rests] = await Promise.all([
    db.select().from(locations).orderBy(locations.name),
    db.select().from(foodcourts).orderBy(foodcourts.name),
    db.select().from(restaurants).orderBy(restaurants.name),
  ]);
  const sites = user.sites;
  const locAllowed = (l: string) => user.admin || sites.locations.includes(l);
  const fcAllowed = (fc: string, l: string) => locAllowed(l) || sites.foodcourts.includes(fc);
  const fcLocation = new Map(fcs.map((f) => [f.foodcourt, f.location]));

  const map: Record<string, LocationNode> = {};
  const ensureLoc = (l: string) => {
    const loc = locs.find((x) => x.location === l);
    map[l] ??= { location: l, name: loc?.name ?? l, foodcourts: {} };
    return map[l];
  };
  const ensureFc = (fc: string) => {
    const f = fcs.find((x) => x.foodcourt === fc);
    if (!f) return undefined;
    const node = ensureLoc(f.location);
    node.foodcourts[fc] ??= { foodcourt: fc, name: f.name, restaurants: [] };
    return node.foodcourts[fc];
  };
  for (const f of fcs) if (fcAllowed(f.foodcourt, f.location)) ensureFc(f.foodcourt);
  for (const r of rests) {
    const l = fcLocation.get(r.foodcourt) ?? '';
    if (fcAllowed(r.foodcourt, l) || sites.restaurants.includes(r.restaurant)) {
      ensureFc(r.foodcourt)?.restaurants.push({ restaurant: r.restaurant, name: r.name });
    }
  }
  return { map, clientList: Object.keys(map) };
}
