import { useQuery } from '@tanstack/react-query';
import type {
  MenuResponse,
  PricebookFoodItem,
  PricebookSubmenu,
  PricebookSubmenuView,
  SubmenuSaveBody,
  SubmenuView,
} from '@cd/core';
import { apiGet, apiPost, apiPut } from '../../lib/api-client';

/** Query keys of the submenu editor's reads (contract: packages/core/src/contracts/menu.ts). */
export const submenuEditorKeys = {
  all: ['submenu-editor'] as const,
  menu: (restaurant: string) => [...submenuEditorKeys.all, 'menu', restaurant] as const,
  submenu: (submenuid: string) => [...submenuEditorKeys.all, 'submenu', submenuid] as const,
  pricebookSubmenus: (path: number) => [...submenuEditorKeys.all, 'pricebook-submenus', path] as const,
  pricebookSearch: (path: number, search: string) =>
    [...submenuEditorKeys.all, 'pricebook-search', path, search] as const,
};

const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

// The editor copies what it loads once: no background refetch may change it while open, and no copy is kept
// after it closes, so opening it again always starts from the stored record.
const editOnce = { staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false } as const;

/** GET vendor/fooditem?restaurant=: the restaurant's items (connections and linking). */
export function useRestaurantMenu(restaurant: string) {
  return useQuery({
    queryKey: submenuEditorKeys.menu(restaurant),
    queryFn: ({ signal }) => apiGet<MenuResponse>(`vendor/fooditem?${q({ restaurant })}`, { signal }),
    ...editOnce,
  });
}

export function fetchMenuSubmenu(submenuid: string, signal?: AbortSignal) {
  return apiGet<{ submenu: SubmenuView }>(`vendor/submenu/${encodeURIComponent(submenuid)}`, { signal }).then(
    (answer) => answer.submenu,
  );
}

/** GET vendor/submenu/:id when editing a menu-mode submenu. */
export function useMenuSubmenu(submenuid: string | undefined) {
  return useQuery({
    queryKey: submenuEditorKeys.submenu(submenuid ?? ''),
    queryFn: ({ signal }) => fetchMenuSubmenu(submenuid ?? '', signal),
    enabled: Boolean(submenuid),
    ...editOnce,
  });
}

export function fetchPricebookSubmenus(path: number, signal?: AbortSignal) {
  return apiGet<{ data: PricebookSubmenuView[] }>(`pricebook/submenu?${q({ path })}`, { signal }).then(
    (answer) => answer.data ?? [],
  );
}

/** GET pricebook/submenu?path=: the path's submenus, of which the editor takes the one it edits. */
export function usePricebookSubmenus(path: number, enabled: boolean) {
  return useQuery({
    queryKey: submenuEditorKeys.pricebookSubmenus(path),
    queryFn: ({ signal }) => fetchPricebookSubmenus(path, signal),
    enabled,
    ...editOnce,
  });
}

/** GET pricebook/fooditems?path=&search=; the caller only asks with enough characters (§5.3). */
export function usePricebookSearch(path: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: submenuEditorKeys.pricebookSearch(path, search),
    queryFn: ({ signal }) =>
      apiGet<{ data: PricebookFoodItem[] }>(`pricebook/fooditems?${q({ path, search })}`, { signal }).then(
        (answer) => answer.data ?? [],
      ),
    enabled,
    staleTime: 30_000,
    // A failed search only stops the loading indicator (spec 001 §8).
    retry: false,
  });
}

export function saveMenuSubmenu(body: SubmenuSaveBody, submenuid?: string) {
  return submenuid
    ? apiPut<{ submenu: SubmenuView }>(`vendor/submenu/${encodeURIComponent(submenuid)}`, body)
    : apiPost<{ submenu: SubmenuView }>('vendor/submenu', body);
}

export function savePricebookSubmenu(data: PricebookSubmenu, existing?: { submenuid: string; version: number }) {
  return existing
    ? apiPut<{ data: PricebookSubmenuView }>(`pricebook/submenu/${encodeURIComponent(existing.submenuid)}`, {
        data,
        version: existing.version,
      })
    : apiPost<{ data: PricebookSubmenuView }>('pricebook/submenu', { data });
}
