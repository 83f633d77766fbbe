import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isSessionLossMessage,
  type ImageManagerItem,
  type ImageManagerListResponse,
  type ImageManagerUpdateBody,
  type ImageManagerUpdateResponse,
  type ImageManagerUploadResponse,
} from '@cd/core';
import { ApiError, apiDelete, apiGet, apiPut } from '../../lib/api-client';
import { API_BASE, APP_LANG } from '../../lib/config';

/** The image manager calls of spec 001 §7 (GET/POST imagemanager) plus edit and delete. */
export const imageManagerKeys = {
  all: ['imagemanager'] as const,
  list: (action: string, value: string) => [...imageManagerKeys.all, action, value] as const,
};

export function imageListPath(action: string, value: string): string {
  return `imagemanager?${new URLSearchParams({ action, value }).toString()}`;
}

export async function fetchImages(action: string, value: string, signal?: AbortSignal): Promise<ImageManagerItem[]> {
  const answer = await apiGet<ImageManagerListResponse>(imageListPath(action, value), { signal });
  return answer.data ?? [];
}

export type UploadRequest = { action: string; value: string; keywords?: string; files: File[] };

async function readEnvelope(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * POST imagemanager as multipart (action, value, keywords, then the `images` files: the text fields go first
 * so the server can refuse an unpermitted upload before receiving any file). Same envelope and errors as
 * lib/api-client.
 */
export async function uploadImages({ action, value, keywords, files }: UploadRequest): Promise<ImageManagerItem[]> {
  const form = new FormData();
  form.append('action', action);
  form.append('value', value);
  if (keywords?.trim()) form.append('keywords', keywords.trim());
  form.append('sender', 'web');
  form.append('lang', APP_LANG);
  for (const file of files) form.append('images', file, file.name);

  let response: Response;
  try {
    response = await fetch(`${API_BASE}/imagemanager`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, '', 'network');
  }
  const json = await readEnvelope(response);
  if (response.ok && json?.result !== 'failure') {
    return ((json as ImageManagerUploadResponse | null)?.data ?? []) as ImageManagerItem[];
  }
  const message = typeof json?.message === 'string' ? json.message : '';
  const extras = json?.extras && typeof json.extras === 'object' ? (json.extras as Record<string, unknown>) : {};
  const error = new ApiError(response.status, message, typeof extras.code === 'string' ? extras.code : '', extras);
  if (response.status === 401 || isSessionLossMessage(message)) {
    // lib/api-client signs the user out on its own calls; a cheap authenticated read lets it notice here too.
    void apiGet(imageListPath(action, value)).catch(() => undefined);
  }
  throw error;
}

export function updateImage(id: number, body: ImageManagerUpdateBody): Promise<ImageManagerUpdateResponse> {
  return apiPut<ImageManagerUpdateResponse>(`imagemanager/${id}`, body);
}

export function deleteImage(id: number): Promise<{ message: string }> {
  return apiDelete<{ message: string }>(`imagemanager/${id}`);
}

export function useImageList(action: string, value: string, enabled = true) {
  return useQuery({
    queryKey: imageManagerKeys.list(action, value),
    queryFn: ({ signal }) => fetchImages(action, value, signal),
    enabled,
  });
}

type Callbacks<T> = { onSuccess?: (answer: T) => void };

/** Mutations refresh the list first, then call the caller's onSuccess (DESIGN.md §3). */
export function useUploadImages({ onSuccess }: Callbacks<ImageManagerItem[]> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImages,
    onSuccess: async (items, request) => {
      await queryClient.invalidateQueries({ queryKey: imageManagerKeys.list(request.action, request.value) });
      onSuccess?.(items);
    },
  });
}

export function useUpdateImage({ onSuccess }: Callbacks<ImageManagerItem> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ImageManagerUpdateBody }) => updateImage(id, body),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: imageManagerKeys.list(answer.data.action, answer.data.value) });
      onSuccess?.(answer.data);
    },
  });
}

export function useDeleteImage({ onSuccess }: Callbacks<ImageManagerItem> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (item: ImageManagerItem) => {
      await deleteImage(item.id);
      return item;
    },
    onSuccess: async (item) => {
      await queryClient.invalidateQueries({ queryKey: imageManagerKeys.list(item.action, item.value) });
      onSuccess?.(item);
    },
  });
}
