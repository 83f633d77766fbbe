import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /allergens (permission allergens): asks for its first rows, with item counts, while its code loads. */
export const allergenPages: Record<string, LazyPage> = {
  '/allergens': lazyListPage(
    '/allergens',
    () => import('./pages/allergens-page').then((m) => ({ default: m.AllergensPage })),
    () => import('./api').then((m) => ({ url: m.allergensUrl, api: m.allergenApi, fixedQuery: { counts: 'true' } })),
  ),
};
