import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /subscription (page subscription): meal plans and their members; the first plans are asked for while the code loads. */
export const subscriptionPages: Record<string, LazyPage> = {
  '/subscription': lazyListPage(
    '/subscription',
    () => import('./pages/subscriptions-page').then((m) => ({ default: m.SubscriptionsPage })),
    () => import('./api').then((m) => ({ url: m.plansUrl, api: m.planApi })),
  ),
};
