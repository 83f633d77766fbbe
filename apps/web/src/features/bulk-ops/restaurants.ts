import { useMemo } from 'react';
import type { LocationNode } from '@cd/core';
import { useLoginState } from '../../lib/login-state';
import { useProfile } from '../auth';
import { holdsFrom, type Holds } from './permissions';

export type RestaurantChoice = { restaurant: string; name: string; foodcourt: string };

/** The user's restaurants from the profile's organisation → food court → restaurant map, by food court. */
export function restaurantChoices(map: Record<string, LocationNode> | undefined): RestaurantChoice[] {
  const choices: RestaurantChoice[] = [];
  for (const location of Object.values(map ?? {}))
    for (const fc of Object.values(location.foodcourts))
      for (const r of fc.restaurants) choices.push({ restaurant: r.restaurant, name: r.name, foodcourt: fc.name });
  return choices.sort((a, b) => a.foodcourt.localeCompare(b.foodcourt) || a.name.localeCompare(b.name));
}

/** The signed-in user's restaurants and fine permissions: the fresh profile once loaded, else the stored copy. */
export function useBulkOpsUser(): { choices: RestaurantChoice[]; holds: Holds; loading: boolean } {
  const profile = useProfile();
  const { user } = useLoginState();
  const source = profile.data ?? user;
  const map = source?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  const extras = source?.vendorextras;
  const choices = useMemo(() => restaurantChoices(map), [map]);
  const holds = useMemo(() => holdsFrom(extras), [extras]);
  return { choices, holds, loading: profile.isPending };
}
