import { useMemo } from 'react';
import type { LocationNode } from '@cd/core';
import { useLoginState } from '../../lib/login-state';

/** The name of a food court or restaurant from the profile's site map (the id when the map does not have it). */
export function useSiteNames() {
  const map = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const l of Object.values(map ?? {}))
      for (const f of Object.values(l.foodcourts)) {
        names.set(f.foodcourt, f.name);
        for (const r of f.restaurants) names.set(r.restaurant, r.name);
      }
    return (id: string | null | undefined) => (id ? (names.get(id) ?? id) : '');
  }, [map]);
}
