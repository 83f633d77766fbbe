import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryView, SubmenuSummary } from '@cd/core';
import { apiDelete, apiGet } from '../../lib/api-client';
import { withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import type { MutationCallbacks } from '../users';

export const menuManagementKeys = {
  all: ['menu-management'] as const,
  submenus: (restaurant: string) => [...menuManagementKeys.all, 'submenus', restaurant] as const,
};

/** GET /vendor/category?restaurant= (sorted, paged), POST, PUT and DELETE /vendor/category/:id. */
export const categoryApi = makeResourceApi<CategoryView, { restaurant?: string; name: string }>({
  key: [...menuManagementKeys.all, 'categories'],
  path: 'vendor/category',
  rowsField: 'categories',
  rowField: 'category',
  idOf: (category) => category.id,
  // Categories are few per restaurant: one by id comes from the restaurant's whole list.
  fetchOne: async (id, signal, base) => {
    const { categories } = await apiGet<{ categories: CategoryView[] }>(
      withQuery('vendor/category', { restaurant: base.restaurant }),
      { signal },
    );
    return categories.find((c) => String(c.id) === id) ?? null;
  },
});

const q = (restaurant: string) => `restaurant=${encodeURIComponent(restaurant)}`;

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
