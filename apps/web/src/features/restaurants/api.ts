import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RestaurantBody, RestaurantView } from '@cd/core';
import { apiGet, apiPost, apiPut } from '../../lib/api-client';

export type RestaurantAnswer = { message: string; restaurant: RestaurantView };
export type AvailabilityAnswer = { message: string; extras?: { code?: string }; restaurant: RestaurantView };
export type AvailabilitySettings = Pick<
  RestaurantView['options'],
  'non_available_days' | 'non_available_days_msg' | 'non_available_dates' | 'non_available_dates_msg'
>;
export type ClientOption = { client: string; name: string };
export type FoodcourtOption = { foodcourt: string; name: string; location: string };

/** Query keys of the restaurant form: one restaurant by id, and the option lists its selects use. */
export const restaurantKeys = {
  all: ['restaurants'] as const,
  details: () => [...restaurantKeys.all, 'detail'] as const,
  detail: (restaurant: string) => [...restaurantKeys.details(), restaurant] as const,
  clients: () => ['vendor-clients'] as const,
  foodcourts: () => ['foodcourts', 'options'] as const,
  siblings: (foodcourt: string) => [...restaurantKeys.all, 'siblings', foodcourt] as const,
};

/** What a caller may add after the hook's own work (DESIGN.md §3: never instead of it). */
export type MutationCallbacks<T> = { onSuccess?: (answer: T) => void };

const restaurantPath = (restaurant: string) => `vendor/restaurant/${encodeURIComponent(restaurant)}`;

export function fetchRestaurant(restaurant: string, signal?: AbortSignal) {
  return apiGet<{ restaurant: RestaurantView }>(restaurantPath(restaurant), { signal });
}

export function useRestaurant(restaurant: string | undefined) {
  return useQuery({
    queryKey: restaurantKeys.detail(restaurant ?? ''),
    queryFn: ({ signal }) => fetchRestaurant(restaurant ?? '', signal),
    select: (answer) => answer.restaurant,
    enabled: Boolean(restaurant),
    // The form copies the record once, so no background refetch may change it while open; and no copy is
    // kept after the form closes, so opening it again always starts from the stored record.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useClients() {
  return useQuery({
    queryKey: restaurantKeys.clients(),
    queryFn: ({ signal }) => apiGet<{ clients: ClientOption[] }>('vendor/clients', { signal }),
    select: (answer) => answer.clients ?? [],
    staleTime: 5 * 60_000,
  });
}

export function useFoodcourtOptions() {
  return useQuery({
    queryKey: restaurantKeys.foodcourts(),
    queryFn: ({ signal }) => apiGet<{ foodcourts: FoodcourtOption[] }>('vendor/foodcourt?page_size=200', { signal }),
    select: (answer) => answer.foodcourts ?? [],
    staleTime: 60_000,
  });
}

/** The restaurants of one food court (for the linked menu and submenu restaurants). */
export function useFoodcourtRestaurants(foodcourt: string) {
  return useQuery({
    queryKey: restaurantKeys.siblings(foodcourt),
    queryFn: ({ signal }) =>
      apiGet<{ restaurants: { restaurant: string; name: string }[] }>(
        `vendor/restaurant?foodcourt=${encodeURIComponent(foodcourt)}&page_size=200`,
        { signal },
      ),
    select: (answer) => answer.restaurants ?? [],
    enabled: Boolean(foodcourt),
    staleTime: 60_000,
  });
}

/**
 * Keeps the saved copy as the cached detail. The lists belong to the site pages, which refresh them when the
 * form closes with a saved restaurant.
 */
async function afterSave(queryClient: ReturnType<typeof useQueryClient>, restaurant: RestaurantView) {
  queryClient.setQueryData(restaurantKeys.detail(restaurant.restaurant), { restaurant });
}

export function useCreateRestaurant({ onSuccess }: MutationCallbacks<RestaurantAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestaurantBody) => apiPost<RestaurantAnswer>('vendor/restaurant', body),
    onSuccess: async (answer) => {
      await afterSave(queryClient, answer.restaurant);
      onSuccess?.(answer);
    },
  });
}

export function useUpdateRestaurant({ onSuccess }: MutationCallbacks<RestaurantAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurant, body }: { restaurant: string; body: RestaurantBody }) =>
      apiPut<RestaurantAnswer>(restaurantPath(restaurant), body),
    onSuccess: async (answer) => {
      await afterSave(queryClient, answer.restaurant);
      onSuccess?.(answer);
    },
  });
}

/** The restaurant settings-update call of the availability dialog (spec 001 §7). */
export function useUpdateAvailability({ onSuccess }: MutationCallbacks<AvailabilityAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { restaurantid: string; version: number; settings: AvailabilitySettings }) =>
      apiPost<AvailabilityAnswer>('vendor/restaurantdaysavailability', { action: 'update', ...body }),
    onSuccess: async (answer) => {
      await afterSave(queryClient, answer.restaurant);
      onSuccess?.(answer);
    },
  });
}
