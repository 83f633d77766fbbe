import { useMemo } from 'react';
import type { LocationNode } from '@cd/core';
import { useLoginState } from './login-state';

export type Site = { id: string; name: string };
export type UserRestaurant = Site & { foodcourt: string; foodcourtName: string };
/** A choice for a dropdown (MultiSelectDropdown and the like). */
export type SiteOption = { value: string; label: string };

/**
 * The signed-in user's sites, from the profile's organisation → food court → restaurant map (the shell opens
 * only once the profile has loaded, and the profile call keeps the login state's copy fresh):
 * - `foodcourts` by name, and the same as `foodcourtOptions`;
 * - `restaurants` with their food court, by food court name and then by name;
 * - `restaurantsOf(foodcourt)`: one food court's restaurants, in the map's order;
 * - `restaurantOptions(within)`: the restaurants of these food courts (all the user's when none), by food court
 *   and name, each labelled with its food court unless exactly one food court is asked for;
 * - `nameOf(id)`: a site's name by id (the id itself when the map does not have it, a site no longer among the
 *   user's; '' for no id).
 */
export function useUserSites() {
  const map = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  return useMemo(() => {
    const courts = Object.values(map ?? {})
      .flatMap((l) => Object.values(l.foodcourts))
      .sort((a, b) => a.name.localeCompare(b.name));
    const foodcourts: Site[] = courts.map((f) => ({ id: f.foodcourt, name: f.name }));
    const foodcourtOptions: SiteOption[] = foodcourts.map((f) => ({ value: f.id, label: f.name }));
    const restaurants: UserRestaurant[] = courts.flatMap((f) =>
      f.restaurants
        .map((r) => ({ id: r.restaurant, name: r.name, foodcourt: f.foodcourt, foodcourtName: f.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    const restaurantsOf = (foodcourt: string): Site[] =>
      (courts.find((f) => f.foodcourt === foodcourt)?.restaurants ?? []).map((r) => ({
        id: r.restaurant,
        name: r.name,
      }));
    const restaurantOptions = (within: readonly string[] = []): SiteOption[] =>
      restaurants
        .filter((r) => within.length === 0 || within.includes(r.foodcourt))
        .map((r) => ({ value: r.id, label: within.length === 1 ? r.name : `${r.name} (${r.foodcourtName})` }));
    const names = new Map<string, string>([
      ...foodcourts.map((f) => [f.id, f.name] as const),
      ...restaurants.map((r) => [r.id, r.name] as const),
    ]);
    const nameOf = (id: string | null | undefined) => (id ? (names.get(id) ?? id) : '');
    return { foodcourts, foodcourtOptions, restaurants, restaurantsOf, restaurantOptions, nameOf };
  }, [map]);
}

export type UserSites = ReturnType<typeof useUserSites>;
