import type { Counter, Device, PushRule } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';
import type { PushSettings } from '../api';

export const FOODCOURT = 'fc-blr-atrium';
export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};
const AT = '2026-03-05T09:07:00.000Z';
export const SENT_AT = '2026-03-05T09:30:00.000Z';

export function aCounter(overrides: Partial<Counter> = {}): Counter {
  return {
    counter_id: 11,
    name: 'Grill one',
    foodcourt: FOODCOURT,
    restaurant: null,
    counter_type: 'food',
    template_id: null,
    settings: { mode: 'na', option_types: [], custom_inputs: [], cloud_card: 'none', channels: ['app'] },
    flags: { dine_in: true, takeaway: true, delivery: false, preorder: true },
    hidden: false,
    devices: 2,
    online: 1,
    version: 1,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export function aDevice(overrides: Partial<Device> = {}): Device {
  return {
    device_id: 101,
    name: 'KDS 1',
    device_type: 'KDS',
    device_code: 5,
    counter_id: 11,
    licence_status: 2,
    pairing_expires_at: null,
    paired_at: AT,
    last_seen_at: AT,
    online: true,
    app_version: '2.4.0',
    version: 3,
    ...overrides,
  };
}

export function someSettings(overrides: Partial<PushSettings> = {}): PushSettings {
  const rules: PushRule[] = [
    { event: 'order_placed', channels: ['device'], device_types: ['KDS'], order_push_types: [1, 2, 3] },
    { event: 'order_ready', channels: ['app_push', 'sms'], device_types: [], order_push_types: [1] },
  ];
  return { foodcourt: FOODCOURT, rules, version: 4, updated_by: 'demo.admin', updated_at: AT, ...overrides };
}

type Options = {
  settings?: PushSettings;
  /** Answer PUT with 409 versionConflict (someone saved first). */
  conflict?: boolean;
  devices?: Device[];
};

const failure = (status: number, message: string, code: string): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code } },
});

/** The push-settings, counters and devices endpoints as the server answers them. */
export function pushApi(options: Options = {}) {
  let settings = options.settings ?? someSettings();
  const devices = options.devices ?? [
    aDevice(),
    aDevice({ device_id: 102, name: 'Till 1', device_type: 'POS_android', device_code: 0, licence_status: 3 }),
  ];
  const record: MockCall[] = [];
  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET push_settings': ({ query }) => ({ body: { settings: { ...settings, foodcourt: query.get('foodcourt') } } }),
    'PUT push_settings': ({ body }) => {
      if (options.conflict)
        return failure(
          409,
          'The push settings were changed by other.admin since you opened them. Reload to see them.',
          'versionConflict',
        );
      settings = {
        ...settings,
        rules: body.rules as PushRule[],
        version: settings.version + 1,
        updated_by: 'demo.admin',
        updated_at: AT,
      };
      return { body: { settings } };
    },
    'GET get_counters': () => ({ body: { counters: [aCounter()], total: 1, page: 1, page_size: 200 } }),
    'GET devices': ({ query }) => ({
      body: { devices: devices.filter((d) => String(d.counter_id) === query.get('counter')) },
    }),
    'POST push_settings/test': ({ body }) =>
      devices.find((d) => d.device_id === body.device_id)?.licence_status === 2
        ? { body: { message: 'Test push sent', sent_at: SENT_AT } }
        : failure(409, 'Only an enabled, paired device can get a test push', 'deviceNotEnabled'),
  };
  const fetchMock = mockApiRoutes(routes, { record });
  const sent = (method: string, path: string) =>
    record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);
  return { fetchMock, record, sent, setSettings: (next: PushSettings) => (settings = next) };
}
