import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DayCloseBody, DayEnd, DayEndAnswer, DayListAnswer, dayLogSchema, DAY_RESOLVE_ACTIONS } from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { withQuery } from '../../lib/list-url-state';

export type DayLog = z.infer<typeof dayLogSchema>;
export type DayListEntry = DayListAnswer['days'][number];
export type ResolveAction = (typeof DAY_RESOLVE_ACTIONS)[number];
export type DayRef = { restaurant: string; business_date: string };
export type Range = { restaurant: string; from?: string; to?: string };

/** Every day-end query sits under this key: a close, reopen or resolve makes them stale together. */
const ROOT = ['dayend'] as const;
export const dayendKeys = {
  all: ROOT,
  day: (ref: DayRef) => [...ROOT, 'day', ref] as const,
  days: (range: Range) => [...ROOT, 'days', range] as const,
  logs: (range: Range) => [...ROOT, 'logs', range] as const,
};

/** GET /dayend: the day's blockers, Z totals, count and state. */
export function useDay(ref: DayRef | null) {
  return useQuery({
    queryKey: dayendKeys.day(ref ?? { restaurant: '', business_date: '' }),
    queryFn: ({ signal }) =>
      apiGet<DayEndAnswer>(withQuery('dayend', { ...ref }), { signal }).then((answer) => answer.day),
    enabled: ref !== null,
  });
}

/** GET /dayend/days: the restaurant's days in a range with their state, newest first. */
export function useDays(range: Range | null) {
  return useQuery({
    queryKey: dayendKeys.days(range ?? { restaurant: '' }),
    queryFn: ({ signal }) =>
      apiGet<DayListAnswer>(withQuery('dayend/days', { ...range }), { signal }).then((answer) => answer.days),
    enabled: range !== null,
  });
}

/** GET /dayendlogs: closes, reopens, automatic closes and resolved orders of the restaurant. */
export function useDayLogs(range: Range | null) {
  return useQuery({
    queryKey: dayendKeys.logs(range ?? { restaurant: '' }),
    queryFn: ({ signal }) =>
      apiGet<{ logs: DayLog[] }>(withQuery('dayendlogs', { ...range }), { signal }).then((answer) => answer.logs),
    enabled: range !== null,
  });
}

/**
 * A day-end write: its answer's day replaces the one shown, then every day-end list (days, log) and the SAP
 * preview of the day go stale. A failure makes the day stale too (someone else closed it, new blockers).
 */
function useDayMutation<Body extends DayRef>(path: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ROOT }),
      queryClient.invalidateQueries({ queryKey: ['sap'] }),
    ]);
  return useMutation({
    mutationFn: (body: Body) => apiPost<{ day: DayEnd; message?: string }>(path, body),
    onSuccess: async (answer, body) => {
      queryClient.setQueryData(
        dayendKeys.day({ restaurant: body.restaurant, business_date: body.business_date }),
        answer.day,
      );
      await refresh();
    },
    onError: () => refresh(),
  });
}

export type ResolveBody = DayRef & { order_ids: number[]; action: ResolveAction };
export type CloseBody = DayRef & Required<Pick<DayCloseBody, 'version' | 'counted' | 'note'>>;
export type ReopenBody = DayRef & { version: number; reason: string };

/** POST /dayend/resolve: complete, cancel or carry the chosen open orders. */
export const useResolve = () => useDayMutation<ResolveBody>('dayend/resolve');
/** POST /dayend/close with the version (0 for a first close), the counted amounts and the note. */
export const useCloseDay = () => useDayMutation<CloseBody>('dayend/close');
/** POST /dayend/reopen (fine permission dayend_reopen: the day says can_reopen). */
export const useReopenDay = () => useDayMutation<ReopenBody>('dayend/reopen');
