import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { inventoryApi, inventoryUrl } from './api';

/** /inventoryManagement (page inventoryManagement): asks for its first rows while its code loads. */
export const inventoryPages: Record<string, LazyPage> = {
  '/inventoryManagement': lazyListPage(
    '/inventoryManagement',
    () => import('./pages/inventory-page').then((m) => ({ default: m.InventoryPage })),
    { url: inventoryUrl, api: inventoryApi },
  ),
};
