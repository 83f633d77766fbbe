import { counterSettingsSchema, type Counter, type CounterSettings, type CounterTemplate, type Device } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import type { Cashier } from '../api';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};
/** A counter manager without hide_counter. */
export const MANAGER = {
  ...ADMIN,
  userid: 'counter.manager',
  vendorextras: { admin: false, pagepermissionaccess: ['counterManagement'], permissions: [] as string[] },
};

export const FOODCOURT = 'fc-blr-atrium';
const AT = '2026-03-05T09:07:00.000Z';

export const settings = (overrides: Partial<CounterSettings> = {}): CounterSettings => ({
  ...counterSettingsSchema.parse({}),
  ...overrides,
});

/** "Live grill": Live Counter, slot booking, one dropdown input, on app and kiosk. */
export function aTemplate(overrides: Partial<CounterTemplate> = {}): CounterTemplate {
  return {
    id: 1,
    name: 'Live grill',
    settings: settings({
      mode: 'true',
      option_types: ['slotbooking'],
      custom_inputs: [{ label: 'Spice level', type: 'dropdown', options: ['Mild', 'Hot'], required: true }],
    }),
    counters: 2,
    version: 2,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export function aCounter(overrides: Partial<Counter> = {}): Counter {
  return {
    counter_id: 11,
    name: 'Grill one',
    foodcourt: FOODCOURT,
    restaurant: null,
    counter_type: 'food',
    template_id: 1,
    settings: aTemplate().settings,
    flags: { dine_in: true, takeaway: true, delivery: false, preorder: true },
    hidden: false,
    devices: 1,
    online: 0,
    version: 3,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export function aDevice(overrides: Partial<Device> = {}): Device {
  return {
    device_id: 101,
    name: 'Till 1',
    device_type: 'POS_android',
    device_code: 0,
    counter_id: 11,
    licence_status: 0,
    pairing_expires_at: null,
    paired_at: null,
    last_seen_at: null,
    online: false,
    app_version: '',
    version: 1,
    ...overrides,
  };
}

export function aCashier(overrides: Partial<Cashier> = {}): Cashier {
  return {
    cashier_id: 5,
    name: 'Asha',
    foodcourt: FOODCOURT,
    counter_ids: [11],
    active: true,
    locked_until: null,
    version: 2,
    updated_at: AT,
    ...overrides,
  };
}
