import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuAsOfAnswer, MenuHistoryAnswer, MenuHistoryEntity } from '@cd/core';
import { apiGet, apiPost } from '../../../lib/api-client';

/** Query keys of the menu history (issue 36): a record's revisions, a restaurant's menu as it was at a time. */
export const menuHistoryKeys = {
  all: ['menu-history'] as const,
  record: (entity: MenuHistoryEntity, id: string) => [...menuHistoryKeys.all, entity, id] as const,
  asOf: (restaurant: string, at: string) => [...menuHistoryKeys.all, 'as-of', restaurant, at] as const,
};

/** GET /menu/history?entity=&id=: the record's revisions, newest first, and its current version. */
export function useMenuHistory(entity: MenuHistoryEntity, id: string | undefined) {
  return useQuery({
    queryKey: menuHistoryKeys.record(entity, id ?? ''),
    queryFn: ({ signal }) =>
      apiGet<MenuHistoryAnswer>(`menu/history?entity=${entity}&id=${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/**
 * POST /menu/history/revert: undoes one revision, naming the version the user saw (409 when the record changed
 * since). Afterwards every menu read and the record's history are read again; then the caller's onSuccess.
 */
export function useRevertRevision(entity: MenuHistoryEntity, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { revision: number; version: number }) =>
      apiPost<{ message: string; version: number }>('menu/history/revert', body),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: menuHistoryKeys.record(entity, id) }),
        queryClient.invalidateQueries({ queryKey: ['menu'] }),
        queryClient.invalidateQueries({ queryKey: ['submenu-editor'] }),
      ]);
    },
  });
}

/** GET /menu/as-of?restaurant=&at=: the restaurant's items, prices and availability as they were at `at`. */
export function useMenuAsOf(restaurant: string | undefined, at: string | undefined) {
  return useQuery({
    queryKey: menuHistoryKeys.asOf(restaurant ?? '', at ?? ''),
    queryFn: ({ signal }) =>
      apiGet<MenuAsOfAnswer>(
        `menu/as-of?restaurant=${encodeURIComponent(restaurant ?? '')}&at=${encodeURIComponent(at ?? '')}`,
        { signal },
      ),
    enabled: Boolean(restaurant && at),
  });
}
