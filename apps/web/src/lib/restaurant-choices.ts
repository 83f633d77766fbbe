import { useMemo } from 'react';
import type { LocationNode } from '@cd/core';
import { useLoginState } from './login-state';

export type RestaurantChoice = { restaurant: string; name: string; foodcourt: string };

/** The user's restaurants from the profile's organisation → food court → restaurant map, by food court. */
export function restaurantChoices(map: Record<string, LocationNode> | undefined): RestaurantChoice[] {
  const choices: RestaurantChoice[] = [];
  for (const location of Object.values(map ?? {}))
    for (const fc of Object.values(location.foodcourts))
      for (const r of fc.restaurants) choices.push({ restaurant: r.restaurant, name: r.name, foodcourt: fc.name });
  return choices.sort((a, b) => a.foodcourt.localeCompare(b.foodcourt) || a.name.localeCompare(b.name));
}

/** A restaurant's name from the same map, found without sorting every choice (and building a collator). */
export function restaurantNameIn(map: Record<string, LocationNode> | undefined, id: string): string | undefined {
  for (const location of Object.values(map ?? {}))
    for (const fc of Object.values(location.foodcourts))
      for (const r of fc.restaurants) if (r.restaurant === id) return r.name;
  return undefined;
}

/**
 * The signed-in user's restaurants. The shell opens only once the profile has loaded, and the profile call
 * keeps the login state's copy fresh, so no call of its own is needed.
 */
export function useRestaurantChoices(): RestaurantChoice[] {
  const { user } = useLoginState();
  const map = user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  return useMemo(() => restaurantChoices(map), [map]);
}
