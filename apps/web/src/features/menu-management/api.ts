import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryView, PosRestaurantsAnswer, SubmenuSummary } from '@cd/core';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api-client';
import type { MutationCallbacks } from '../users';

export const menuManagementKeys = {
  all: ['menu-management'] as const,
  categories: (restaurant: string) => [...menuManagementKeys.all, 'categories', restaurant] as const,
  submenus: (restaurant: string) => [...menuManagementKeys.all, 'submenus', restaurant] as const,
};

/** The same key as the shell's restaurants call, so the page reuses the answer the shell already has. */
const RESTAURANTS_KEY = ['shell', 'pos-restaurants'] as const;

export type RestaurantChoice = PosRestaurantsAnswer['restaurants'][number];

/** POST /pos_restaurants — the restaurants the user may manage. */
export function useRestaurantChoices() {
  return useQuery({
    queryKey: RESTAURANTS_KEY,
    queryFn: ({ signal }) => apiPost<PosRestaurantsAnswer>('pos_restaurants', {}, { signal }),
    select: (answer) => answer.restaurants ?? [],
    staleTime: 5 * 60_000,
  });
}

const q = (restaurant: string) => `restaurant=${encodeURIComponent(restaurant)}`;

/** GET /vendor/category?restaurant= */
export function useCategories(restaurant: string) {
  return useQuery({
    queryKey: menuManagementKeys.categories(restaurant),
    queryFn: ({ signal }) => apiGet<{ categories: CategoryView[] }>(`vendor/category?${q(restaurant)}`, { signal }),
    select: (answer) => answer.categories ?? [],
    enabled: restaurant !== '',
  });
}

type CategoryAnswer = { category: CategoryView };
export type CategorySave = { restaurant: string; name: string; category?: Pick<CategoryView, 'id' | 'version'> };

/** POST /vendor/category (new) or PUT /vendor/category/:id (rename, with the version edited). */
export function useSaveCategory({ onSuccess }: MutationCallbacks<CategoryAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurant, name, category }: CategorySave) =>
      category
        ? apiPut<CategoryAnswer>(`vendor/category/${category.id}`, { name, version: category.version })
        : apiPost<CategoryAnswer>('vendor/category', { restaurant, name }),
    onSuccess: async (answer, { restaurant }) => {
      await queryClient.invalidateQueries({ queryKey: menuManagementKeys.categories(restaurant) });
      onSuccess?.(answer);
    },
  });
}

/** DELETE /vendor/category/:id?version= (409 categoryInUse while items use it). */
export function useDeleteCategory({ onSuccess }: MutationCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ category }: { restaurant: string; category: Pick<CategoryView, 'id' | 'version'> }) =>
      apiDelete(`vendor/category/${category.id}?version=${category.version}`),
    onSuccess: async (answer, { restaurant }) => {
      await queryClient.invalidateQueries({ queryKey: menuManagementKeys.categories(restaurant) });
      onSuccess?.(answer);
    },
  });
}

/** GET /vendor/submenu?restaurant= */
export function useSubmenus(restaurant: string) {
  return useQuery({
    queryKey: menuManagementKeys.submenus(restaurant),
    queryFn: ({ signal }) => apiGet<{ submenus: SubmenuSummary[] }>(`vendor/submenu?${q(restaurant)}`, { signal }),
    select: (answer) => answer.submenus ?? [],
    enabled: restaurant !== '',
  });
}

/** DELETE /vendor/submenu/:submenuid?version= (its connections go with it). */
export function useDeleteSubmenu({ onSuccess }: MutationCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submenu }: { restaurant: string; submenu: Pick<SubmenuSummary, 'submenuid' | 'version'> }) =>
      apiDelete(`vendor/submenu/${encodeURIComponent(submenu.submenuid)}?version=${submenu.version}`),
    onSuccess: async (answer, { restaurant }) => {
      await queryClient.invalidateQueries({ queryKey: menuManagementKeys.submenus(restaurant) });
      onSuccess?.(answer);
    },
  });
}
