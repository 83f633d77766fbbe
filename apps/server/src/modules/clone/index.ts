export { cloneRoutes } from './clone.routes.js';
export { CLONE_QUEUE, CloneService } from './clone.service.js';
export { startLinkedMenus, syncLinkedMenus } from './linked-menus.js';
