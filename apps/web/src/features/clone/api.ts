import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CLONE_RUN_SORT,
  type BackgroundJob,
  type CloneInclude,
  type CloneMode,
  type ClonePreviewAnswer,
  type CloneRun,
} from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';
import { useJobEvents } from '../background-tasks';

/** GET /clone/runs?source=: past clones with their reports (read only). */
export const cloneRunsApi = makeResourceApi<CloneRun, Record<string, never>>({
  key: ['clone-runs'],
  path: 'clone/runs',
  rowsField: 'runs',
  rowField: 'run',
  idOf: (run) => run.id,
  fetchOne: async (id, signal) =>
    (await apiGet<{ run: CloneRun }>(`clone/runs/${encodeURIComponent(id)}`, { signal })).run,
});

/** The address of /clone: the source restaurant (also the filter of past clones) and an open report. */
export const cloneUrl = listUrlState({
  sort: CLONE_RUN_SORT,
  dialogs: ['report'] as const,
  filters: { source: param.id() },
});

export type CloneRequest = { source: string; targets: string[]; mode: CloneMode; include: CloneInclude };

/** POST /clone/preview: what each target would get; changes nothing. */
export function useClonePreview() {
  return useMutation({
    mutationFn: (body: CloneRequest) => apiPost<ClonePreviewAnswer>('clone/preview', body),
  });
}

/** POST /clone with the stamps the preview showed: starts the job; the past clones go stale. */
export function useStartClone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CloneRequest, 'targets'> & { targets: { restaurant: string; stamp: string }[] }) =>
      apiPost<{ message: string; run: CloneRun; job: BackgroundJob }>('clone', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cloneRunsApi.keys.all }),
  });
}

/** The past clones are read again when one of the given clone jobs ends (a run's id is its job's id). */
export function useRunsRefreshOnJobEnd(jobIds: readonly string[]) {
  const { jobs } = useJobEvents();
  const queryClient = useQueryClient();
  const ended = jobs
    .filter((j) => jobIds.includes(j.id) && j.status !== 'in_progress')
    .map((j) => `${j.id}:${j.status}`)
    .join(',');
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: cloneRunsApi.keys.all });
  }, [ended, queryClient]);
}
