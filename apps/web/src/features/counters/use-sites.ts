import { useMemo } from 'react';
import type { LocationNode } from '@cd/core';
import { useLoginState } from '../../lib/login-state';

export type SiteOption = { id: string; name: string };

/**
 * The user's food courts and each one's restaurants, from the profile's site map, and a site's name by id (the
 * id itself when the map does not have it).
 */
export function useSites() {
  const map = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  return useMemo(() => {
    const courts = Object.values(map ?? {}).flatMap((l) => Object.values(l.foodcourts));
    const foodcourts: SiteOption[] = courts
      .map((f) => ({ id: f.foodcourt, name: f.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const restaurantsOf = (foodcourt: string): SiteOption[] =>
      (courts.find((f) => f.foodcourt === foodcourt)?.restaurants ?? []).map((r) => ({
        id: r.restaurant,
        name: r.name,
      }));
    const names = new Map<string, string>([
      ...foodcourts.map((f) => [f.id, f.name] as const),
      ...courts.flatMap((f) => f.restaurants.map((r) => [r.restaurant, r.name] as const)),
    ]);
    return { foodcourts, restaurantsOf, nameOf: (id: string | null) => (id ? (names.get(id) ?? id) : '') };
  }, [map]);
}
