import { useQuery } from '@tanstack/react-query';
import {
  FOODCOURT_SORT,
  LOCATION_SORT,
  RESTAURANT_SORT,
  type FoodcourtView,
  type LocationView,
  type RestaurantSummary,
} from '@cd/core';
import { apiGet } from '../../lib/api-client';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type LocationValues = { location: string; name: string };
export type FoodcourtValues = { foodcourt: string; location: string; name: string };
export type ClientOption = { client: string; name: string };

// The three lists share the root `sites`: a change to one shows in the others (names, counts).
const SITES = ['sites'] as const;

/** GET/POST /vendor/location, PUT /vendor/location/:location, GET /vendor/location/export. */
export const locationApi = makeResourceApi<LocationView, LocationValues>({
  key: [...SITES, 'location'],
  path: 'vendor/location',
  rowsField: 'locations',
  rowField: 'location',
  idOf: (row) => row.location,
  alsoInvalidates: [SITES],
});

/** GET/POST /vendor/foodcourt, PUT /vendor/foodcourt/:foodcourt, GET /vendor/foodcourt/export. */
export const foodcourtApi = makeResourceApi<FoodcourtView, FoodcourtValues>({
  key: [...SITES, 'foodcourt'],
  path: 'vendor/foodcourt',
  rowsField: 'foodcourts',
  rowField: 'foodcourt',
  idOf: (row) => row.foodcourt,
  alsoInvalidates: [SITES],
});

/** GET /vendor/restaurant (the list; the restaurant form saves through its own calls). */
export const restaurantListApi = makeResourceApi<RestaurantSummary, object>({
  key: [...SITES, 'restaurant'],
  path: 'vendor/restaurant',
  rowsField: 'restaurants',
  rowField: 'restaurant',
  idOf: (row) => row.restaurant,
  fetchOne: async (id, signal) =>
    (await apiGet<{ restaurant: RestaurantSummary }>(`vendor/restaurant/${encodeURIComponent(id)}`, { signal }))
      .restaurant,
});

/** The address of each list: search, filters, sort and paging; ?edit=<id>, ?action=new. */
export const locationsUrl = listUrlState({ sort: LOCATION_SORT });
export const foodcourtsUrl = listUrlState({ sort: FOODCOURT_SORT, filters: { location: param.id() } });
export const restaurantsUrl = listUrlState({
  sort: RESTAURANT_SORT,
  filters: { location: param.id(), foodcourt: param.id(), status: param.id(), client: param.id() },
});

/** GET /vendor/clients: the client filter's choices and the names shown in the restaurant list. */
export function useClients() {
  return useQuery({
    queryKey: [...SITES, 'clients'],
    queryFn: ({ signal }) => apiGet<{ clients: ClientOption[] }>('vendor/clients', { signal }),
    select: (answer) => answer.clients,
    staleTime: 5 * 60_000,
  });
}
