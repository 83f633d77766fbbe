import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /classifications (page classifications): it asks for its first rows while its code loads. */
export const classificationPages: Record<string, LazyPage> = {
  '/classifications': lazyListPage(
    '/classifications',
    () => import('./pages/classifications-page').then((m) => ({ default: m.ClassificationsPage })),
    () => import('./api').then((m) => ({ url: m.classificationsUrl, api: m.classificationApi })),
  ),
};
