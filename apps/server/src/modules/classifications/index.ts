export { classificationsRoutes } from './classifications.routes.js';
