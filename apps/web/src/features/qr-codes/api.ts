import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { isSessionLossMessage, QR_TARGET_TYPES, type QrTargetType, type qrCodeSchema } from '@cd/core';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';
import { API_BASE, APP_LANG } from '../../lib/config';
import { fileNameOf, saveBlob, triggerDownload } from '../../lib/download';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { localList } from '../../lib/local-list';
import { makeResourceApi, type ListApi, type ListQuery } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type QrCode = z.infer<typeof qrCodeSchema>;
export type QrFormat = 'png' | 'svg';

const ROOT = 'qr-codes';
export const QR_SORT = ['label', 'target_type', 'created_at'] as const;

/** GET /qr_codes?foodcourt= (answered whole, newest first): search, type, restaurant, sort and paging here. */
const fetchCodes = (server: ListQuery, signal?: AbortSignal) =>
  apiGet<{ codes: QrCode[] }>(withQuery('qr_codes', server), { signal }).then((answer) => answer.codes);
const resource = makeResourceApi<QrCode, object>({
  key: ROOT,
  path: 'qr_codes',
  rowsField: 'codes',
  rowField: 'codes',
  idOf: (code) => code.id,
});
export const qrApi: ListApi<QrCode> & Pick<typeof resource, 'keys'> = {
  ...resource,
  ...localList<QrCode>({
    key: (server) => [ROOT, 'list', server],
    fetchAll: fetchCodes,
    serverFields: ['foodcourt'],
    searchText: (code) => `${code.label} ${code.link}`,
    localFilters: { restaurant: (code) => code.restaurant ?? '', type: (code) => code.target_type },
    sortValue: (code, sort) => String(code[sort as keyof QrCode] ?? ''),
  }),
  fetchOne: async (id, signal, base) =>
    base.foodcourt
      ? ((await fetchCodes({ foodcourt: base.foodcourt }, signal)).find((c) => String(c.id) === id) ?? null)
      : null,
};

/** /qrGeneration: the food court (required for a list), its restaurant and the code type; `?action=new` makes codes. */
export const qrUrl = listUrlState({
  sort: QR_SORT,
  filters: { foodcourt: param.id(), restaurant: param.id(), type: param.oneOf(QR_TARGET_TYPES) },
});

export type QrCreate = { foodcourt: string; restaurant: string | null; target_type: QrTargetType; labels: string[] };

/** POST /qr_codes: one code per label; the list goes stale. */
export function useCreateCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QrCreate) => apiPost<{ codes: QrCode[] }>('qr_codes', body).then((answer) => answer.codes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ROOT] }),
  });
}

/** Where one code's image downloads (same origin, the session cookie goes with it). */
export const qrImageUrl = (id: number, format: QrFormat) =>
  `${API_BASE}/${withQuery(`qr_codes/${id}/image`, { format })}`;

/** Downloads one code as PNG or SVG (the server names the file). */
export const downloadImage = (id: number, format: QrFormat) => triggerDownload(qrImageUrl(id, format));

/** POST a list of ids, answered by a file (PDF, zip), which is saved under the server's name. */
async function postForFile(path: string, ids: number[], fallback: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids, sender: 'web', lang: APP_LANG }),
    });
  } catch {
    throw new ApiError(0, '', 'network');
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && !type.includes('json')) {
    const name = fileNameOf(response.headers.get('Content-Disposition'), fallback);
    saveBlob(await response.blob(), name);
    return name;
  }
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const message = typeof json?.message === 'string' ? json.message : '';
  const extras = json?.extras && typeof json.extras === 'object' ? (json.extras as Record<string, unknown>) : {};
  if (response.status === 401 || isSessionLossMessage(message)) {
    // lib/api-client signs the user out on its own calls; a cheap authenticated read lets it notice here too.
    void apiGet('backgroundjobs').catch(() => undefined);
  }
  throw new ApiError(response.status, message, typeof extras.code === 'string' ? extras.code : '', extras);
}

/** POST /qr_codes/print {ids}: the print sheet (PDF, six codes a page). */
export const usePrintSheet = () =>
  useMutation({ mutationFn: (ids: number[]) => postForFile('qr_codes/print', ids, `qr-codes-${ids.length}.pdf`) });

/** POST /qr_codes/zip {ids}: every chosen code as PNG and SVG in one zip. */
export const useZip = () =>
  useMutation({ mutationFn: (ids: number[]) => postForFile('qr_codes/zip', ids, `qr-codes-${ids.length}.zip`) });
