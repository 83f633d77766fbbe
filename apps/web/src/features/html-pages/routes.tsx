import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { htmlPageApi, htmlPagesUrl } from './api';

/** /htmlmanager (page htmlmanager): asks for its first rows while its code loads; the editor (tiptap) loads on open. */
export const htmlPagePages: Record<string, LazyPage> = {
  '/htmlmanager': lazyListPage(
    '/htmlmanager',
    () => import('./pages/html-pages-page').then((m) => ({ default: m.HtmlPagesPage })),
    { url: htmlPagesUrl, api: htmlPageApi },
  ),
};
