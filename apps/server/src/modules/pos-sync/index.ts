export { posSyncRoutes } from './pos-sync.routes.js';
