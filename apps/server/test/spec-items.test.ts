import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_TYPES, newRestaurantDefaults, type RestaurantFields } from '@cd/core';
import { auditLog, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const complete = (over: Partial<RestaurantFields> = {}): RestaurantFields & { foodcourt: string } => ({
  ...newRestaurantDefaults(),
  foodcourt: 'fc-blr-atrium',
  restid: 'spec_kitchen',
  name: 'Spec Kitchen',
  client: 'acme',
  sitecode: 'BLR7',
  currency: 'GBP',
  fssai_no: '10012345000111',
  description: 'Bowls',
  rest_na_message: 'Closed now',
  cuisines: 'Bowls',
  extradetails: 'Level 1',
  info_link: 'https://example.com/spec',
  status: 'active',
  type: 'cnc_popup',
  ...over,
});

/** Issue 36 point 6: the last spec items of spec 000. */
describe.each(backends)('the last spec items on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  const signIn = async (userid: string, password = 'ControlDesk#2026') =>
    sessionCookie(
      await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
    )!;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });
  const counter = async (name: string, foodcourt: string, restaurant?: string) => {
    const res = await call('POST', '/vendor/counter', { name, foodcourt, ...(restaurant ? { restaurant } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().counter as { counter_id: number };
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('answers the counters of the caller’s sites on the dashboard data, scoped like every list', async () => {
    const atrium = await counter('Spec atrium', 'fc-blr-atrium');
    const river = await counter('Spec river', 'fc-ldn-river');
    const noodles = await counter('Spec noodles', 'fc-ldn-river', 'fc-ldn-river:noodle_house');
    const salad = await counter('Spec salad', 'fc-ldn-river', 'fc-ldn-river:salad_stop');
    const ids = (list: { id: number }[]) => list.map((c) => c.id);

    const all = (await call('GET', '/dashboard_data')).json().counter_management;
    expect(ids(all)).toEqual(expect.arrayContaining([atrium, river, noodles, salad].map((c) => c.counter_id)));
    expect(all.find((c: { id: number }) => c.id === noodles.counter_id)).toEqual({
      id: noodles.counter_id,
      name: 'Spec noodles',
      foodcourt: 'fc-ldn-river',
      foodcourt_name: 'Riverside Kitchen',
      restaurant: 'fc-ldn-river:noodle_house',
      restaurant_name: 'Noodle House',
      counter_type: 'food',
      hidden: false,
    });

    // demo.menu holds the Atrium whole and, at Riverside, only Noodle House.
    const menu = await signIn('demo.menu');
    const mine = ids((await call('GET', '/dashboard_data', undefined, menu)).json().counter_management);
    expect(mine).toContain(atrium.counter_id);
    expect(mine).toContain(noodles.counter_id);
    expect(mine).not.toContain(river.counter_id);
    expect(mine).not.toContain(salad.counter_id);
    // demo.reports holds Bengaluru only: nothing of London.
    const reports = await signIn('demo.reports');
    const theirs = ids((await call('GET', '/dashboard_data', undefined, reports)).json().counter_management);
    expect(theirs).toContain(atrium.counter_id);
    expect(theirs.some((id) => [river, noodles, salad].some((c) => c.counter_id === id))).toBe(false);
  });

  it('answers the counter types with their names, to the counter pages only', async () => {
    const res = await call('GET', '/countertypes');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().countertypes.map((t: { value: string }) => t.value)).toEqual([...COUNTER_TYPES]);
    expect(res.json().countertypes[1]).toEqual({ value: 'beverage', name: 'Beverage' });
    expect((await call('GET', '/countertypes', undefined, await signIn('demo.reports'))).statusCode).toBe(403);
  });

  it('reads and writes a licence’s details: version-checked, audited, permission-checked and scoped', async () => {
    const c = await counter('Spec kiosks', 'fc-ldn-river');
    const d = (
      await call('POST', '/devices', { name: 'Kiosk 9', device_type: 'Kiosk_android', counter_id: c.counter_id })
    ).json().device;
    const licence = (body: object, cookie = admin) => call('POST', `/devices/${d.device_id}/licence`, body, cookie);

    const empty = await licence({ action: 'get_details_licence' });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().details).toEqual({
      licence_key: '',
      serial_number: '',
      device_model: '',
      valid_until: null,
      notes: '',
    });
    const details = {
      licence_key: 'LIC-2026-0042',
      serial_number: 'SN 77 100',
      device_model: 'Elo I-Series 4',
      valid_until: '2027-03-31',
      notes: 'Bought with the counter refit',
    };
    const saved = await licence({ action: 'put_details_licence', details, version: d.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ details, device: { version: d.version + 1, licence_status: 0 } });
    expect((await licence({ action: 'get_details_licence' })).json().details).toEqual(details);

    const stale = await licence({ action: 'put_details_licence', details: { notes: 'x' }, version: d.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
    const badDate = await licence({
      action: 'put_details_licence',
      details: { valid_until: '2027-02-30' },
      version: d.version + 1,
    });
    expect(badDate.statusCode).toBe(400);
    // The details survive a transition, and every answer carries them.
    const activated = (await licence({ action: 'license_activate', version: d.version + 1 })).json();
    expect(activated.details).toEqual(details);

    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'device'), eq(auditLog.action, 'put_details_licence')));
    expect(row).toMatchObject({ actor: 'demo.admin', entity_id: String(d.device_id) });
    expect(JSON.stringify(row!.after)).toContain('LIC-2026-0042');
    expect(JSON.stringify(row!.after)).not.toContain('token_hash');

    // Another food court's clerk does not find the device; a user without the counter page is refused.
    await ctx.database.db.insert(users).values({
      userid: 'spec.clerk',
      name: 'Hub clerk',
      password_hash: await hashPassword('Counter#2026x'),
      login_types: ['password'],
      pagepermissionaccess: ['counterManagement'],
      permissions: [],
      sites: { locations: [], foodcourts: ['fc-ldn-hub'], restaurants: [] },
    });
    const clerk = await signIn('spec.clerk', 'Counter#2026x');
    expect((await licence({ action: 'get_details_licence' }, clerk)).statusCode).toBe(404);
    expect((await licence({ action: 'put_details_licence', details, version: d.version + 2 }, clerk)).statusCode).toBe(
      404,
    );
    expect((await licence({ action: 'get_details_licence' }, await signIn('demo.reports'))).statusCode).toBe(403);
  });

  it('prints the allergen list as a PDF for the allergen page’s readers', async () => {
    const res = await call('GET', '/allergens/pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain('Allergens.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', '/allergens/pdf', undefined, await signIn('demo.reports'))).statusCode).toBe(403);
  });

  it('refuses a state outside India’s list for an Indian restaurant, with a clear message', async () => {
    const indian = (over: Partial<RestaurantFields>) =>
      complete({
        restid: 'india_kitchen',
        currency: 'INR',
        gstin: '29ABCDE1234F1Z5',
        vendorname: 'Spec Foods',
        address: '12 MG Road, Bengaluru',
        ...over,
      });
    const refused = await call('POST', '/vendor/restaurant', indian({ state: 'Karnatka', pincode: '560001' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().extras.issues).toContainEqual({
      field: 'state',
      key: 'restaurant.errors.unknownIndianState',
      message: 'Choose one of the states and union territories of India: Karnatka',
    });
    const badPin = await call('POST', '/vendor/restaurant', indian({ state: 'Karnataka', pincode: '56001' }));
    expect(badPin.json().extras.issues.map((i: { field: string }) => i.field)).toEqual(['pincode']);
    const made = await call('POST', '/vendor/restaurant', indian({ state: 'Karnataka', pincode: '560001' }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().restaurant).toMatchObject({ state: 'Karnataka', pincode: '560001' });
    // Outside India the state is free text.
    const london = await call(
      'POST',
      '/vendor/restaurant',
      complete({ restid: 'uk_kitchen', state: 'Greater London' }),
    );
    expect(london.statusCode, london.body).toBe(200);
  });

  it('refuses a restaurant create or update without the order capacity, with the form’s message', async () => {
    const { restaurant_wise_order_capacity: _cap, ...without } = complete({ restid: 'capacity_kitchen' });
    for (const body of [without, { ...without, restaurant_wise_order_capacity: null }]) {
      const res = await call('POST', '/vendor/restaurant', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().extras.issues).toContainEqual({
        field: 'restaurant_wise_order_capacity',
        key: 'restaurant.errors.required',
        message: 'This field is required',
      });
    }
    const made = await call('POST', '/vendor/restaurant', { ...without, restaurant_wise_order_capacity: 40 });
    expect(made.statusCode, made.body).toBe(200);
    const { restaurant } = made.json();
    const { restaurant: id, location: _l, updated_at: _u, updated_by: _b, ...fields } = restaurant;
    const { restaurant_wise_order_capacity: cap, ...fieldsWithout } = fields;
    expect(cap).toBe(40);
    const update = await call('PUT', `/vendor/restaurant/${id}`, { ...fieldsWithout, foodcourt: 'fc-blr-atrium' });
    expect(update.statusCode).toBe(400);
    expect(update.json().extras.field).toBe('restaurant_wise_order_capacity');
    const again = (await call('GET', `/vendor/restaurant/${id}`)).json().restaurant;
    expect(again).toMatchObject({ restaurant_wise_order_capacity: 40, version: restaurant.version });
    const zero = await call('PUT', `/vendor/restaurant/${id}`, { ...fields, restaurant_wise_order_capacity: 0 });
    expect(zero.statusCode, zero.body).toBe(200);
  });
});
