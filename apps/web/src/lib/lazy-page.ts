import { createElement, type ComponentType } from 'react';
import { PageLoading } from '../components/page-loading';
import { loadable } from './loadable';
import { listQueryOf } from './list-url-state';
import type { ListQuery } from './resource-api';
import { parseUrlState, type UrlStateSpec } from './url-state';

/**
 * A page loaded on demand (spec 000 §2.2); features export theirs by navigation path (React.lazy, or lazyPage
 * below). `preload`, when a page has it, starts loading the page (and what it asks for first) before it renders:
 * the app calls it on a cold start, while it waits for the profile (app/shell/index.ts).
 */
export type LazyPage = ComponentType & { preload?: () => void };

type PageModule = { default: ComponentType };

/** A page that can be loaded ahead of its first render, showing the loading text while it loads. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  const page = loadable(() => load().then((m) => m.default), createElement(PageLoading));
  const start = page.preload;
  return Object.assign(page, {
    preload: () => {
      // A failure shows when the page renders (the route's error element), not here.
      start().catch(() => undefined);
    },
  });
}

/** How long a list page's first render waits for its early rows before it renders without them. */
const ROWS_WAIT_MS = 250;

type ListPageOptions = {
  /** The page's address spec (lib/list-url-state) and the list it prefetches. */
  url: UrlStateSpec;
  /** Answers once the rows have come (or failed). */
  api: { prefetch: (query: ListQuery) => Promise<void> | void };
  /** Query parts the page adds to the address's (as its ResourceListPage's fixedQuery). */
  fixedQuery?: ListQuery;
  /** Address keys the list cannot be asked for without (the restaurant chosen): without one, nothing is asked. */
  requires?: string[];
};

/**
 * A lazy list page whose first page of rows is asked for while its code loads, instead of after: the page's
 * first query takes that answer (the address decides both, so they match). `list` loads the feature's api module
 * (its address spec and list api) on demand too: the registry of every page is part of the shell, and the api
 * modules build their zod schemas when they are evaluated, which on a cold start cost ~0.1 s for all features
 * together (docs/decisions.md, "Cold start"). The page's own module imports the same api module, so both come in
 * the page's chunks.
 */
export function lazyListPage(
  path: string,
  load: () => Promise<PageModule>,
  list: () => Promise<ListPageOptions>,
): LazyPage {
  return lazyPage(() => {
    const page = load();
    if (typeof window === 'undefined' || window.location.pathname !== path) return page;
    const search = window.location.search;
    const asked = list()
      .then(({ url, api, fixedQuery, requires }) => {
        const state = parseUrlState(url, new URLSearchParams(search));
        // The page waits for a choice (issue 35: asking without it answered 400).
        if (requires?.some((key) => !(state as Record<string, unknown>)[key])) return undefined;
        const answered = api.prefetch({ ...listQueryOf(state), ...fixedQuery });
        // The page waits a little for its rows, so its first render shows them: rendering it without, then again
        // with them, costs a cold start a second render and frame (~0.1 s). The shell renders meanwhile.
        return Promise.race([answered, new Promise((resolve) => setTimeout(resolve, ROWS_WAIT_MS))]);
      })
      // Only a head start: the page asks for its rows itself, and shows a failure to load its code.
      .catch(() => undefined);
    // The page renders once its rows have been asked for: a page rendering first would ask again, and the early
    // answer would wait for a later query of the same address (after a save) and show rows from before it.
    return Promise.all([page, asked]).then(([module]) => module);
  });
}
