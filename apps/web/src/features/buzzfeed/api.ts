import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { NEWS_POST_SORT, type NewsPost, type newsPostAnswer, type newsPostBody } from '@cd/core';
import { apiGet } from '../../lib/api-client';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type NewsPostBody = z.input<typeof newsPostBody>;
type PostAnswer = z.infer<typeof newsPostAnswer>;

/** A post's state in the list: draft, or published and scheduled, live or expired (core's postState). */
export const POST_STATES = ['draft', 'scheduled', 'live', 'expired'] as const;
/** How often an open post's poll results are asked for again (ms). */
export const RESULTS_REFRESH_MS = 5000;

const postPath = (id: number | string) => `buzzfeed/posts/${encodeURIComponent(String(id))}`;
const fetchPost = async (id: number | string, signal?: AbortSignal) =>
  (await apiGet<PostAnswer>(postPath(id), { signal })).post;

/** GET /buzzfeed/posts (paged), POST /buzzfeed/posts, GET|PUT|DELETE /buzzfeed/posts/:id (version-checked). */
export const newsPostApi = makeResourceApi<NewsPost, NewsPostBody>({
  key: 'buzzfeed',
  path: 'buzzfeed/posts',
  rowsField: 'posts',
  rowField: 'post',
  idOf: (post) => post.id,
  exportName: 'news-posts.xlsx',
  fetchOne: (id, signal) => fetchPost(id, signal),
});

/** ?search=&state=&foodcourt=&sort=&order=&page=&page_size=; ?edit=<id>, ?action=new, ?dialog=delete. */
export const postsUrl = listUrlState({
  sort: NEWS_POST_SORT,
  dialogs: ['delete'] as const,
  filters: { state: param.oneOf(POST_STATES), foodcourt: param.id() },
});

/** An open post's poll results, asked for again every 5 s while the post's dialog is open. */
export function useLivePoll(id: number, known?: NewsPost) {
  return useQuery({
    queryKey: ['buzzfeed', 'live', id],
    initialData: known,
    queryFn: ({ signal }) => fetchPost(id, signal),
    select: (post) => post.poll,
    refetchInterval: RESULTS_REFRESH_MS,
  });
}
