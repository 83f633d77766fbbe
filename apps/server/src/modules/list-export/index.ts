/** Exports of the resource lists (issue 11): declared per resource, one route handler and one job for all. */
export { ListExports, EXPORT_QUEUE, type ListExport } from './list-exports.js';
export { exportFileName, type ExportColumn } from './export-workbook.js';

import type { ListExports } from './list-exports.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    listExports: ListExports;
  }
}
