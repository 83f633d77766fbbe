export { dayendRoutes } from './dayend.routes.js';
export { sapRoutes } from './sap.routes.js';
export { DayEndService } from './dayend.service.js';
export { sftpTarget } from './sap-delivery.js';
export { autoCloseDays, startAutoDayEnd } from './dayend-auto.js';
