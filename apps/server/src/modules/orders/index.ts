export { ordersRoutes } from './orders.routes.js';
export { ingestRoutes } from './ingest.routes.js';
export { OrdersService } from './orders.service.js';
export { RefundsService } from './refunds.service.js';
export { IngestService } from './ingest.service.js';
