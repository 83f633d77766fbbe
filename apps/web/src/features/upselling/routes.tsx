import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /upselling (page upselling-items): asks for its first rules while its code loads. */
export const upsellingPages: Record<string, LazyPage> = {
  '/upselling': lazyListPage(
    '/upselling',
    () => import('./pages/upselling-page').then((m) => ({ default: m.UpsellingPage })),
    () => import('./api').then((m) => ({ url: m.upsellUrl, api: m.upsellApi })),
  ),
};
