import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  HTML_PAGE_SORT,
  HTML_PAGE_STATUSES,
  type HtmlPage,
  type htmlPageAnswer,
  type htmlPageBody,
  type htmlRevisionsAnswer,
} from '@cd/core';
import { apiGet, apiPost, apiPut } from '../../lib/api-client';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type HtmlPageBody = z.input<typeof htmlPageBody>;
type PageAnswer = z.infer<typeof htmlPageAnswer>;
type RevisionsAnswer = z.infer<typeof htmlRevisionsAnswer>;

const KEY = 'html-pages';
const pathOf = (id: number | string) => `html-pages/${encodeURIComponent(String(id))}`;

/** GET /html-pages (paged), POST /html-pages, GET|PUT|DELETE /html-pages/:id (version-checked). */
export const htmlPageApi = makeResourceApi<HtmlPage, HtmlPageBody>({
  key: KEY,
  path: 'html-pages',
  rowsField: 'pages',
  rowField: 'page',
  idOf: (page) => page.id,
  exportName: 'html-pages.xlsx',
  // A page not on the list shown (?edit=<id> from a link) is asked for by its id.
  fetchOne: async (id, signal) => (await apiGet<PageAnswer>(pathOf(id), { signal })).page,
});

/** ?search=&status=&foodcourt=&sort=&order=&page=&page_size=; ?edit=<id>, ?action=new, ?dialog=delete. */
export const htmlPagesUrl = listUrlState({
  sort: HTML_PAGE_SORT,
  dialogs: ['delete'] as const,
  filters: { status: param.oneOf(HTML_PAGE_STATUSES), foodcourt: param.id() },
});

/** The editor's calls; each answers the page as stored (the HTML cleaned by the server) and refreshes the list. */
export function usePageActions() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: [KEY] });
  const save = useMutation({
    mutationFn: ({ id, body, version }: { id?: number; body: HtmlPageBody; version?: number }) =>
      id === undefined ? apiPost<PageAnswer>('html-pages', body) : apiPut<PageAnswer>(pathOf(id), { ...body, version }),
    onSuccess: settle,
  });
  const publish = useMutation({
    mutationFn: ({ page, live }: { page: HtmlPage; live: boolean }) =>
      apiPost<PageAnswer>(`${pathOf(page.id)}/${live ? 'publish' : 'unpublish'}`, { version: page.version }),
    onSuccess: settle,
  });
  const revert = useMutation({
    mutationFn: ({ page, revision }: { page: HtmlPage; revision: number }) =>
      apiPost<PageAnswer>(`${pathOf(page.id)}/revert`, { revision, version: page.version }),
    onSuccess: settle,
  });
  return { save, publish, revert };
}

/** GET /html-pages/:id: the page as saved now (after a conflict). */
export const fetchPage = async (id: number) => (await apiGet<PageAnswer>(pathOf(id))).page;

/** GET /html-pages/:id/revisions, newest first; asked again whenever the page gets a new revision. */
export function useRevisions(page: HtmlPage | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'revisions', page?.id, page?.revision, page?.published_revision],
    queryFn: ({ signal }) => apiGet<RevisionsAnswer>(`${pathOf(page!.id)}/revisions`, { signal }),
    select: (answer) => answer.revisions,
    enabled: enabled && page !== undefined,
  });
}
