import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEY_SORT, type ApiKeyView, type apiKeyBody } from '@cd/core';
import type { z } from 'zod';
import { apiDelete, apiGet, apiPost } from '../../lib/api-client';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

/** GET /api_keys (administrators only): the ordering apps' keys, never the keys themselves. */
export const apiKeyApi = makeResourceApi<ApiKeyView, z.input<typeof apiKeyBody>>({
  key: 'api_keys',
  path: 'api_keys',
  rowsField: 'api_keys',
  rowField: 'api_key',
  idOf: (k) => k.id,
  // Keys are few, and the list's search reads names and prefixes, not ids: a key not on the page is looked for in
  // the first 200.
  fetchOne: async (id, signal, base): Promise<ApiKeyView | null> => {
    const answer = await apiGet<{ api_keys: ApiKeyView[] }>(
      withQuery('api_keys', { ...base, page: 1, page_size: 200 }),
      {
        signal,
      },
    );
    return answer.api_keys.find((k) => String(k.id) === id) ?? null;
  },
});

/** A key just made or rotated: the key itself is in this answer only. */
export type IssuedKey = { message: string; api_key: ApiKeyView; key: string };

function useAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKeyApi.keys.all });
}

/** POST /api_keys: a new key for an app and its food courts (none: every food court). */
export function useCreateKey() {
  const after = useAfter();
  return useMutation({
    mutationFn: (body: z.input<typeof apiKeyBody>) => apiPost<IssuedKey>('api_keys', body),
    onSuccess: () => after(),
  });
}

/** POST /api_keys/:id/rotate: a new key; the old one is accepted `grace_seconds` more. */
export function useRotateKey() {
  const after = useAfter();
  return useMutation({
    mutationFn: ({ id, grace_seconds }: { id: number; grace_seconds: number }) =>
      apiPost<IssuedKey & { replaced: ApiKeyView }>(`api_keys/${id}/rotate`, { grace_seconds }),
    onSuccess: () => after(),
  });
}

/** DELETE /api_keys/:id: the key is refused from its next call. */
export function useRevokeKey() {
  const after = useAfter();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ message: string; api_key: ApiKeyView }>(`api_keys/${id}`),
    onSuccess: () => after(),
  });
}

/** /api-keys: the list's query; `?dialog=rotate|revoke&edit=<id>` opens a key's action. */
export const apiKeysUrl = listUrlState({
  sort: API_KEY_SORT,
  dialogs: ['rotate', 'revoke'] as const,
  filters: { status: param.oneOf(['active', 'revoked'] as const) },
});
