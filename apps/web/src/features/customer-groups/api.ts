import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CUSTOMER_GROUP_KINDS,
  GROUP_SORT,
  type Customer,
  type CustomerGroup,
  type groupAnswer,
  type groupBody,
  type groupImportAnswer,
  type GroupRule,
} from '@cd/core';
import { apiGet, apiPost, apiPostForm } from '../../lib/api-client';
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

/** POST /groups/:id/import as multipart (mode first, then the file): a static group's members from .xlsx or .csv. */
export function importMembers(id: number, mode: GroupImportMode, file: File): Promise<GroupImportAnswer> {
  return apiPostForm<GroupImportAnswer>(`groups/${id}/import`, { mode }, { name: 'file', value: file });
}

export function useImportMembers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, file }: { mode: GroupImportMode; file: File }) => importMembers(id, mode, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
