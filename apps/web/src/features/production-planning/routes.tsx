import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /production_planning_menuMgmt (page productionPlanning): asks for its first rows while its code loads. */
export const productionPlanningPages: Record<string, LazyPage> = {
  '/production_planning_menuMgmt': lazyListPage(
    '/production_planning_menuMgmt',
    () => import('./pages/production-planning-page').then((m) => ({ default: m.ProductionPlanningPage })),
    () => import('./api').then((m) => ({ url: m.productionUrl, api: m.productionPlanApi, requires: ['restaurant'] })),
  ),
};
