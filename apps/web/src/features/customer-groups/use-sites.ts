import { useMemo } from 'react';
import type { LocationNode } from '@cd/core';
import { useLoginState } from '../../lib/login-state';

export type SiteOption = { id: string; name: string };
export type RestaurantOption = SiteOption & { foodcourt: string; foodcourtName: string };

/**
 * The user's food courts and their restaurants, from the profile's site map (the shell keeps it fresh), and a
 * site's name by id (the id itself when the map does not have it: a site no longer among the user's).
 */
export function useSites() {
  const map = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  return useMemo(() => {
    const courts = Object.values(map ?? {}).flatMap((l) => Object.values(l.foodcourts));
    const foodcourts: SiteOption[] = courts
      .map((f) => ({ id: f.foodcourt, name: f.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const restaurants: RestaurantOption[] = courts
      .flatMap((f) =>
        f.restaurants.map((r) => ({ id: r.restaurant, name: r.name, foodcourt: f.foodcourt, foodcourtName: f.name })),
      )
      .sort((a, b) => a.foodcourtName.localeCompare(b.foodcourtName) || a.name.localeCompare(b.name));
    const names = new Map<string, string>([
      ...foodcourts.map((f) => [f.id, f.name] as const),
      ...restaurants.map((r) => [r.id, r.name] as const),
    ]);
    return { foodcourts, restaurants, nameOf: (id: string) => names.get(id) ?? id };
  }, [map]);
}
