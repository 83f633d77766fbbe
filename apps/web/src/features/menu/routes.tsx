import { lazyPage, type LazyPage } from '../../lib/lazy-page';

/** The Add/Edit Menu page (spec 000 §2.3: /menu, permission editMenu); loaded ahead on a cold start at /menu. */
export const menuPages: Record<string, LazyPage> = {
  '/menu': lazyPage(() => import('./pages/menu-page').then((m) => ({ default: m.MenuPage }))),
};
