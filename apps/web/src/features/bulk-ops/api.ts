import { useMutation } from '@tanstack/react-query';
import type { BackgroundJob, JobResponse } from '@cd/core';
import { apiPost, apiPostForm } from '../../lib/api-client';
import { API_BASE } from '../../lib/config';
import { useJobEvents } from '../background-tasks';

/** GET /download_template streams the empty bulk-edit workbook. */
export const TEMPLATE_URL = `${API_BASE}/download_template`;

export type UploadKind = 'menu' | 'nutrition';
const uploadPaths: Record<UploadKind, string> = {
  menu: 'bulkupload/upload_bulkitems',
  nutrition: 'bulk/nutrition_upload',
};

/**
 * POST multipart (restaurant first, then the file, so the server can refuse before receiving it). Same
 * envelope and errors as lib/api-client.
 */
export async function startUpload(kind: UploadKind, restaurant: string, file: File): Promise<BackgroundJob> {
  const answer = await apiPostForm<JobResponse>(uploadPaths[kind], { restaurant }, { name: 'file', value: file });
  return answer.job;
}

export async function startDownload(restaurants: string[]): Promise<BackgroundJob> {
  const answer = await apiPost<JobResponse>('bulk/download', { restaurant_list: restaurants });
  return answer.job;
}

export async function startErase(restaurant: string): Promise<BackgroundJob> {
  const answer = await apiPost<JobResponse>('bulk_action', { action: 'erase_menu', restaurant, confirm: true });
  return answer.job;
}

export type StartRequest =
  | { op: 'download'; restaurants: string[] }
  | { op: 'upload'; kind: UploadKind; restaurant: string; file: File }
  | { op: 'erase'; restaurant: string };

function start(request: StartRequest): Promise<BackgroundJob> {
  if (request.op === 'download') return startDownload(request.restaurants);
  if (request.op === 'upload') return startUpload(request.kind, request.restaurant, request.file);
  return startErase(request.restaurant);
}

/** Starts a bulk job; the answered job goes into the background-tasks panel at once. */
export function useStartJob() {
  const { upsert } = useJobEvents();
  return useMutation({
    mutationFn: start,
    onSuccess: (job) => {
      if (job?.id) upsert(job);
    },
  });
}
