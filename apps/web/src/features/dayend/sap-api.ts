import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackgroundJob, SapLog, SapPreviewAnswer, SapRuleBody, SapRuleView } from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { API_BASE } from '../../lib/config';
import { withQuery } from '../../lib/list-url-state';
import { makeResourceApi, type ListApi } from '../../lib/resource-api';
import { useJobEvents } from '../background-tasks';
import type { DayRef } from './api';
import { localList } from '../../lib/local-list';

/** Every SAP query sits under this key; a rule saved makes the previews stale, a close or reopen too. */
const ROOT = ['sap'] as const;
export const sapKeys = {
  rules: [...ROOT, 'rules'] as const,
  preview: (ref: DayRef) => [...ROOT, 'preview', ref] as const,
  logs: [...ROOT, 'logs'] as const,
};

/** The posting rules of /sap-inflow (version-checked saves and deletes); the list is answered whole. */
const ruleResource = makeResourceApi<SapRuleView, SapRuleBody>({
  key: sapKeys.rules,
  path: 'sap-inflow/rules',
  rowsField: 'rules',
  rowField: 'rule',
  idOf: (rule) => rule.id,
  alsoInvalidates: [[...ROOT, 'preview']],
});

const rulesList = localList<SapRuleView>({
  key: (server) => [...sapKeys.rules, 'list', server],
  fetchAll: (_server, signal) =>
    apiGet<{ rules: SapRuleView[] }>('sap-inflow/rules', { signal }).then((answer) => answer.rules),
  serverFields: [],
  searchText: (r) =>
    [r.gl_account, r.cost_center, r.profit_center, r.tax_code, r.category, r.restaurant, r.foodcourt, r.client].join(
      ' ',
    ),
  localFilters: { kind: (r) => r.kind },
  sortValue: (r, sort) => {
    const value = r[sort as keyof SapRuleView];
    return typeof value === 'number' ? value : String(value ?? '');
  },
});

export const ruleApi: ListApi<SapRuleView> & Pick<typeof ruleResource, 'useSave' | 'keys'> = {
  ...ruleResource,
  ...rulesList,
};

/** GET /vendor/saplogs of one restaurant (from, to); search, sort and paging in the page. */
const logsList = localList<SapLog>({
  key: (server) => [...sapKeys.logs, server],
  fetchAll: (server, signal) =>
    apiGet<{ logs: SapLog[] }>(withQuery('vendor/saplogs', server), { signal }).then((answer) => answer.logs),
  serverFields: ['restaurant', 'from', 'to'],
  searchText: (l) => `${l.business_date} ${l.kind} ${l.status} ${l.files.join(' ')} ${l.error ?? ''}`,
  localFilters: { status: (l) => l.status },
  sortValue: (l, sort) => {
    const value = l[sort as keyof SapLog];
    return typeof value === 'number' ? value : String(value ?? '');
  },
});

const logResource = makeResourceApi<SapLog, object>({
  key: sapKeys.logs,
  path: 'vendor/saplogs',
  rowsField: 'logs',
  rowField: 'log',
  idOf: (log) => log.id,
});

export const sapLogApi: ListApi<SapLog> = { ...logResource, ...logsList };

/** Where one file of a posting downloads (same origin, the session cookie goes with it). */
export const sapLogFileUrl = (log: SapLog, name: string) =>
  `${API_BASE}/${withQuery(`vendor/saplogs/${log.id}/file`, { name })}`;

/** GET /sap-inflow/preview: every line of the day with the rule it takes, the totals and the unmatched count. */
export function usePreview(ref: DayRef | null) {
  return useQuery({
    queryKey: sapKeys.preview(ref ?? { restaurant: '', business_date: '' }),
    queryFn: ({ signal }) => apiGet<SapPreviewAnswer>(withQuery('sap-inflow/preview', { ...ref }), { signal }),
    enabled: ref !== null,
  });
}

type JobAnswer = { message: string; job: BackgroundJob };

/** A SAP background task: it goes into the tasks panel at once; the log goes stale now and when it ends. */
function useSapJob<Vars>(start: (vars: Vars) => Promise<JobAnswer>) {
  const { upsert } = useJobEvents();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: async (answer) => {
      if (answer.job?.id) upsert(answer.job);
      await queryClient.invalidateQueries({ queryKey: sapKeys.logs });
    },
  });
}

/** POST /sapupload: builds and delivers the posting of a closed day (409 dayNotClosed, 400 unmatchedLines). */
export const useSapUpload = () => useSapJob((ref: DayRef) => apiPost<JobAnswer>('sapupload', ref));

/** POST /vendor/saplogs/:id/retry: delivers a failed posting again. */
export const useSapRetry = () => useSapJob((log: SapLog) => apiPost<JobAnswer>(`vendor/saplogs/${log.id}/retry`, {}));

/** The log is read again when one of the given tasks ends (sent, downloaded or failed). */
export function useLogRefreshOnJobEnd(jobIds: readonly string[]) {
  const { jobs } = useJobEvents();
  const queryClient = useQueryClient();
  const ended = jobs
    .filter((j) => jobIds.includes(j.id) && j.status !== 'in_progress')
    .map((j) => `${j.id}:${j.status}`)
    .join(',');
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: sapKeys.logs });
  }, [ended, queryClient]);
}

/** Reads the log again shortly after a file download began (the server marks a built posting downloaded). */
export function useRefreshLogsSoon(delayMs = 1500) {
  const queryClient = useQueryClient();
  return () => {
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: sapKeys.logs }), delayMs);
  };
}
