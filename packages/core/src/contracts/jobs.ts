import { z } from 'zod';
import { clientMeta } from './envelope.js';
import { JOB_STATUSES, JOB_TYPES, type BackgroundJob } from '../jobs/jobs.js';

/**
 * Background jobs and bulk operations (issue 6). Paths under /v2/bck:
 *
 * Jobs (any signed-in user; each sees only their own jobs)
 *   GET    /backgroundjobs                        → { data: BackgroundJob[] } (types upload, download, erase; newest first)
 *   GET    /events                                 Server-Sent Events: `job` (data BackgroundJob), `job_deleted`
 *                                                  (data {id}), `sync` (data {last_bqsync_time}); each event has an
 *                                                  increasing id; a reconnect with Last-Event-ID gets what it missed.
 *   GET    /backgroundjob/file?job_id=&index=      streams a result file (index into filepath) or `&kind=error`
 *   DELETE /delete/backgroundjob?job_type=&job_id=[&rest_id=]   dismisses a finished job and deletes its files
 * Bulk operations (page bulkops or bulk_operations)
 *   GET    /download_template                      streams the empty bulk-edit workbook (.xlsx)
 *   POST   /bulk/download        body BulkDownloadBody  → { job } one .xlsx per restaurant
 *   POST   /bulkupload/upload_bulkitems   multipart: restaurant, file (.xlsx) → { job }
 *   POST   /bulk/nutrition_upload         multipart: restaurant, file (.xlsx) → { job } (fine permission bulk_nutrition_upload)
 *   POST   /bulk_action          body BulkActionBody    → { job } (erase_menu; fine permission erase_menu)
 * Enqueuing happens in the same transaction as the job record; the job runs in the worker (pg-boss).
 */
export const jobTypeSchema = z.enum(JOB_TYPES);
export const deleteJobQuery = z.object({
  job_type: jobTypeSchema,
  job_id: z.string().min(1).max(80),
  rest_id: z.string().max(200).optional(),
});
export const jobFileQuery = z.object({
  job_id: z.string().min(1).max(80),
  index: z.coerce.number().int().min(0).max(500).default(0),
  kind: z.enum(['result', 'error']).default('result'),
});
export const bulkDownloadBody = z.object({
  restaurant_list: z.array(z.string().min(1).max(200)).min(1, 'Choose at least one restaurant').max(50),
  ...clientMeta,
});
export const bulkActionBody = z.object({
  action: z.literal('erase_menu'),
  restaurant: z.string().min(1).max(200),
  /** The user typed the restaurant's name to confirm. */
  confirm: z.literal(true),
  ...clientMeta,
});
export type JobResponse = { result: 'success'; job: BackgroundJob };

/** The job record as answers and events carry it (BackgroundJob). */
export const backgroundJobSchema = z.object({
  id: z.string(),
  userid: z.string(),
  type: z.enum(JOB_TYPES),
  status: z.enum(JOB_STATUSES),
  filename: z.string(),
  filepath: z.union([z.string(), z.array(z.string())]),
  error_file: z.string(),
  start_ts: z.string(),
  end_ts: z.string().nullable(),
  title: z.string(),
  restId: z.string(),
  actionId: z.string(),
  actionType: z.string(),
  mainTitle: z.string(),
  showTimestamp: z.boolean(),
  progress: z.object({ done: z.number(), total: z.number() }),
  message: z.string(),
}) satisfies z.ZodType<BackgroundJob>;
export const jobAnswer = z.object({ result: z.literal('success'), job: backgroundJobSchema });
export const jobsAnswer = z.object({ result: z.literal('success'), data: z.array(backgroundJobSchema) });
export type JobsResponse = { result: 'success'; data: BackgroundJob[] };
