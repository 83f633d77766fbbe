import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MENU_LIMITS, type PricebookFoodItem, type PricebookSubmenuView } from '@cd/core';
import { apiDelete, apiGet, apiPut } from '../../lib/api-client';
import type { MutationCallbacks } from '../users';

export type { PricebookPath } from '../../lib/paths';
export { usePricebookPaths } from '../../lib/paths';

export const pricebookKeys = {
  all: ['pricebook'] as const,
  items: (path: number, search: string) => [...pricebookKeys.all, 'items', path, search] as const,
  submenus: (path: number) => [...pricebookKeys.all, 'submenus', path] as const,
  tagSearch: (path: number, tags: string) => [...pricebookKeys.all, 'tags', path, tags] as const,
};

/** Searches shorter than the minimum are not sent: the whole path is listed instead. */
export function effectiveItemSearch(search: string): string {
  const trimmed = search.trim();
  return trimmed.length >= MENU_LIMITS.searchMinChars ? trimmed : '';
}

/** GET /pricebook/fooditems?path=&search= */
export function usePricebookItems(path: number | undefined, search: string) {
  const applied = effectiveItemSearch(search);
  return useQuery({
    queryKey: pricebookKeys.items(path ?? -1, applied),
    queryFn: ({ signal }) =>
      apiGet<{ data: PricebookFoodItem[] }>(
        `pricebook/fooditems?path=${path}${applied ? `&search=${encodeURIComponent(applied)}` : ''}`,
        { signal },
      ),
    select: (answer) => answer.data ?? [],
    enabled: path !== undefined,
    placeholderData: keepPreviousData,
  });
}

type PriceAnswer = { data: PricebookFoodItem };

/** PUT /pricebook/fooditem {path, foodid, price, version}. */
export function useSavePricebookPrice({ onSuccess }: MutationCallbacks<PriceAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { path: number; foodid: string; price: number; version: number }) =>
      apiPut<PriceAnswer>('pricebook/fooditem', body),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: [...pricebookKeys.all, 'items'] });
      onSuccess?.(answer);
    },
  });
}

/** GET /pricebook/submenu?path= */
export function usePricebookSubmenus(path: number | undefined) {
  return useQuery({
    queryKey: pricebookKeys.submenus(path ?? -1),
    queryFn: ({ signal }) => apiGet<{ data: PricebookSubmenuView[] }>(`pricebook/submenu?path=${path}`, { signal }),
    select: (answer) => answer.data ?? [],
    enabled: path !== undefined,
  });
}

/** Comma-separated tags, trimmed and lowercased, without empties or repeats. */
export function normaliseTags(raw: string): string {
  const tags = raw
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(tags)].join(',');
}

/** GET /pricebook/tagsearch?tags=&path= — the path's submenus carrying any of the tags. */
export function useTagSearch(path: number | undefined, tags: string) {
  return useQuery({
    queryKey: pricebookKeys.tagSearch(path ?? -1, tags),
    queryFn: ({ signal }) =>
      apiGet<{ data: PricebookSubmenuView[] }>(`pricebook/tagsearch?tags=${encodeURIComponent(tags)}&path=${path}`, {
        signal,
      }),
    select: (answer) => answer.data ?? [],
    enabled: path !== undefined && tags !== '',
  });
}

/** DELETE /pricebook/submenu/:submenuid?version= */
export function useDeletePricebookSubmenu({ onSuccess }: MutationCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submenuid, version }: { submenuid: string; version: number }) =>
      apiDelete(`pricebook/submenu/${encodeURIComponent(submenuid)}?version=${version}`),
    onSuccess: async (answer) => {
      await invalidatePricebookSubmenus(queryClient);
      onSuccess?.(answer);
    },
  });
}

/** The submenu lists and tag searches of every path (after a save or delete). */
export function invalidatePricebookSubmenus(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...pricebookKeys.all, 'submenus'] }),
    queryClient.invalidateQueries({ queryKey: [...pricebookKeys.all, 'tags'] }),
  ]);
}
