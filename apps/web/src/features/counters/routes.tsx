import { lazyListPage, lazyPage, type LazyPage } from '../../lib/lazy-page';

/**
 * /counterTemplate (page counterTemplate), /counterManagement (page counterManagement, which asks for its first
 * counters while its code loads) and /cashier (page cashier-management).
 */
export const counterPages: Record<string, LazyPage> = {
  '/counterTemplate': lazyPage(() =>
    import('./pages/counter-templates-page').then((m) => ({ default: m.CounterTemplatesPage })),
  ),
  '/counterManagement': lazyListPage(
    '/counterManagement',
    () => import('./pages/counters-page').then((m) => ({ default: m.CountersPage })),
    () => import('./api').then((m) => ({ url: m.countersUrl, api: m.counterApi })),
  ),
  '/cashier': lazyPage(() => import('./pages/cashiers-page').then((m) => ({ default: m.CashiersPage }))),
};
