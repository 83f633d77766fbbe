import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  NOTIFICATION_SORT,
  NOTIFICATION_STATUSES,
  type audienceAnswer,
  type audienceBody,
  type CustomerGroup,
  type Notification as PushNotification,
  type notificationAnswer,
  type notificationBody,
  type notificationRunsAnswer,
  type NotificationStatus,
  type testSendAnswer,
} from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type NotificationInput = z.input<typeof notificationBody>;
export type NotificationOutput = z.output<typeof notificationBody>;
export type AudienceQuery = z.output<typeof audienceBody>;

/** Only these are still changed and (re)scheduled; the others open read only (their runs and a test send stay). */
export const EDITABLE: readonly NotificationStatus[] = ['draft', 'scheduled'];
export const isEditable = (n: PushNotification) => EDITABLE.includes(n.status);
/** What Cancel sending stops: a scheduled (or repeating) one, or one sending now. */
export const isCancellable = (n: PushNotification) => n.status === 'scheduled' || n.status === 'sending';

const path = (id: number | string) => `notifications/${encodeURIComponent(String(id))}`;

/** GET /notifications?search=&status=&sort=&page=; POST; GET, PUT and DELETE /notifications/:id (version-checked). */
export const notificationApi = makeResourceApi<PushNotification, NotificationOutput>({
  key: 'notifications',
  path: 'notifications',
  rowsField: 'notifications',
  rowField: 'notification',
  idOf: (n) => n.id,
  exportName: 'notifications.xlsx',
  // A notification not on the page shown (a new one, a link) is read by its id.
  fetchOne: async (id, signal) =>
    (await apiGet<z.infer<typeof notificationAnswer>>(path(id), { signal })).notification ?? null,
});

export const notificationsUrl = listUrlState({
  sort: NOTIFICATION_SORT,
  dialogs: ['delete'] as const,
  filters: { status: param.oneOf(NOTIFICATION_STATUSES) },
});

/** The customer groups a notification may go to: GET /groups?page_size=200&sort=name. */
export function useGroupChoices() {
  return useQuery({
    queryKey: ['groups', 'list', { page_size: 200, sort: 'name', for: 'notifications' }],
    queryFn: ({ signal }) =>
      apiGet<{ groups: CustomerGroup[] }>(withQuery('groups', { page: 1, page_size: 200, sort: 'name' }), {
        signal,
      }).then((a) => a.groups),
    staleTime: 60_000,
  });
}

/** POST /notifications/audience: how many customers an audience reaches (asked only when one is chosen). */
export function useAudienceSize(query: AudienceQuery | null) {
  return useQuery({
    queryKey: ['notifications', 'audience', query],
    queryFn: ({ signal }) =>
      apiPost<z.infer<typeof audienceAnswer>>('notifications/audience', query ?? {}, { signal }).then((a) => a.count),
    enabled: query !== null,
    staleTime: 30_000,
  });
}

/** GET /notifications/:id/runs, every 2 s while a run is unfinished. */
export function useRuns(id: number) {
  return useQuery({
    queryKey: [...notificationApi.keys.all, 'runs', id],
    queryFn: ({ signal }) =>
      apiGet<z.infer<typeof notificationRunsAnswer>>(`${path(id)}/runs`, { signal }).then((a) => a.runs),
    refetchInterval: (query) => (query.state.data?.some((run) => run.finished_at === null) ? 2000 : false),
  });
}

/** POST /notifications/:id/test: the saved notification to the signed-in user only; its run joins the runs. */
export function useTestSend(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<z.infer<typeof testSendAnswer>>(`${path(id)}/test`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...notificationApi.keys.all, 'runs', id] }),
  });
}

/** POST /notifications/:id/cancel {version}: a scheduled or repeating one is not sent again. */
export function useCancelSending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (n: PushNotification) =>
      apiPost<z.infer<typeof notificationAnswer>>(`${path(n.id)}/cancel`, { version: n.version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationApi.keys.all }),
  });
}
