import {
  licenceDetailsSchema,
  nextLicenceStatus,
  type Counter,
  type CounterTemplate,
  type Device,
  type LicenceAction,
  type LicenceDetails,
} from '@cd/core';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';
import type { Cashier } from '../api';
import { aCashier, aCounter, aDevice, aTemplate } from './fixtures';

export * from './fixtures';

type Options = {
  templates?: CounterTemplate[];
  counters?: Counter[];
  devices?: Device[];
  cashiers?: Cashier[];
  /** What GET /get_counter_template/:id answers for each counter (the settings it differs on). */
  differs?: Record<number, string[]>;
};

const failure = (status: number, message: string, code: string): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code } },
});
const conflict = () => failure(409, 'Changed by other.admin since you opened it.', 'versionConflict');

/** The counters, devices and cashiers endpoints as the server answers them, keeping state between calls. */
export function countersApi(options: Options = {}) {
  let templates = options.templates ?? [aTemplate()];
  let counters = options.counters ?? [aCounter(), aCounter({ counter_id: 12, name: 'Grill two', version: 1 })];
  let devices = options.devices ?? [aDevice()];
  let cashiers = options.cashiers ?? [aCashier()];
  const licenceDetails = new Map<number, LicenceDetails>();
  const detailsOf = (d: Device) => licenceDetails.get(d.device_id) ?? licenceDetailsSchema.parse({});
  const record: MockCall[] = [];
  const idOf = (path: string) => Number(path.split('/')[path.split('/').length - 1]);
  const device = (path: string) => devices.find((d) => d.device_id === Number(path.split('/')[1]))!;

  const listCounters = ({ query }: MockRequest) => {
    let rows = counters;
    const search = (query.get('search') ?? '').toLowerCase();
    if (search) rows = rows.filter((c) => `${c.counter_id} ${c.name}`.toLowerCase().includes(search));
    if (query.get('foodcourt')) rows = rows.filter((c) => c.foodcourt === query.get('foodcourt'));
    if (query.get('type')) rows = rows.filter((c) => c.counter_type === query.get('type'));
    return { body: { counters: rows, total: rows.length, page: 1, page_size: 25 } };
  };

  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET counter_template': () => ({ body: { templates } }),
    'POST counter_template': ({ body }) => {
      const template = aTemplate({ ...(body as Partial<CounterTemplate>), id: 7, counters: 0, version: 1 });
      templates = [...templates, template];
      return { body: { message: 'Template added', template } };
    },
    'GET get_counter_template/1': () => ({
      body: {
        template: templates[0],
        counters: counters
          .filter((c) => c.template_id === 1)
          .map((c) => ({
            counter_id: c.counter_id,
            name: c.name,
            foodcourt: c.foodcourt,
            differs: options.differs?.[c.counter_id] ?? [],
            version: c.version,
          })),
      },
    }),
    'POST sync_counter_template': ({ body }) => {
      const ids = body.counter_ids as number[];
      for (const id of ids) if (options.differs) options.differs[id] = [];
      return { body: { message: `Template applied to ${ids.length} counters`, counters: ids.length } };
    },
    'GET get_counters': listCounters,
    'POST vendor/counter': ({ body }) => {
      const template = templates.find((t) => t.id === body.template_id);
      const counter = aCounter({
        ...(body as Partial<Counter>),
        counter_id: 20,
        settings: (body.settings as Counter['settings'] | undefined) ?? template!.settings,
        devices: 0,
        version: 1,
      });
      counters = [...counters, counter];
      return { body: { message: 'Counter added', counter } };
    },
    'GET devices': ({ query }) => ({
      body: { devices: devices.filter((d) => d.counter_id === Number(query.get('counter'))) },
    }),
    'POST devices': ({ body }) => {
      const added = aDevice({ ...(body as Partial<Device>), device_id: 102, licence_status: 0, version: 1 });
      devices = [...devices, added];
      return { body: { message: 'Device added', device: added, pairing_code: null } };
    },
    'GET cashiers': ({ query }) => ({
      body: { cashiers: cashiers.filter((c) => !query.get('foodcourt') || c.foodcourt === query.get('foodcourt')) },
    }),
    'POST cashiers': ({ body }) => {
      const cashier = aCashier({ ...(body as Partial<Cashier>), cashier_id: 9, version: 1 });
      cashiers = [...cashiers, cashier];
      return { body: { message: 'Cashier added', cashier } };
    },
  };
  for (const c of counters) {
    routes[`POST vendor/counter/${c.counter_id}/hide`] = ({ body }) => {
      const current = counters.find((x) => x.counter_id === c.counter_id)!;
      if (body.version !== current.version) return conflict();
      const hidden = Boolean(body.hidden);
      const flags = hidden ? { dine_in: false, takeaway: false, delivery: false, preorder: false } : aCounter().flags;
      const counter = { ...current, hidden, flags, version: current.version + 1 };
      counters = counters.map((x) => (x.counter_id === c.counter_id ? counter : x));
      return { body: { message: hidden ? 'Counter hidden' : 'Counter shown', counter } };
    };
  }
  for (const d of devices) {
    routes[`POST devices/${d.device_id}/licence`] = ({ body, path }) => {
      const current = device(path);
      if (body.action === 'get_details_licence')
        return {
          body: { message: 'Licence details', device: current, pairing_code: null, details: detailsOf(current) },
        };
      if (body.version !== current.version) return conflict();
      if (body.action === 'put_details_licence') {
        const updated = { ...current, version: current.version + 1 };
        devices = devices.map((x) => (x.device_id === current.device_id ? updated : x));
        licenceDetails.set(current.device_id, body.details as LicenceDetails);
        return {
          body: { message: 'Licence details saved', device: updated, pairing_code: null, details: body.details },
        };
      }
      const next = nextLicenceStatus(current.licence_status, body.action as LicenceAction);
      if (next === null) return failure(409, 'Not from this status', 'licenceTransition');
      const code = current.licence_status === 0 && next === 1 ? 'K7QX2MPA' : null;
      const updated = {
        ...current,
        licence_status: next,
        pairing_expires_at: code ? '2026-03-05T09:22:00.000Z' : null,
        version: current.version + 1,
      };
      devices = devices.map((x) => (x.device_id === current.device_id ? updated : x));
      return { body: { message: 'Licence changed', device: updated, pairing_code: code } };
    };
  }
  for (const c of cashiers) {
    routes[`PUT cashiers/${c.cashier_id}`] = ({ body, path }) => {
      const current = cashiers.find((x) => x.cashier_id === idOf(path))!;
      if (body.version !== current.version) return conflict();
      const cashier = {
        ...current,
        ...(body as Partial<Cashier>),
        locked_until: body.pin ? null : current.locked_until,
        version: current.version + 1,
      };
      cashiers = cashiers.map((x) => (x.cashier_id === cashier.cashier_id ? cashier : x));
      return { body: { message: 'Cashier saved', cashier } };
    };
  }
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record, devices: () => devices };
}

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);
