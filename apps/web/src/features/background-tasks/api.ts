import type { BackgroundJob, JobsResponse } from '@cd/core';
import { apiDelete, apiGet } from '../../lib/api-client';
import { API_BASE } from '../../lib/config';

/** GET /backgroundjobs: the signed-in user's jobs (upload, download, erase), newest first. */
export async function fetchJobs(): Promise<BackgroundJob[]> {
  const answer = await apiGet<JobsResponse>('backgroundjobs');
  return answer.data ?? [];
}

export const EVENTS_URL = `${API_BASE}/events`;

/** Where a job's result file (by index) or its error workbook streams from. */
export function jobFileUrl(jobId: string, index = 0, kind: 'result' | 'error' = 'result'): string {
  const query = new URLSearchParams({ job_id: jobId, index: String(index) });
  if (kind === 'error') query.set('kind', 'error');
  return `${API_BASE}/backgroundjob/file?${query.toString()}`;
}

/** DELETE /delete/backgroundjob: dismisses a finished job; the server deletes its files. */
export function dismissJob(job: Pick<BackgroundJob, 'id' | 'type' | 'restId'>): Promise<unknown> {
  const query = new URLSearchParams({ job_type: job.type, job_id: job.id });
  if (job.restId) query.set('rest_id', job.restId);
  return apiDelete(`delete/backgroundjob?${query.toString()}`);
}

export { triggerDownload } from '../../lib/download';
