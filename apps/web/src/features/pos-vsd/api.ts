import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PLU_SORT,
  type BackgroundJob,
  type PluItem,
  type SyncRun,
  type SyncTarget,
  type SyncTargetBody,
  type pluUpdateBody,
} from '@cd/core';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api-client';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';
import { useJobEvents } from '../background-tasks';

export type PluBody = Omit<z.output<typeof pluUpdateBody>, 'version'>;

/** GET /pos/plu?restaurant=&missing=; PUT /pos/plu/:foodid {plu, version} ('' removes the code). */
export const pluApi = makeResourceApi<PluItem, PluBody>({
  key: ['pos-plu'],
  path: 'pos/plu',
  rowsField: 'items',
  rowField: 'item',
  idOf: (item) => item.foodid,
});

export const MISSING_FILTER = ['true'] as const;

/** The address of /pos-vsd: the restaurant, the PLU list's keys, the "without PLU" filter and the open dialog. */
export const posVsdUrl = listUrlState({
  sort: PLU_SORT,
  dialogs: ['assign'] as const,
  filters: { restaurant: param.id(), missing: param.oneOf(MISSING_FILTER) },
});

/** POST /pos/plu/assign: the next free numbers for items without a PLU. */
export function useAssignMissing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { restaurant: string; start: number }) =>
      apiPost<{ message: string; assigned: number }>('pos/plu/assign', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pluApi.keys.all }),
  });
}

const targetsKey = ['pos-targets'];

export function useTargets() {
  return useQuery({
    queryKey: targetsKey,
    queryFn: ({ signal }) => apiGet<{ targets: SyncTarget[] }>('pos/targets', { signal }),
  });
}

export type TargetSave = { id?: number; body: SyncTargetBody; version?: number };

/** POST /pos/targets or PUT /pos/targets/:id (administrators); auth_header left out keeps the stored one. */
export function useSaveTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: TargetSave) =>
      id === undefined
        ? apiPost<{ message: string; target: SyncTarget }>('pos/targets', body)
        : apiPut<{ message: string; target: SyncTarget }>(`pos/targets/${id}`, { ...body, version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: targetsKey }),
  });
}

export function useDeleteTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (t: SyncTarget) => apiDelete<{ message: string }>(`pos/targets/${t.id}?version=${t.version}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: targetsKey }),
  });
}

const runsKey = (restaurant: string) => ['pos-sync-runs', restaurant];
const active = (runs: SyncRun[] | undefined) => runs?.some((r) => r.status === 'queued' || r.status === 'running');

/** GET /pos/sync_runs: the newest 50 runs; asked again every second while one is under way. */
export function useSyncRuns(restaurant: string | undefined) {
  return useQuery({
    queryKey: runsKey(restaurant ?? ''),
    enabled: Boolean(restaurant),
    queryFn: ({ signal }) =>
      apiGet<{ runs: SyncRun[]; total: number }>(
        `pos/sync_runs?restaurant=${encodeURIComponent(restaurant ?? '')}&page_size=50`,
        { signal },
      ),
    refetchInterval: (query) => (active(query.state.data?.runs) ? 1000 : false),
  });
}

export type SyncMode = 'pos' | 'aggregator';
const syncPaths: Record<SyncMode, string> = { pos: 'vendngo_sync', aggregator: 'third_party/menu/sync' };

/** POST /vendngo_sync or /third_party/menu/sync: a job; its runs show in the log at once. */
export function useStartSync(restaurant: string | undefined) {
  const queryClient = useQueryClient();
  const { upsert } = useJobEvents();
  return useMutation({
    mutationFn: (mode: SyncMode) =>
      apiPost<{ message: string; job: BackgroundJob; runs: SyncRun[] }>(syncPaths[mode], { restaurant }),
    onSuccess: (answer) => {
      if (answer.job?.id) upsert(answer.job);
      return queryClient.invalidateQueries({ queryKey: runsKey(restaurant ?? '') });
    },
  });
}
