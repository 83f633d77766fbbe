import { useMutation } from '@tanstack/react-query';
import { isSessionLossMessage, type BackgroundJob, type JobResponse } from '@cd/core';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';
import { API_BASE, APP_LANG } from '../../lib/config';
import { useJobEvents } from '../background-tasks';

/** GET /download_template streams the empty bulk-edit workbook. */
export const TEMPLATE_URL = `${API_BASE}/download_template`;

export type UploadKind = 'menu' | 'nutrition';
const uploadPaths: Record<UploadKind, string> = {
  menu: 'bulkupload/upload_bulkitems',
  nutrition: 'bulk/nutrition_upload',
};

async function readEnvelope(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * POST multipart (restaurant first, then the file, so the server can refuse before receiving it). Same
 * envelope and errors as lib/api-client.
 */
export async function startUpload(kind: UploadKind, restaurant: string, file: File): Promise<BackgroundJob> {
  const form = new FormData();
  form.append('restaurant', restaurant);
  form.append('sender', 'web');
  form.append('lang', APP_LANG);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${uploadPaths[kind]}`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, '', 'network');
  }
  const json = await readEnvelope(response);
  if (response.ok && json?.result !== 'failure') return (json as JobResponse | null)?.job as BackgroundJob;
  const message = typeof json?.message === 'string' ? json.message : '';
  const extras = json?.extras && typeof json.extras === 'object' ? (json.extras as Record<string, unknown>) : {};
  const error = new ApiError(response.status, message, typeof extras.code === 'string' ? extras.code : '', extras);
  if (response.status === 401 || isSessionLossMessage(message)) {
    // lib/api-client signs the user out on its own calls; a cheap authenticated read lets it notice here too.
    void apiGet('backgroundjobs').catch(() => undefined);
  }
  throw error;
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
