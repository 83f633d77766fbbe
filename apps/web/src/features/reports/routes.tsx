import { REPORT_GROUP_PAGES } from '@cd/core';
import { lazyPage, type LazyPage } from '../../lib/lazy-page';

const groupPages = () => import('./pages/report-group-page');

/**
 * The reports pages (issue 14), by navigation path. Each loads on demand, and the charting library only with
 * them. The sales dashboard is the navigation entry /vdashboard/index.html#/ (salesReports), opened in-app.
 */
export const reportPages: Record<string, LazyPage> = {
  '/reports': lazyPage(() => import('./pages/reports-hub-page').then((m) => ({ default: m.ReportsHubPage }))),
  [REPORT_GROUP_PAGES.generalReport.path]: lazyPage(() =>
    groupPages().then((m) => ({ default: m.GeneralReportsPage })),
  ),
  [REPORT_GROUP_PAGES.standardSalesReport.path]: lazyPage(() =>
    groupPages().then((m) => ({ default: m.StandardSalesReportsPage })),
  ),
  [REPORT_GROUP_PAGES.standardItemWiseReport.path]: lazyPage(() =>
    groupPages().then((m) => ({ default: m.ItemWiseReportsPage })),
  ),
  '/production_planning': lazyPage(() =>
    import('./pages/production-planning-page').then((m) => ({ default: m.ProductionPlanningPage })),
  ),
  '/vdashboard/index.html#/': lazyPage(() =>
    import('./pages/sales-dashboard-page').then((m) => ({ default: m.SalesDashboardPage })),
  ),
  '/power_bi_reports': lazyPage(() =>
    import('./pages/embedded-reports-page').then((m) => ({ default: m.EmbeddedReportsPage })),
  ),
};
