import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { orderApi, orderHistoryUrl, refundApi, refundsUrl } from './api';

/** /orderhistory (page preorderhistory) and /refunds (page refunds): each asks for its first rows while it loads. */
export const orderPages: Record<string, LazyPage> = {
  '/orderhistory': lazyListPage(
    '/orderhistory',
    () => import('./pages/order-history-page').then((m) => ({ default: m.OrderHistoryPage })),
    { url: orderHistoryUrl, api: orderApi },
  ),
  '/refunds': lazyListPage('/refunds', () => import('./pages/refunds-page').then((m) => ({ default: m.RefundsPage })), {
    url: refundsUrl,
    api: refundApi,
  }),
};
