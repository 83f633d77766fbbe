import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES, SORT_ORDERS } from '@cd/core';
import { defineUrlState, param, type UrlState, type UrlStateSpec } from './url-state';

/** The address of every resource list page (issue 11): the list's query, and which dialog is open. */
export function listUrlState<
  const Sort extends readonly string[],
  const Dialog extends readonly string[] = readonly [],
  F extends UrlStateSpec = Record<never, never>,
>(options: {
  sort: Sort;
  dialogs?: Dialog;
  filters?: F;
  /** The page sizes the list offers when not core's LIST_PAGE_SIZES (the campaigns' 10); the first is the default. */
  pageSizes?: readonly number[];
}) {
  const sizes: readonly number[] = options.pageSizes ?? LIST_PAGE_SIZES;
  const fallback = options.pageSizes ? (options.pageSizes[0] ?? DEFAULT_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return defineUrlState({
    search: param.text(),
    page: param.int(1),
    page_size: param.numberOf(sizes, fallback),
    sort: param.oneOf(options.sort),
    order: param.oneOfOr(SORT_ORDERS, 'asc'),
    /** `?edit=<id>` opens the edit dialog of that row; `?action=new` the create dialog. */
    edit: param.id(),
    action: param.oneOf(['new'] as const),
    /** `?view=<id>` opens a row's read-only detail (ResourceListPage's `detail`); dialogs may open over it. */
    view: param.id(),
    /** `?dialog=<name>` (with `edit`) opens another dialog of that row: delete, apply, password… */
    dialog: param.oneOf(options.dialogs ?? ([] as unknown as Dialog)),
    /** `?columns=a,b` shows only these columns of the table (ResourceListPage's Columns menu); absent: all of them. */
    columns: param.id(),
    ...((options.filters ?? {}) as F),
  });
}

export type ListUrlSpec = ReturnType<typeof listUrlState>;
export type ListUrlState = UrlState<ListUrlSpec>;

/**
 * The server query of a list page (core's listQuerySchema): the address without its dialog and detail state and
 * the columns shown.
 */
export function listQueryOf(state: Record<string, unknown>): Record<string, string | number | undefined> {
  const { edit: _e, action: _a, dialog: _d, view: _v, columns: _c, ...query } = state;
  const out: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (key === 'order' && !query.sort) continue;
    out[key] = value as string | number;
  }
  return out;
}

/** `path?query` with empty values left out and keys in a stable order. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
