import { useMemo } from 'react';
import type { LocationNode } from '@cd/core';
import { useLoginState } from '../../lib/login-state';
import { restaurantChoices } from '../../lib/restaurant-choices';

export type SiteOption = { id: string; name: string };

/**
 * The sites a posting rule may name, from the user's site map: clients (locations), food courts and restaurants
 * ("Noodle House · Riverside Kitchen"), and each one's name by id (the id itself when the map does not have it).
 */
export function useSites() {
  const map = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  return useMemo(() => {
    const locations = Object.values(map ?? {});
    const clients: SiteOption[] = locations.map((l) => ({ id: l.location, name: l.name }));
    const foodcourts: SiteOption[] = locations.flatMap((l) =>
      Object.values(l.foodcourts).map((f) => ({ id: f.foodcourt, name: f.name })),
    );
    const restaurants: SiteOption[] = restaurantChoices(map).map((r) => ({
      id: r.restaurant,
      name: `${r.name} · ${r.foodcourt}`,
    }));
    const names = new Map([...clients, ...foodcourts, ...restaurants].map((s) => [s.id, s.name]));
    return { clients, foodcourts, restaurants, nameOf: (id: string) => names.get(id) ?? id };
  }, [map]);
}
