export { reportsRoutes } from './reports.routes.js';
export { orderContribution, refundContribution, rebuildRollups } from './rollups.js';
