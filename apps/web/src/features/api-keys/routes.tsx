import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /api-keys (issue 36; administrators only): asks for its first rows while its code loads. */
export const apiKeyPages: Record<string, LazyPage> = {
  '/api-keys': lazyListPage(
    '/api-keys',
    () => import('./pages/api-keys-page').then((m) => ({ default: m.ApiKeysPage })),
    () => import('./api').then((m) => ({ url: m.apiKeysUrl, api: m.apiKeyApi })),
  ),
};
