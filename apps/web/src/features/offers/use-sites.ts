import { useMemo } from 'react';
import type { LocationNode } from '@cd/core';
import { useLoginState } from '../../lib/login-state';

export type SiteOption = { value: string; label: string };

/**
 * The user's food courts and restaurants from the profile's site map (the shell keeps it fresh): options for the
 * site conditions of offers and upsell rules, the restaurants of chosen food courts, and a site's name by id.
 */
export function useSites() {
  const map = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  return useMemo(() => {
    const courts = Object.values(map ?? {})
      .flatMap((l) => Object.values(l.foodcourts))
      .sort((a, b) => a.name.localeCompare(b.name));
    const foodcourts: SiteOption[] = courts.map((f) => ({ value: f.foodcourt, label: f.name }));
    /** The restaurants of these food courts (all the user's when none), labelled with their food court. */
    const restaurantsOf = (within: readonly string[] = []): SiteOption[] =>
      courts
        .filter((f) => within.length === 0 || within.includes(f.foodcourt))
        .flatMap((f) =>
          [...f.restaurants]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((r) => ({ value: r.restaurant, label: within.length === 1 ? r.name : `${r.name} (${f.name})` })),
        );
    const names = new Map<string, string>([
      ...courts.map((f) => [f.foodcourt, f.name] as const),
      ...courts.flatMap((f) => f.restaurants.map((r) => [r.restaurant, r.name] as const)),
    ]);
    return { foodcourts, restaurantsOf, nameOf: (id: string) => names.get(id) ?? id };
  }, [map]);
}
