import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { listQueryOf } from './list-url-state';
import type { ListQuery } from './resource-api';
import { parseUrlState, type UrlStateSpec } from './url-state';

/** A page loaded on demand (spec 000 §2.2); features export theirs by navigation path. */
export type LazyPage = LazyExoticComponent<ComponentType>;

type ListPageOptions = {
  /** The page's address spec (lib/list-url-state) and the list it prefetches. */
  url: UrlStateSpec;
  api: { prefetch: (query: ListQuery) => void };
  /** Query parts the page adds to the address's (as its ResourceListPage's fixedQuery). */
  fixedQuery?: ListQuery;
};

/**
 * A lazy list page whose first page of rows is asked for while its code loads, instead of after: the page's
 * first query takes that answer (the address decides both, so they match).
 */
export function lazyListPage(
  path: string,
  load: () => Promise<{ default: ComponentType }>,
  { url, api, fixedQuery }: ListPageOptions,
): LazyPage {
  return lazy(() => {
    if (typeof window !== 'undefined' && window.location.pathname === path) {
      const state = parseUrlState(url, new URLSearchParams(window.location.search));
      api.prefetch({ ...listQueryOf(state), ...fixedQuery });
    }
    return load();
  });
}
