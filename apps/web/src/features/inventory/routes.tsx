import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /inventoryManagement (page inventoryManagement): asks for its first rows while its code loads. */
export const inventoryPages: Record<string, LazyPage> = {
  '/inventoryManagement': lazyListPage(
    '/inventoryManagement',
    () => import('./pages/inventory-page').then((m) => ({ default: m.InventoryPage })),
    () => import('./api').then((m) => ({ url: m.inventoryUrl, api: m.inventoryApi, requires: ['restaurant'] })),
  ),
};
