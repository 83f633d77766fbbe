export { counterTemplateRoutes } from './templates.routes.js';
export { countersRoutes } from './counters.routes.js';
export { devicesRoutes } from './devices.routes.js';
export { cashiersRoutes } from './cashiers.routes.js';
export { startDeviceSweep } from './devices.service.js';
export { pushRoutes } from './push.routes.js';
export { qrLinkRoute, qrRoutes } from './qr.routes.js';
