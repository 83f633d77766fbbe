import { lazyListPage, lazyPage, type LazyPage } from '../../lib/lazy-page';

/**
 * The Add/Edit Menu page (spec 000 §2.3: /menu, permission editMenu), loaded ahead on a cold start at /menu; and
 * its scheduled changes (/menu-changes, the same permission; issue 36), asking for their first page while the code
 * loads.
 */
export const menuPages: Record<string, LazyPage> = {
  '/menu': lazyPage(() => import('./pages/menu-page').then((m) => ({ default: m.MenuPage }))),
  '/menu-changes': lazyListPage(
    '/menu-changes',
    () => import('./changes/changes-page').then((m) => ({ default: m.MenuChangesPage })),
    () => import('./changes/api').then((m) => ({ url: m.menuChangesUrl, api: m.menuChangeApi })),
  ),
};
