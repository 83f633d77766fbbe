import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BackgroundJob,
  DashboardAnswer,
  ReportDefinitionsAnswer,
  ReportEmbed,
  ReportEmbedConfigBody,
  ReportExportBody,
  ReportRunAnswer,
  ReportRunBody,
  reportEmbedConfigSchema,
  ReportsAnswer,
  ReportSubscription,
  ReportSubscriptionBody,
} from '@cd/core';
import type { z } from 'zod';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api-client';
import { browserTimeZone } from '../../lib/format';
import { withQuery } from '../../lib/list-url-state';
import { useJobEvents } from '../background-tasks';

/** Every reports query sits under this key: a saved definition or subscription makes them stale together. */
const ROOT = ['reports'] as const;
export const reportKeys = {
  visible: [...ROOT, 'visible'] as const,
  run: (body: ReportRunBody) => [...ROOT, 'run', body] as const,
  definitions: [...ROOT, 'definitions'] as const,
  dashboard: (date: string | undefined, restaurants: readonly string[]) =>
    [...ROOT, 'dashboard', { date, restaurants }] as const,
  subscriptions: [...ROOT, 'subscriptions'] as const,
  embeds: [...ROOT, 'embeds'] as const,
  embedConfigs: [...ROOT, 'embeds', 'config'] as const,
};

/** GET /reports: the reports the caller sees (the client lists' reports they hold) and the built-in ones. */
export function useVisibleReports() {
  return useQuery({
    queryKey: reportKeys.visible,
    queryFn: ({ signal }) => apiGet<ReportsAnswer>('reports', { signal }),
  });
}

/** POST /reports/run: one report's rows, totals and comparison; the last answer stays while a new one loads. */
export function useReportRun(body: ReportRunBody | null) {
  return useQuery({
    queryKey: reportKeys.run(body ?? { report: '', from: '', to: '' }),
    queryFn: ({ signal }) => apiPost<ReportRunAnswer>('reports/run', body!, { signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /reports/export: a background task writes the file; it goes into the tasks panel at once. */
export function useExportReport() {
  const { upsert } = useJobEvents();
  return useMutation({
    mutationFn: (body: ReportExportBody) => apiPost<{ message: string; job: BackgroundJob }>('reports/export', body),
    onSuccess: (answer) => {
      if (answer.job?.id) upsert(answer.job);
    },
  });
}

export type ClientDefinition = ReportDefinitionsAnswer['clients'][number];

export function fetchDefinitions(signal?: AbortSignal) {
  return apiGet<ReportDefinitionsAnswer>('reports/definitions', { signal }).then((a) => a.clients);
}

/** GET /reports/definitions (admin): each client's report lists with their version. */
export function useReportDefinitions(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.definitions,
    queryFn: ({ signal }) => fetchDefinitions(signal),
    enabled,
  });
}

export type DefinitionsSave = {
  client: string;
  version: number | undefined;
  reportListJSON: ClientDefinition['reportListJSON'];
};

/** PUT /reports/definitions/:client with the version edited (409 versionConflict when someone saved first). */
export function useSaveDefinitions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, version, reportListJSON }: DefinitionsSave) =>
      apiPut<{ message?: string }>(`reports/definitions/${encodeURIComponent(client)}`, { version, reportListJSON }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** GET /reports/dashboard: today against the same weekday last week. */
export function useDashboard(date: string | undefined, restaurants: readonly string[]) {
  return useQuery({
    queryKey: reportKeys.dashboard(date, restaurants),
    queryFn: ({ signal }) =>
      // The hours in the browser's time zone, the zone of every other time the app shows (the top bar's last sync,
      // the lists' times): without it the server counted hours in UTC (issue 35).
      apiGet<DashboardAnswer>(
        withQuery('reports/dashboard', { date, tz: browserTimeZone() }) + restaurantQuery(restaurants),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** `restaurants` repeats (restaurants=a&restaurants=b), after whatever query the path has already. */
function restaurantQuery(restaurants: readonly string[]): string {
  if (!restaurants.length) return '';
  const query = new URLSearchParams(restaurants.map((r) => ['restaurants', r]));
  return `&${query.toString()}`;
}

/** GET /reports/subscriptions: the caller's scheduled reports. */
export function useSubscriptions() {
  return useQuery({
    queryKey: reportKeys.subscriptions,
    queryFn: ({ signal }) =>
      apiGet<{ subscriptions: ReportSubscription[] }>('reports/subscriptions', { signal }).then((a) => a.subscriptions),
  });
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportSubscriptionBody) =>
      apiPost<{ message: string; subscription: ReportSubscription }>('reports/subscriptions', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.subscriptions }),
  });
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ message?: string }>(`reports/subscriptions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.subscriptions }),
  });
}

/** GET /reports/embeds: the dashboards to show, with signed addresses that expire. */
export function useEmbeds() {
  return useQuery({
    queryKey: reportKeys.embeds,
    queryFn: ({ signal }) => apiGet<{ embeds: ReportEmbed[] }>('reports/embeds', { signal }).then((a) => a.embeds),
  });
}

export type EmbedConfig = z.infer<typeof reportEmbedConfigSchema>;

/** GET /reports/embeds/config (admin): the configured dashboards (secrets never come back). */
export function useEmbedConfigs(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.embedConfigs,
    queryFn: ({ signal }) =>
      apiGet<{ embeds: EmbedConfig[] }>('reports/embeds/config', { signal }).then((a) => a.embeds),
    enabled,
  });
}

export function useSaveEmbedConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportEmbedConfigBody) => apiPost<{ message?: string }>('reports/embeds/config', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.embeds }),
  });
}

export function useDeleteEmbedConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ message?: string }>(`reports/embeds/config/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.embeds }),
  });
}
