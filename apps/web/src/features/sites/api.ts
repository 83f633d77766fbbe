import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FoodcourtView, LocationView, RestaurantSummary } from '@cd/core';
import { apiGet } from '../../lib/api-client';
import { fetchSiteList } from './early-list';
import { siteListPath, type SiteListParams } from './list-params';

export type LocationListAnswer = { locations: LocationView[]; total: number };
export type FoodcourtListAnswer = { foodcourts: FoodcourtView[]; total: number };
export type RestaurantListAnswer = { restaurants: RestaurantSummary[]; total: number };
export type ClientOption = { client: string; name: string };

/** Query keys of the site resources: one branch per kind, lists by their query. */
export const siteKeys = {
  all: ['sites'] as const,
  locations: () => [...siteKeys.all, 'location'] as const,
  locationList: (query: SiteListParams) => [...siteKeys.locations(), 'list', query] as const,
  foodcourts: () => [...siteKeys.all, 'foodcourt'] as const,
  foodcourtList: (query: SiteListParams) => [...siteKeys.foodcourts(), 'list', query] as const,
  restaurants: () => [...siteKeys.all, 'restaurant'] as const,
  restaurantList: (query: SiteListParams) => [...siteKeys.restaurants(), 'list', query] as const,
  clients: () => [...siteKeys.all, 'clients'] as const,
};

// Lists keep the previous page on screen while the next one loads, so paging and typing never blank the table.
export function useLocationList(query: SiteListParams, enabled = true) {
  return useQuery({
    queryKey: siteKeys.locationList(query),
    queryFn: ({ signal }) => fetchSiteList<LocationListAnswer>('location', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFoodcourtList(query: SiteListParams, enabled = true) {
  return useQuery({
    queryKey: siteKeys.foodcourtList(query),
    queryFn: ({ signal }) => fetchSiteList<FoodcourtListAnswer>('foodcourt', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRestaurantList(query: SiteListParams, enabled = true) {
  return useQuery({
    queryKey: siteKeys.restaurantList(query),
    queryFn: ({ signal }) => fetchSiteList<RestaurantListAnswer>('restaurant', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /vendor/clients: the client filter's choices and the names shown in the restaurant list. */
export function useClients() {
  return useQuery({
    queryKey: siteKeys.clients(),
    queryFn: ({ signal }) => apiGet<{ clients: ClientOption[] }>('vendor/clients', { signal }),
    select: (answer) => answer.clients,
    staleTime: 5 * 60_000,
  });
}

/**
 * One organisation or food court by id, for a dialog or filter opened from the address when the row is not on
 * the page shown: the list searched by the id, then the exact match (null when there is none).
 */
export async function fetchLocationById(id: string, signal?: AbortSignal): Promise<LocationView | null> {
  const answer = await apiGet<LocationListAnswer>(siteListPath('location', { search: id, page: 1, page_size: 200 }), {
    signal,
  });
  return answer.locations.find((row) => row.location === id) ?? null;
}

export async function fetchFoodcourtById(id: string, signal?: AbortSignal): Promise<FoodcourtView | null> {
  const answer = await apiGet<FoodcourtListAnswer>(siteListPath('foodcourt', { search: id, page: 1, page_size: 200 }), {
    signal,
  });
  return answer.foodcourts.find((row) => row.foodcourt === id) ?? null;
}

/** Looks an id up unless it is already known (on the page shown); `id` undefined turns the query off. */
export function useLocationById(id: string | undefined, known?: LocationView) {
  return useQuery({
    queryKey: [...siteKeys.locations(), 'byId', id ?? ''] as const,
    queryFn: ({ signal }) => fetchLocationById(id ?? '', signal),
    enabled: Boolean(id) && !known,
  });
}

export function useFoodcourtById(id: string | undefined, known?: FoodcourtView) {
  return useQuery({
    queryKey: [...siteKeys.foodcourts(), 'byId', id ?? ''] as const,
    queryFn: ({ signal }) => fetchFoodcourtById(id ?? '', signal),
    enabled: Boolean(id) && !known,
  });
}
