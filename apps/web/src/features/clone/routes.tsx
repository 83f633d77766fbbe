import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /clone (page clone): asks for the past clones while its code loads. */
export const clonePages: Record<string, LazyPage> = {
  '/clone': lazyListPage(
    '/clone',
    () => import('./pages/clone-page').then((m) => ({ default: m.ClonePage })),
    () =>
      import('./api').then((m) => ({
        url: m.cloneUrl,
        api: m.cloneRunsApi,
      })),
  ),
};
