import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_SORT,
  type documentAnswer,
  type documentBody,
  type documentRevisionsAnswer,
  type PdfDocument,
} from '@cd/core';
import { apiGet, apiPostForm } from '../../lib/api-client';
import { API_BASE } from '../../lib/config';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type DocumentInput = z.input<typeof documentBody>;
export type DocumentOutput = z.output<typeof documentBody>;
export const DOCUMENT_STATES = ['valid', 'expiring', 'expired', 'no_file'] as const;

const path = (id: number | string) => `documents/${encodeURIComponent(String(id))}`;

/** GET /documents?search=&foodcourt=&category=&state=; POST; GET, PUT and DELETE /documents/:id (version-checked). */
export const documentApi = makeResourceApi<PdfDocument, DocumentOutput>({
  key: 'documents',
  path: 'documents',
  rowsField: 'documents',
  rowField: 'document',
  idOf: (d) => d.id,
  exportName: 'documents.xlsx',
  // A document not on the page shown (one just created, a link) is read by its id.
  fetchOne: async (id, signal) => (await apiGet<z.infer<typeof documentAnswer>>(path(id), { signal })).document ?? null,
});

export const documentsUrl = listUrlState({
  sort: DOCUMENT_SORT,
  dialogs: ['delete'] as const,
  filters: {
    foodcourt: param.id(),
    category: param.oneOf(DOCUMENT_CATEGORIES),
    state: param.oneOf(DOCUMENT_STATES),
  },
});

/** Where the browser opens a document's PDF: the current one, or an older revision. */
export const fileUrl = (id: number, revision?: number) =>
  `${API_BASE}/${path(id)}/file${revision ? `?revision=${revision}` : ''}`;

const revisionsKey = (id: number) => [...documentApi.keys.all, 'revisions', id];

/** GET /documents/:id/revisions: every uploaded file, newest first. */
export function useRevisions(id: number) {
  return useQuery({
    queryKey: revisionsKey(id),
    queryFn: ({ signal }) =>
      apiGet<z.infer<typeof documentRevisionsAnswer>>(`${path(id)}/revisions`, { signal }).then((a) => a.revisions),
  });
}

/** POST /documents/:id/file (multipart, field "file"): a new revision; the server takes a real PDF only. */
export function useUpload(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiPostForm<z.infer<typeof documentAnswer>>(`${path(id)}/file`, {}, { name: 'file', value: file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentApi.keys.all }),
  });
}
