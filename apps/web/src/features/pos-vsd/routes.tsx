import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /pos-vsd (page pos-vsd, India region): asks for its first rows while its code loads. */
export const posVsdPages: Record<string, LazyPage> = {
  '/pos-vsd': lazyListPage(
    '/pos-vsd',
    () => import('./pages/pos-vsd-page').then((m) => ({ default: m.PosVsdPage })),
    () =>
      import('./api').then((m) => ({
        url: m.posVsdUrl,
        api: m.pluApi,
        requires: ['restaurant'],
      })),
  ),
};
