import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CUSTOMER_GROUP_KINDS,
  GROUP_SORT,
  isSessionLossMessage,
  type Customer,
  type CustomerGroup,
  type groupAnswer,
  type groupBody,
  type groupImportAnswer,
  type GroupRule,
} from '@cd/core';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';
import { API_BASE, APP_LANG } from '../../lib/config';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type GroupBody = z.input<typeof groupBody>;
export type GroupImportAnswer = z.infer<typeof groupImportAnswer>;
export type GroupImportMode = 'append' | 'replace';
type GroupAnswer = z.infer<typeof groupAnswer>;

/** GET /groups (server-paged, ≤ 200 a page), POST /groups, PUT and DELETE /groups/:id (version-checked). */
export const groupApi = makeResourceApi<CustomerGroup, GroupBody>({
  key: 'groups',
  path: 'groups',
  rowsField: 'groups',
  rowField: 'group',
  idOf: (group) => group.id,
  exportName: 'customer-groups.xlsx',
});

export const groupsUrl = listUrlState({
  sort: GROUP_SORT,
  dialogs: ['delete', 'members', 'import'] as const,
  filters: { kind: param.oneOf(CUSTOMER_GROUP_KINDS) },
});

/** POST /groups/count {rule}: how many customers a rule finds now (the editor's live count). */
export function useRuleCount(rule: GroupRule | null) {
  return useQuery({
    queryKey: ['groups', 'count', rule],
    queryFn: ({ signal }) => apiPost<{ count: number }>('groups/count', { rule }, { signal }),
    enabled: rule !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    select: (answer) => answer.count,
  });
}

export const MEMBERS_PAGE_SIZE = 25;

/** GET /groups/:id/members?search=&page=&page_size=: a page of a group's members with their contacts. */
export function useGroupMembers(id: number, query: { search: string; page: number; page_size: number }) {
  return useQuery({
    queryKey: ['groups', 'members', id, query],
    queryFn: ({ signal }) =>
      apiGet<{ members: Customer[]; total: number }>(withQuery(`groups/${id}/members`, query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /groups/:id/refresh: a rule group counts its members now; the list shows the new count. */
export function useRefreshGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: CustomerGroup) =>
      apiPost<Partial<GroupAnswer> & { member_count?: number }>(`groups/${group.id}/refresh`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}

async function readEnvelope(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * POST /groups/:id/import as multipart (mode first, then the file): a static group's members from a .xlsx or
 * .csv file. Same envelope and errors as lib/api-client.
 */
export async function importMembers(id: number, mode: GroupImportMode, file: File): Promise<GroupImportAnswer> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('sender', 'web');
  form.append('lang', APP_LANG);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/groups/${id}/import`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, '', 'network');
  }
  const json = await readEnvelope(response);
  if (response.ok && json?.result === 'success') return json as GroupImportAnswer;
  const message = typeof json?.message === 'string' ? json.message : '';
  const extras = json?.extras && typeof json.extras === 'object' ? (json.extras as Record<string, unknown>) : {};
  const error = new ApiError(response.status, message, typeof extras.code === 'string' ? extras.code : '', extras);
  if (response.status === 401 || isSessionLossMessage(message)) {
    // lib/api-client signs the user out on its own calls; a cheap authenticated read lets it notice here too.
    void apiGet(`groups/${id}/members?page_size=25`).catch(() => undefined);
  }
  throw error;
}

export function useImportMembers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, file }: { mode: GroupImportMode; file: File }) => importMembers(id, mode, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
