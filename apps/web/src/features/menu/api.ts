import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AllergensResponse,
  AttachedSubmenu,
  FoodItem,
  FoodItemCreateBody,
  FoodItemResponse,
  FoodItemUpdateBody,
  ListNameMapResponse,
  MenuResponse,
} from '@cd/core';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api-client';

/** Query keys of the menu editor: a restaurant's menu, one item, and the lists the item editor's fields use. */
export const menuKeys = {
  all: ['menu'] as const,
  menus: () => [...menuKeys.all, 'restaurant'] as const,
  menu: (restaurant: string) => [...menuKeys.menus(), restaurant] as const,
  items: () => [...menuKeys.all, 'item'] as const,
  item: (foodid: string) => [...menuKeys.items(), foodid] as const,
  listNameMap: () => ['list_name_map'] as const,
  allergens: () => ['allergens'] as const,
};

const itemPath = (foodid: string) => `vendor/fooditem/${encodeURIComponent(foodid)}`;

export function fetchMenu(restaurant: string, signal?: AbortSignal) {
  return apiGet<MenuResponse>(`vendor/fooditem?restaurant=${encodeURIComponent(restaurant)}`, { signal });
}

/** GET /vendor/fooditem?restaurant=: the restaurant (currency, price-book path), its items, categories, submenus. */
export function useMenu(restaurant: string | undefined) {
  return useQuery({
    queryKey: menuKeys.menu(restaurant ?? ''),
    queryFn: ({ signal }) => fetchMenu(restaurant ?? '', signal),
    enabled: Boolean(restaurant),
    staleTime: 30_000,
  });
}

export function fetchFoodItem(foodid: string, signal?: AbortSignal) {
  return apiGet<FoodItemResponse>(itemPath(foodid), { signal });
}

/** One item as the editor edits it. The form copies it once: no background refetch while it is open. */
export function useFoodItem(foodid: string | undefined) {
  return useQuery({
    queryKey: menuKeys.item(foodid ?? ''),
    queryFn: ({ signal }) => fetchFoodItem(foodid ?? '', signal),
    enabled: Boolean(foodid),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** GET /list_name_map: the choices of the item editor's selects (dietary info, nutrients, …). */
export function useListNameMap({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: menuKeys.listNameMap(),
    queryFn: ({ signal }) => apiGet<ListNameMapResponse>('list_name_map', { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

/** GET /allergens: the allergen catalogue (code and name). */
export function useAllergens({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: menuKeys.allergens(),
    queryFn: ({ signal }) => apiGet<AllergensResponse>('allergens', { signal }),
    select: (answer) => answer.data.map(({ code, name }) => ({ code, name })),
    staleTime: 5 * 60_000,
  });
}

export type FoodItemAnswer = { fooditem: FoodItem; message?: string };

/** Saves go to the server; afterwards the restaurant's menu is read again (the list shows the change). */
function useInvalidateMenu() {
  const queryClient = useQueryClient();
  return (restaurant: string) => queryClient.invalidateQueries({ queryKey: menuKeys.menu(restaurant) });
}

export function useCreateFoodItem() {
  const invalidate = useInvalidateMenu();
  return useMutation({
    mutationFn: (body: FoodItemCreateBody) => apiPost<FoodItemAnswer>('vendor/fooditem', body),
    onSuccess: (answer) => invalidate(answer.fooditem.restaurant),
  });
}

export function useUpdateFoodItem() {
  const invalidate = useInvalidateMenu();
  return useMutation({
    mutationFn: ({ foodid, body }: { foodid: string; body: FoodItemUpdateBody }) =>
      apiPut<FoodItemAnswer>(itemPath(foodid), body),
    onSuccess: (answer) => invalidate(answer.fooditem.restaurant),
  });
}

export function useDeleteFoodItem() {
  const invalidate = useInvalidateMenu();
  return useMutation({
    mutationFn: ({ foodid, version }: { foodid: string; version: number; restaurant: string }) =>
      apiDelete<{ message?: string }>(`${itemPath(foodid)}?version=${version}`),
    onSuccess: (_answer, { restaurant }) => invalidate(restaurant),
  });
}

/** POST /fooditem_submenu_attachment: the submenus an item is an option of (spec 001 §4.2, §7). */
export async function fetchSubmenuAttachments(foodid: string): Promise<AttachedSubmenu[]> {
  const answer = await apiPost<{ all_attached_submenus?: AttachedSubmenu[] }>('fooditem_submenu_attachment', {
    foodid,
  });
  return answer.all_attached_submenus ?? [];
}

type SnoozeTargetType = 'item' | 'option';

/**
 * POST /menu/snoozes: an item (or a submenu option, target `<submenuid>:<option>`) off sale for minutes, until a
 * time, or until the end of the day (issue 20).
 */
export function useSnooze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      restaurant: string;
      target_id: string;
      target_type?: SnoozeTargetType;
      minutes?: number;
      until?: string;
    }) => apiPost<{ message: string; snooze: { until: string } }>('menu/snoozes', { target_type: 'item', ...body }),
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: menuKeys.menu(body.restaurant) }),
  });
}

/** DELETE /menu/snoozes: the item (or option) is back on sale now. */
export function useEndSnooze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      restaurant,
      target_id,
      target_type = 'item',
    }: {
      restaurant: string;
      target_id: string;
      target_type?: SnoozeTargetType;
    }) =>
      apiDelete<{ message: string }>(
        `menu/snoozes?restaurant=${encodeURIComponent(restaurant)}&target_type=${target_type}&target_id=${encodeURIComponent(target_id)}`,
      ),
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: menuKeys.menu(body.restaurant) }),
  });
}

/** GET /vendor/submenu/:id: the options of a submenu, for choosing one to snooze. */
export function useSubmenuOptions(submenuid: string | undefined) {
  return useQuery({
    queryKey: ['menu', 'submenu-options', submenuid],
    enabled: Boolean(submenuid),
    queryFn: ({ signal }) =>
      apiGet<{ submenu: { list: string[] } }>(`vendor/submenu/${encodeURIComponent(submenuid!)}`, { signal }).then(
        (answer) => answer.submenu.list,
      ),
  });
}
