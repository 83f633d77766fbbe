import { lazy } from 'react';
import type { LazyPage } from '../../lib/lazy-page';

const SubmenuManagementPage = lazy(() =>
  import('./pages/submenu-management-page').then((m) => ({ default: m.SubmenuManagementPage })),
);

/** /submenu_management (permission subMenuManagement, also granted by category_Only or submenu_Only). */
export const menuManagementPages: Record<string, LazyPage> = { '/submenu_management': SubmenuManagementPage };
