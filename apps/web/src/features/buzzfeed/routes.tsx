import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /buzzfeed (page buzzfeed): asks for its first posts while its code loads. */
export const buzzfeedPages: Record<string, LazyPage> = {
  '/buzzfeed': lazyListPage(
    '/buzzfeed',
    () => import('./pages/posts-page').then((m) => ({ default: m.PostsPage })),
    () =>
      import('./api').then((m) => ({
        url: m.postsUrl,
        api: m.newsPostApi,
      })),
  ),
};
