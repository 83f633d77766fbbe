import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Device, type DeviceType, type LicenceAction, type LicenceDetails, type LicenceStatus } from '@cd/core';
import { apiDelete, apiGet, apiPost } from '../../lib/api-client';
import { isResync, useJobEvents } from '../background-tasks';

/** A device as the page shows it (online as the server last said: it sends a `device` event on each change). */
export type DeviceRow = Device;

/** The `device` event of GET /events: a device came online or went offline (the server's sweep), paired, changed app version or licence. */
export type DeviceEvent = {
  device_id: number;
  counter_id: number;
  online: boolean;
  last_seen_at: string | null;
  app_version: string;
  licence_status: LicenceStatus;
};

export const devicesKey = (counterId: number) => ['counters', 'devices', counterId] as const;

/** GET /devices?counter=ID: the counter's devices and their licences. */
export function useDevices(counterId: number) {
  return useQuery({
    queryKey: devicesKey(counterId),
    queryFn: async ({ signal }): Promise<DeviceRow[]> => {
      const answer = await apiGet<{ devices: Device[] }>(`devices?counter=${counterId}`, { signal });
      return answer.devices;
    },
  });
}

/**
 * Keeps the devices shown live: a `device` event updates its row in place (online, last seen, app version,
 * licence status) without asking for the list again. A licence that changed by itself (the device paired) is
 * read again afterwards, for its new version.
 */
export function useDeviceEvents(counterId: number) {
  const { subscribe } = useJobEvents();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe('device', (data) => {
        // Back after a break in the stream: what changed meanwhile is read again.
        if (isResync(data)) return void queryClient.invalidateQueries({ queryKey: devicesKey(counterId) });
        const event = data as Partial<DeviceEvent> | null;
        if (!event || event.counter_id !== counterId || typeof event.device_id !== 'number') return;
        let statusChanged = false;
        queryClient.setQueryData<DeviceRow[]>(devicesKey(counterId), (rows) =>
          rows?.map((row) => {
            if (row.device_id !== event.device_id) return row;
            const licence_status = event.licence_status ?? row.licence_status;
            statusChanged = licence_status !== row.licence_status;
            return {
              ...row,
              online: event.online ?? row.online,
              last_seen_at: event.last_seen_at ?? row.last_seen_at,
              app_version: event.app_version ?? row.app_version,
              licence_status,
            };
          }),
        );
        if (statusChanged) void queryClient.invalidateQueries({ queryKey: devicesKey(counterId) });
      }),
    [subscribe, queryClient, counterId],
  );
}

type DeviceAnswer = { message: string; device: Device; pairing_code: string | null };
type LicenceDetailsAnswer = DeviceAnswer & { details: LicenceDetails };

export const licenceDetailsKey = (deviceId: number) => ['counters', 'licence-details', deviceId] as const;

/** POST /devices/:id/licence {action: 'get_details_licence'}: the licence's details and the device's version. */
export function useLicenceDetails(deviceId: number) {
  return useQuery({
    queryKey: licenceDetailsKey(deviceId),
    queryFn: ({ signal }) =>
      apiPost<LicenceDetailsAnswer>(`devices/${deviceId}/licence`, { action: 'get_details_licence' }, { signal }),
  });
}

function useDeviceMutation<Vars>(
  counterId: number,
  call: (vars: Vars) => Promise<DeviceAnswer | { message?: string }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: devicesKey(counterId) }),
        queryClient.invalidateQueries({ queryKey: ['counters', 'counters'] }),
      ]),
  });
}

/** POST /devices {name, device_type, counter_id}: a device registered, its licence Created. */
export const useAddDevice = (counterId: number) =>
  useDeviceMutation(counterId, (body: { name: string; device_type: DeviceType }) =>
    apiPost<DeviceAnswer>('devices', { ...body, counter_id: counterId }),
  );

/** POST /devices/:id/licence {action, version}: from Created, license_activate answers the pairing code. */
export const useLicenceAction = (counterId: number) =>
  useDeviceMutation(counterId, ({ device, action }: { device: Device; action: Exclude<LicenceAction, 'pair'> }) =>
    apiPost<DeviceAnswer>(`devices/${device.device_id}/licence`, { action, version: device.version }),
  );

/** POST /devices/:id/licence {action: 'put_details_licence', details, version}: against the version read. */
export const useSaveLicenceDetails = (counterId: number) =>
  useDeviceMutation(counterId, ({ deviceId, details, version }: SaveDetails) =>
    apiPost<LicenceDetailsAnswer>(`devices/${deviceId}/licence`, { action: 'put_details_licence', details, version }),
  );
type SaveDetails = { deviceId: number; details: LicenceDetails; version: number };

/** DELETE /devices/:id?version=N. */
export const useDeleteDevice = (counterId: number) =>
  useDeviceMutation(counterId, (device: Device) =>
    apiDelete<{ message?: string }>(`devices/${device.device_id}?version=${device.version}`),
  );
