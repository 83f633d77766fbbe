import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { allergenApi, allergensUrl } from './api';

/** /allergens (permission allergens): asks for its first rows, with item counts, while its code loads. */
export const allergenPages: Record<string, LazyPage> = {
  '/allergens': lazyListPage(
    '/allergens',
    () => import('./pages/allergens-page').then((m) => ({ default: m.AllergensPage })),
    { url: allergensUrl, api: allergenApi, fixedQuery: { counts: 'true' } },
  ),
};
