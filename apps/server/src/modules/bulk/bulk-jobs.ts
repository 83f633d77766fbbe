import type { JobRegistry } from '../jobs/job-types.js';
import { bulkDownloadJob } from './bulk-download.js';
import { bulkEraseJob } from './bulk-erase.js';
import { bulkNutritionJob } from './bulk-nutrition.js';
import { bulkUploadJob } from './bulk-upload.js';

/** Bulk operations (issue 6): Excel menu download, upload, nutrition upload and erase, each run as a job. */
export const BULK_QUEUES = {
  download: 'bulk-download',
  upload: 'bulk-upload',
  nutrition: 'bulk-nutrition-upload',
  erase: 'bulk-erase',
} as const;

/** Registers the bulk job handlers (the API and a worker-only process both build the app, so both call this). */
export function registerBulkJobs(jobs: JobRegistry): void {
  jobs.register(BULK_QUEUES.download, bulkDownloadJob);
  jobs.register(BULK_QUEUES.upload, bulkUploadJob);
  jobs.register(BULK_QUEUES.nutrition, bulkNutritionJob);
  jobs.register(BULK_QUEUES.erase, bulkEraseJob);
}
