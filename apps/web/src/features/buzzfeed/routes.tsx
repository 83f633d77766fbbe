import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { newsPostApi, postsUrl } from './api';

/** /buzzfeed (page buzzfeed): asks for its first posts while its code loads. */
export const buzzfeedPages: Record<string, LazyPage> = {
  '/buzzfeed': lazyListPage('/buzzfeed', () => import('./pages/posts-page').then((m) => ({ default: m.PostsPage })), {
    url: postsUrl,
    api: newsPostApi,
  }),
};
