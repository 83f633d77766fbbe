import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  COUNTER_SORT,
  COUNTER_TYPES,
  type cashierBody,
  type cashierSchema,
  type Counter,
  type counterBody,
  type CounterTemplate,
  type counterTemplateBody,
  type templateCountersAnswer,
} from '@cd/core';
import { apiGet, apiPost, apiPut } from '../../lib/api-client';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi, type ListApi, type ListQuery, type ResourceId } from '../../lib/resource-api';
import { param } from '../../lib/url-state';
import { localList } from '../../lib/local-list';

export type Cashier = z.infer<typeof cashierSchema>;
export type CounterBody = z.input<typeof counterBody>;
export type CashierBody = z.input<typeof cashierBody>;
export type TemplateCounters = z.infer<typeof templateCountersAnswer>;

/** Every counters query sits under this root: a template sync or a counter saved makes the others stale. */
const ROOT = 'counters';
const byText = <Row>(row: Row, sort: string) => {
  const value = row[sort as keyof Row];
  return typeof value === 'number' ? value : String(value ?? '');
};

/** GET /counter_template (answered whole), POST, PUT and DELETE /counter_template/:id. */
const templateResource = makeResourceApi<CounterTemplate, z.input<typeof counterTemplateBody>>({
  key: [ROOT, 'templates'],
  path: 'counter_template',
  rowsField: 'templates',
  rowField: 'template',
  idOf: (template) => template.id,
});
export const TEMPLATE_SORT = ['name', 'counters', 'updated_at'] as const;
const fetchTemplates = (signal?: AbortSignal) =>
  apiGet<{ templates: CounterTemplate[] }>('counter_template', { signal }).then((answer) => answer.templates);
export const templateApi: ListApi<CounterTemplate> & Pick<typeof templateResource, 'useSave' | 'keys'> = {
  ...templateResource,
  ...localList<CounterTemplate>({
    key: () => [ROOT, 'templates', 'list'],
    fetchAll: (_server, signal) => fetchTemplates(signal),
    serverFields: [],
    searchText: (template) => `${template.id} ${template.name}`,
    sortValue: byText,
  }),
  fetchOne: async (id, signal) => (await fetchTemplates(signal)).find((t) => String(t.id) === id) ?? null,
};

/** Every template, for the counter form's template choice. */
export function useAllTemplates() {
  return useQuery({ queryKey: [ROOT, 'templates', 'list', {}], queryFn: ({ signal }) => fetchTemplates(signal) });
}
export const templatesUrl = listUrlState({ sort: TEMPLATE_SORT, dialogs: ['delete'] as const });

/** GET /get_counter_template/:id: the template with the counters made from it and how each differs. */
export function useTemplateCounters(id: string) {
  return useQuery({
    queryKey: [ROOT, 'template', id],
    queryFn: ({ signal }) => apiGet<TemplateCounters>(`get_counter_template/${encodeURIComponent(id)}`, { signal }),
  });
}

/** POST /sync_counter_template: the template's settings applied to the chosen counters. */
export function useSyncTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { template_id: number; counter_ids: number[] }) =>
      apiPost<{ message: string; counters: number }>('sync_counter_template', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ROOT] }),
  });
}

const fetchCounters = (query: ListQuery, signal?: AbortSignal) =>
  apiGet<{ counters: Counter[] }>(withQuery('get_counters', query), { signal }).then((answer) => answer.counters);

/** GET /get_counters (server-paged); POST /vendor/counter; PUT and DELETE /vendor/counter/:id. */
const counterResource = makeResourceApi<Counter, CounterBody>({
  key: [ROOT, 'counters'],
  path: 'get_counters',
  rowsField: 'counters',
  rowField: 'counter',
  idOf: (counter) => counter.counter_id,
  itemPath: (id) => `vendor/counter/${encodeURIComponent(String(id))}`,
  // There is no one-counter read: look through the filtered list, then the first 200 counters.
  fetchOne: async (id, signal, base) => {
    const find = (rows: Counter[]) => rows.find((c) => String(c.counter_id) === id) ?? null;
    return (
      find(await fetchCounters({ ...base, search: id, page: 1, page_size: 200 }, signal)) ??
      find(await fetchCounters({ page: 1, page_size: 200 }, signal))
    );
  },
});

/** Creating posts to /vendor/counter (the list is /get_counters); saving puts the version edited. */
function useSaveCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, version }: { id?: ResourceId; body: CounterBody; version?: number }) => {
      const answer =
        id === undefined
          ? await apiPost<{ counter: Counter; message: string }>('vendor/counter', body)
          : await apiPut<{ counter: Counter; message: string }>(`vendor/counter/${id}`, { ...body, version });
      return { row: answer.counter, message: answer.message ?? '' };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ROOT] }),
  });
}

/** POST /vendor/counter/:id/hide {hidden, version} (fine permission hide_counter). */
export function useHideCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ counter, hidden }: { counter: Counter; hidden: boolean }) =>
      apiPost<{ counter: Counter; message: string }>(`vendor/counter/${counter.counter_id}/hide`, {
        hidden,
        version: counter.version,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ROOT, 'counters'] }),
  });
}

export const counterApi = { ...counterResource, useSave: useSaveCounter };
export const countersUrl = listUrlState({
  sort: COUNTER_SORT,
  dialogs: ['delete', 'hide'] as const,
  filters: { foodcourt: param.id(), restaurant: param.id(), type: param.oneOf(COUNTER_TYPES) },
});

/** A food court's counters for a picker (the cashier's counters, up to 200). */
export function useFoodcourtCounters(foodcourt: string) {
  const query: ListQuery = { foodcourt, page: 1, page_size: 200, sort: 'name' };
  return useQuery({
    queryKey: [...counterResource.keys.list(query)],
    queryFn: ({ signal }) => counterResource.fetchList(query, signal),
    enabled: Boolean(foodcourt),
    select: (answer) => answer.rows,
  });
}

/** GET /cashiers?foodcourt= (answered whole), POST /cashiers, PUT and DELETE /cashiers/:id. */
const cashierResource = makeResourceApi<Cashier, CashierBody>({
  key: [ROOT, 'cashiers'],
  path: 'cashiers',
  rowsField: 'cashiers',
  rowField: 'cashier',
  idOf: (cashier) => cashier.cashier_id,
});
export const CASHIER_SORT = ['name', 'foodcourt', 'updated_at'] as const;
const fetchCashiers = (server: ListQuery, signal?: AbortSignal) =>
  apiGet<{ cashiers: Cashier[] }>(withQuery('cashiers', server), { signal }).then((answer) => answer.cashiers);
export const cashierApi: ListApi<Cashier> & Pick<typeof cashierResource, 'useSave' | 'keys'> = {
  ...cashierResource,
  ...localList<Cashier>({
    key: (server) => [ROOT, 'cashiers', 'list', server],
    fetchAll: fetchCashiers,
    serverFields: ['foodcourt'],
    searchText: (cashier) => `${cashier.cashier_id} ${cashier.name}`,
    sortValue: byText,
  }),
  fetchOne: async (id, signal, base) =>
    (await fetchCashiers(base.foodcourt ? { foodcourt: base.foodcourt } : {}, signal)).find(
      (c) => String(c.cashier_id) === id,
    ) ?? null,
};
export const cashiersUrl = listUrlState({
  sort: CASHIER_SORT,
  dialogs: ['delete', 'unlock'] as const,
  filters: { foodcourt: param.id() },
});
