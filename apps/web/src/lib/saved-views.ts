import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedView, SavedViewListAnswer } from '@cd/core';
import { apiDelete, apiGet, apiPost, apiPut } from './api-client';
import { listQueryOf } from './list-url-state';

/**
 * Saved views of a resource list (issue 36 point 5): the API and the two translations between a view and the
 * address — what of the address a view keeps, and the address patch that picks a view.
 */
const key = (listKey: string) => ['saved-views', listKey];

/** The list's views (asked for only once the Views menu is opened: a list's start sends nothing more). */
export function useSavedViews(listKey: string, enabled: boolean) {
  return useQuery({
    queryKey: key(listKey),
    queryFn: ({ signal }) =>
      apiGet<SavedViewListAnswer>(`saved_views?list_key=${encodeURIComponent(listKey)}`, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export type NewView = { name: string; query: string; columns: string[] | null; shared_with_profile: number | null };
export type ViewChange = Partial<NewView> & { version: number };

export function useSavedViewChanges(listKey: string) {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: key(listKey) });
  return {
    create: useMutation({
      mutationFn: (view: NewView) =>
        apiPost<{ view: SavedView }>('saved_views', { list_key: listKey, ...view }).then((a) => a.view),
      onSettled: settle,
    }),
    update: useMutation({
      mutationFn: ({ id, ...change }: ViewChange & { id: number }) =>
        apiPut<{ view: SavedView }>(`saved_views/${id}`, change).then((a) => a.view),
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: ({ id, version }: { id: number; version: number }) =>
        apiDelete(`saved_views/${id}?version=${version}`),
      onSettled: settle,
    }),
  };
}

/** Address keys that are not a view's: which row or dialog is open, the page, and the columns (kept apart). */
const NOT_KEPT = new Set(['edit', 'action', 'dialog', 'view', 'page', 'columns']);

/** What a view keeps of the address: its search, filters, sort and page size, as a query string. */
export function viewQueryOf(state: Record<string, unknown>): string {
  const query = listQueryOf(state);
  const params = new URLSearchParams();
  for (const k of Object.keys(query).sort()) {
    const value = query[k];
    if (!NOT_KEPT.has(k) && value !== undefined) params.set(k, String(value));
  }
  return params.toString();
}

/** The columns shown, from `?columns=` (only the page's own ids); null: every column. */
export function shownColumns(value: unknown, ids: readonly string[]): string[] | null {
  if (typeof value !== 'string' || !value) return null;
  const wanted = new Set(value.split(','));
  const shown = ids.filter((id) => wanted.has(id));
  return shown.length > 0 && shown.length < ids.length ? shown : null;
}

/**
 * The address patch that picks a view: every list key of the address cleared (the first page, no dialog), then
 * the view's values for the keys this list has, and its columns.
 */
export function viewPatch(state: Record<string, unknown>, view: Pick<SavedView, 'query' | 'columns'>) {
  const patch: Record<string, unknown> = {};
  for (const k of Object.keys(state)) patch[k] = undefined;
  for (const [k, value] of new URLSearchParams(view.query))
    if (k in state && !NOT_KEPT.has(k)) patch[k] = typeof state[k] === 'number' ? Number(value) : value;
  patch.columns = view.columns?.join(',') || undefined;
  return patch;
}

/** Whether the address shows this view now (its query and columns). */
export function isCurrentView(
  state: Record<string, unknown>,
  view: Pick<SavedView, 'query' | 'columns'>,
  ids: readonly string[],
) {
  const sorted = (q: string) => [...new URLSearchParams(q)].sort().join('&');
  const shown = shownColumns(state.columns, ids)?.join(',') ?? '';
  const theirs = shownColumns(view.columns?.join(','), ids)?.join(',') ?? '';
  return sorted(viewQueryOf(state)) === sorted(view.query) && shown === theirs;
}
