import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CLASSIFICATION_KINDS,
  CLASSIFICATION_SORT,
  type AssignBody,
  type AssignResult,
  type Classification,
  type classificationBody,
  type ClassifiedItem,
} from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type ClassificationOutput = z.output<typeof classificationBody>;

/** GET /classifications?kind=…; POST; GET, PUT and DELETE /classifications/:id (version-checked); export. */
export const classificationApi = makeResourceApi<Classification, ClassificationOutput>({
  key: 'classifications',
  path: 'classifications',
  rowsField: 'classifications',
  rowField: 'classification',
  idOf: (c) => c.id,
  exportName: 'classifications.xlsx',
  // ?edit=<id> reads the one asked for (the list's search does not match ids).
  fetchOne: (id, signal) =>
    apiGet<{ classification: Classification }>(`classifications/${encodeURIComponent(id)}`, { signal }).then(
      (a) => a.classification,
    ),
});

/** ?kind=&search=&sort=&order=&page=&page_size=; ?edit=<id>, ?action=new, ?dialog=delete|items. */
export const classificationsUrl = listUrlState({
  sort: CLASSIFICATION_SORT,
  dialogs: ['delete', 'items'] as const,
  filters: { kind: param.oneOf(CLASSIFICATION_KINDS) },
});

type ItemQuery = { search: string; page: number; page_size: number; sort?: string; order?: string };
type ItemPage = { items: ClassifiedItem[]; total: number };

/** GET /classifications/:id/items: a classification's items (of the user's restaurants). */
export function useClassifiedItems(id: number, query: ItemQuery) {
  return useQuery({
    queryKey: [...classificationApi.keys.all, 'items', id, query],
    queryFn: ({ signal }) => apiGet<ItemPage>(withQuery(`classifications/${id}/items`, query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /classifications/items?restaurant=: a restaurant's items with what each has (the assign picker). */
export function useRestaurantItems(restaurant: string, search: string, pageSize: number) {
  return useQuery({
    queryKey: [...classificationApi.keys.all, 'picker', restaurant, search, pageSize],
    queryFn: ({ signal }) =>
      apiGet<ItemPage>(withQuery('classifications/items', { restaurant, search, page: 1, page_size: pageSize }), {
        signal,
      }),
    enabled: restaurant !== '',
    placeholderData: keepPreviousData,
  });
}

export type AssignAnswer = AssignResult & { message: string };

/** POST /classifications/:id/assign {foodids, mode}; every classification's counts and items are stale after. */
export function useAssign(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignBody) => apiPost<AssignAnswer>(`classifications/${id}/assign`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classificationApi.keys.all }),
  });
}

/** GET /classifications/unassigned?kind=&restaurant=: items with none of that kind ("No sales category"). */
export function useUnassignedItems(kind: string, restaurant: string, query: ItemQuery) {
  return useQuery({
    queryKey: [...classificationApi.keys.all, 'unassigned', kind, restaurant, query],
    queryFn: ({ signal }) =>
      apiGet<ItemPage>(
        withQuery('classifications/unassigned', { ...query, kind, restaurant: restaurant || undefined }),
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}
