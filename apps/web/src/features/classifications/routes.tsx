import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { classificationApi, classificationsUrl } from './api';

/** /classifications (page classifications): it asks for its first rows while its code loads. */
export const classificationPages: Record<string, LazyPage> = {
  '/classifications': lazyListPage(
    '/classifications',
    () => import('./pages/classifications-page').then((m) => ({ default: m.ClassificationsPage })),
    { url: classificationsUrl, api: classificationApi },
  ),
};
