/** Bulk operations (issue 6): the routes and the job handlers they enqueue. */
export { BULK_QUEUES, registerBulkJobs } from './bulk-jobs.js';
export { bulkRoutes } from './bulk.routes.js';
