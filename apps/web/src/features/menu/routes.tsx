import { lazy } from 'react';
import type { LazyPage } from '../../lib/lazy-page';

/** The Add/Edit Menu page (spec 000 §2.3: /menu, permission editMenu). */
export const menuPages: Record<string, LazyPage> = {
  '/menu': lazy(() => import('./pages/menu-page').then((m) => ({ default: m.MenuPage }))),
};
