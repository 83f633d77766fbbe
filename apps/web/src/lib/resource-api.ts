import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { BackgroundJob } from '@cd/core';
import { apiDelete, apiGet, apiGetFile, apiPost, apiPut } from './api-client';
import { fileNameOf, saveBlob } from './download';
import { withQuery } from './list-url-state';

export type ResourceId = string | number;
export type ListQuery = Record<string, string | number | undefined>;
export type ListResult<Row> = { rows: Row[]; total: number };
export type SaveAnswer<Row> = { row: Row; message: string };
/** What Export did: the file was saved, or a background job writes it (the tasks panel offers it when done). */
export type ExportResult = { kind: 'file'; name: string } | { kind: 'job'; job: BackgroundJob; message: string };

export type ResourceConfig<Row> = {
  /** The query-key root, e.g. `allergens`, or a path (`['sites', 'location']`) so related lists go stale together. */
  key: string | readonly string[];
  /** The list and create path under /v2/bck, e.g. `vendor/location`. */
  path: string;
  /** The answer field holding a list's rows (`locations`, `data`, …) and one saved row (`location`). */
  rowsField: string;
  rowField: string;
  idOf: (row: Row) => ResourceId;
  /** One row's path (PUT, DELETE); default `<path>/<id>`. */
  itemPath?: (id: ResourceId) => string;
  /** Other cached answers that show this resource (the menu editor's allergen list, the counts of another list). */
  alsoInvalidates?: QueryKey[];
  /** Finds one row by id when it is not on the page shown; default: the list (with `base`) searched by the id. */
  fetchOne?: (id: string, signal: AbortSignal | undefined, base: ListQuery) => Promise<Row | null>;
  /** Export's file name when the server gives none. */
  exportName?: string;
};

/**
 * Lists asked for while a page's code is still loading (lazyListPage), taken once by the page's first query for
 * the same address. Answers older than a few seconds are not used. `settled` holds the answer once it has come:
 * the page's first render then shows its rows at once (useList's initialData) instead of rendering a second time.
 */
type Early = { at: number; answer: Promise<unknown>; settled?: { value: unknown } };
const early = new Map<string, Early>();
const EARLY_MAX_AGE_MS = 10_000;

/** The early answer for `url` if it is fresh; taken (removed) by whoever uses it. */
function takeEarly(url: string, settledOnly: boolean): Early | undefined {
  const hit = early.get(url);
  if (!hit || (settledOnly && !hit.settled)) return undefined;
  early.delete(url);
  return Date.now() - hit.at < EARLY_MAX_AGE_MS ? hit : undefined;
}

/**
 * The hooks of one resource (issue 11): list (server-paged, keeping the previous page on screen while the next
 * loads), one row by id, save (create, or update naming the version edited), delete (with the version), and
 * export of the filtered rows. Mutation hooks invalidate first; callers pass their own handlers to `mutate`,
 * which run after (DESIGN.md §3).
 */
export function makeResourceApi<Row, Body extends object>(config: ResourceConfig<Row>) {
  const { path, rowsField, rowField } = config;
  const root = typeof config.key === 'string' ? [config.key] : [...config.key];
  const itemPath = config.itemPath ?? ((id: ResourceId) => `${path}/${encodeURIComponent(String(id))}`);
  const keys = {
    all: root,
    lists: () => [...root, 'list'],
    list: (query: ListQuery) => [...root, 'list', query],
    one: (id: string) => [...root, 'one', id],
  };

  const resultOf = (answer: unknown): ListResult<Row> => {
    const fields = answer as Record<string, unknown>;
    const rows = (fields[rowsField] as Row[] | undefined) ?? [];
    return { rows, total: typeof fields.total === 'number' ? fields.total : rows.length };
  };

  const fetchList = async (query: ListQuery, signal?: AbortSignal): Promise<ListResult<Row>> => {
    const url = withQuery(path, query);
    const hit = takeEarly(url, false);
    return resultOf(await (hit ? hit.answer : apiGet(url, { signal })));
  };

  const fetchOne =
    config.fetchOne ??
    (async (id: string, signal: AbortSignal | undefined, base: ListQuery) => {
      const { rows } = await fetchList({ ...base, search: id, page: 1, page_size: 200 }, signal);
      return rows.find((row) => String(config.idOf(row)) === id) ?? null;
    });

  /**
   * Asks for a list page before its code has loaded; the page's first identical query takes the answer. Answers
   * when the answer has come (or failed), for a caller that would rather wait for it than render twice.
   */
  function prefetch(query: ListQuery): Promise<void> {
    const url = withQuery(path, query);
    const entry: Early = { at: Date.now(), answer: apiGet(url) };
    early.set(url, entry);
    // The page reports a failure when it takes the answer; nothing is left unhandled if it never does.
    return entry.answer.then(
      (value) => void (entry.settled = { value }),
      () => undefined,
    );
  }

  function useList(query: ListQuery, enabled = true) {
    return useQuery({
      queryKey: keys.list(query),
      queryFn: ({ signal }) => fetchList(query, signal),
      placeholderData: keepPreviousData,
      enabled,
      // The early answer when it has already come: the first render shows the rows.
      initialData: () => {
        const hit = enabled ? takeEarly(withQuery(path, query), true) : undefined;
        return hit?.settled ? resultOf(hit.settled.value) : undefined;
      },
      initialDataUpdatedAt: Date.now,
      // Rows taken from the early answer are as fresh as a fetch on mount would be (only they have no fetch yet):
      // not asked for again on mount. Invalidation (a save) still refetches them.
      staleTime: (q) => (q.state.dataUpdateCount === 0 && q.state.data !== undefined ? EARLY_MAX_AGE_MS : 0),
    });
  }

  /** One row by id, asked for only when it is not already known (on the page shown). */
  function useOne(id: string | undefined, known?: Row, base: ListQuery = {}) {
    return useQuery({
      queryKey: [...keys.one(id ?? ''), base] as const,
      queryFn: ({ signal }) => fetchOne(id ?? '', signal, base),
      enabled: Boolean(id) && known === undefined,
    });
  }

  function useInvalidate() {
    const queryClient = useQueryClient();
    return () => {
      // An early answer not taken yet predates the change: the next list query asks the server.
      for (const url of early.keys()) if (url === path || url.startsWith(`${path}?`)) early.delete(url);
      return Promise.all(
        [keys.all, ...(config.alsoInvalidates ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    };
  }

  /** Creates (no id) or updates (id and the version edited; 409 versionConflict when someone saved first). */
  function useSave() {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: async ({ id, body, version }: { id?: ResourceId; body: Body; version?: number }) => {
        const answer =
          id === undefined
            ? await apiPost<Record<string, unknown>>(path, body)
            : await apiPut<Record<string, unknown>>(itemPath(id), { ...body, version });
        return { row: answer[rowField] as Row, message: typeof answer.message === 'string' ? answer.message : '' };
      },
      onSuccess: () => invalidate(),
    });
  }

  function useDelete() {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: ({ id, version }: { id: ResourceId; version: number }) =>
        apiDelete<{ message?: string }>(`${itemPath(id)}?version=${version}`),
      onSuccess: () => invalidate(),
      // A conflict or a row gone means the list is stale: the next try names the version saved since.
      onError: () => invalidate(),
    });
  }

  /** Downloads the filtered rows as .xlsx: saved at once, or written by a background job above the inline limit. */
  async function exportList(query: ListQuery): Promise<ExportResult> {
    const { page: _p, page_size: _s, ...filters } = query;
    const result = await apiGetFile<{ job: BackgroundJob; message?: string }>(withQuery(`${path}/export`, filters));
    if (result.kind === 'json') return { kind: 'job', job: result.answer.job, message: result.answer.message ?? '' };
    const name = fileNameOf(result.disposition, config.exportName ?? `${root.join('-')}.xlsx`);
    saveBlob(result.blob, name);
    return { kind: 'file', name };
  }

  return { keys, config, useList, useOne, useSave, useDelete, exportList, fetchList, fetchOne, prefetch };
}

export type ResourceApi<Row, Body extends object = object> = ReturnType<typeof makeResourceApi<Row, Body>>;

/** What a list page needs of a resource: everything but saving, which its form does. */
export type ListApi<Row> = Pick<
  ReturnType<typeof makeResourceApi<Row, object>>,
  'config' | 'useList' | 'useOne' | 'useDelete' | 'exportList' | 'fetchOne' | 'fetchList'
>;
