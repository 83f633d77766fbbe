import { lazyListPage, lazyPage, type LazyPage } from '../../lib/lazy-page';
import { counterApi, countersUrl } from './api';

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
    { url: countersUrl, api: counterApi },
  ),
  '/cashier': lazyPage(() => import('./pages/cashiers-page').then((m) => ({ default: m.CashiersPage }))),
};
