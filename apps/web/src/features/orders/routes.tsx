import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /orderhistory (page preorderhistory) and /refunds (page refunds): each asks for its first rows while it loads. */
export const orderPages: Record<string, LazyPage> = {
  '/orderhistory': lazyListPage(
    '/orderhistory',
    () => import('./pages/order-history-page').then((m) => ({ default: m.OrderHistoryPage })),
    () => import('./api').then((m) => ({ url: m.orderHistoryUrl, api: m.orderApi })),
  ),
  '/refunds': lazyListPage(
    '/refunds',
    () => import('./pages/refunds-page').then((m) => ({ default: m.RefundsPage })),
    () =>
      import('./api').then((m) => ({
        url: m.refundsUrl,
        api: m.refundApi,
      })),
  ),
};
