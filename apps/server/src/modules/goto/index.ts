export { gotoRoutes } from './goto.routes.js';
export { GotoService } from './goto.service.js';
