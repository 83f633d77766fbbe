import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /htmlmanager (page htmlmanager): asks for its first rows while its code loads; the editor (tiptap) loads on open. */
export const htmlPagePages: Record<string, LazyPage> = {
  '/htmlmanager': lazyListPage(
    '/htmlmanager',
    () => import('./pages/html-pages-page').then((m) => ({ default: m.HtmlPagesPage })),
    () => import('./api').then((m) => ({ url: m.htmlPagesUrl, api: m.htmlPageApi })),
  ),
};
