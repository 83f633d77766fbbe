import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { productionPlanApi, productionUrl } from './api';

/** /production_planning_menuMgmt (page productionPlanning): asks for its first rows while its code loads. */
export const productionPlanningPages: Record<string, LazyPage> = {
  '/production_planning_menuMgmt': lazyListPage(
    '/production_planning_menuMgmt',
    () => import('./pages/production-planning-page').then((m) => ({ default: m.ProductionPlanningPage })),
    { url: productionUrl, api: productionPlanApi },
  ),
};
