import { useEffect } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Counter, Device, PushRule, pushSettingsSchema } from '@cd/core';
import { apiGet, apiPost, apiPut } from '../../lib/api-client';
import { withQuery } from '../../lib/list-url-state';
import { useJobEvents } from '../background-tasks';

export type PushSettings = z.infer<typeof pushSettingsSchema>;

const ROOT = ['push-settings'] as const;
export const pushKeys = {
  settings: (foodcourt: string) => [...ROOT, 'settings', foodcourt] as const,
  counters: (foodcourt: string) => [...ROOT, 'counters', foodcourt] as const,
  devices: (counterId: number) => [...ROOT, 'devices', counterId] as const,
};

/** GET /push_settings?foodcourt=: the food court's rules and their version (0 while never saved). */
export function usePushSettings(foodcourt: string | undefined) {
  return useQuery({
    queryKey: pushKeys.settings(foodcourt ?? ''),
    queryFn: ({ signal }) =>
      apiGet<{ settings: PushSettings }>(withQuery('push_settings', { foodcourt }), { signal }).then(
        (answer) => answer.settings,
      ),
    enabled: Boolean(foodcourt),
  });
}

/**
 * PUT /push_settings?foodcourt= {rules, version}: the version the page loaded (0 for a first save); 409
 * versionConflict when someone saved first. The saved settings replace the ones held.
 */
export function useSavePushSettings(foodcourt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { rules: PushRule[]; version: number }) =>
      apiPut<{ settings: PushSettings }>(withQuery('push_settings', { foodcourt }), body).then(
        (answer) => answer.settings,
      ),
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings(foodcourt), settings),
  });
}

/** The enabled devices of a food court: its counters (GET /get_counters), then each one's devices. */
export function useEnabledDevices(foodcourt: string | undefined) {
  const counters = useQuery({
    queryKey: pushKeys.counters(foodcourt ?? ''),
    queryFn: ({ signal }) =>
      apiGet<{ counters: Counter[] }>(withQuery('get_counters', { foodcourt, page: 1, page_size: 200, sort: 'name' }), {
        signal,
      }).then((answer) => answer.counters),
    enabled: Boolean(foodcourt),
  });
  const devices = useQueries({
    queries: (counters.data ?? []).map((counter) => ({
      queryKey: pushKeys.devices(counter.counter_id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiGet<{ devices: Device[] }>(`devices?counter=${counter.counter_id}`, { signal }).then(
          (answer) => answer.devices,
        ),
    })),
  });
  const rows = (counters.data ?? []).flatMap((counter, index) =>
    (devices[index]?.data ?? []).filter((d) => d.licence_status === 2).map((device) => ({ device, counter })),
  );
  return {
    rows,
    pending: counters.isPending || devices.some((d) => d.isPending),
    error: counters.error ?? devices.find((d) => d.error)?.error ?? null,
  };
}

export type TestPushAnswer = { message: string; sent_at: string };

/** POST /push_settings/test {device_id}: the device gets it with its next heartbeat. */
export function useTestPush() {
  return useMutation({
    mutationFn: (deviceId: number) => apiPost<TestPushAnswer>('push_settings/test', { device_id: deviceId }),
  });
}

/** What a `device` event of GET /events says of a test push. */
export type DevicePushEvent = {
  device_id: number;
  test_push_at?: string | null;
  test_push_delivered_at?: string | null;
};

/** Calls `onDelivered(at)` when the device's event says the test push sent at `sentAt` reached it. */
export function useTestPushDelivery(
  deviceId: number | null,
  sentAt: string | null,
  onDelivered: (deliveredAt: string) => void,
) {
  const { subscribe } = useJobEvents();
  useEffect(() => {
    if (deviceId === null || sentAt === null) return undefined;
    return subscribe('device', (data) => {
      const event = data as Partial<DevicePushEvent> | null;
      if (!event || event.device_id !== deviceId || !event.test_push_delivered_at) return;
      // A later test push (from another tab) is not this one.
      if (event.test_push_at && Date.parse(event.test_push_at) !== Date.parse(sentAt)) return;
      onDelivered(event.test_push_delivered_at);
    });
  }, [subscribe, deviceId, sentAt, onDelivered]);
}
