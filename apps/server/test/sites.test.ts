import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newRestaurantDefaults, validateRestaurant, type RestaurantFields } from '@cd/core';
import { auditLog, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const complete = (over: Partial<RestaurantFields> = {}): RestaurantFields & { foodcourt: string } => ({
  ...newRestaurantDefaults(),
  foodcourt: 'fc-blr-atrium',
  restid: 'new_kitchen',
  name: 'New Kitchen',
  client: 'acme',
  sitecode: 'BLR9',
  currency: 'GBP',
  fssai_no: '10012345000999',
  description: 'Fresh bowls',
  rest_na_message: 'Closed now',
  cuisines: 'Bowls',
  extradetails: 'Level 2',
  info_link: 'https://example.com/new',
  status: 'active',
  type: 'cnc_popup',
  ...over,
});

describe.each(backends)('sites on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;

  const signIn = async (userid: string, password = 'ControlDesk#2026') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid, password },
    });
    return sessionCookie(res)!;
  };
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
  });
  afterAll(async () => ctx.close());

  it('lists restaurants with filters, search and paging', async () => {
    const all = (await api('GET', '/vendor/restaurant?page_size=200', admin)).json();
    expect(all.total).toBe(15);
    const atrium = (await api('GET', '/vendor/restaurant?foodcourt=fc-blr-atrium', admin)).json();
    expect(atrium.restaurants.map((r: { name: string }) => r.name)).toEqual([
      'Chai Point',
      'Dosa Corner',
      'Green Bowl',
      'Spice Route',
    ]);
    // Page sizes are the list contract's 25, 50, 100 or 200 (test/lists.test.ts pages through more rows).
    const page2 = (await api('GET', '/vendor/restaurant?page=2&page_size=25', admin)).json();
    expect(page2).toMatchObject({ restaurants: [], total: 15, page: 2, page_size: 25 });
    const search = (await api('GET', '/vendor/restaurant?search=noodle', admin)).json();
    expect(search.restaurants.map((r: { restaurant: string }) => r.restaurant)).toEqual(['fc-ldn-river:noodle_house']);
  });

  it('shows a user only the restaurants of their sites', async () => {
    const menu = await signIn('demo.menu');
    await ctx.database.db
      .update(users)
      .set({ pagepermissionaccess: ['restaurant'] })
      .where(eq(users.userid, 'demo.menu'));
    const list = (await api('GET', '/vendor/restaurant', menu)).json();
    expect(list.total).toBe(5);
    expect((await api('GET', '/vendor/restaurant/fc-akl-wharf:pie_shop', menu)).statusCode).toBe(404);
  });

  it('opens a seeded restaurant as a complete, valid record', async () => {
    const { restaurant } = (await api('GET', '/vendor/restaurant/fc-blr-atrium:spice_route', admin)).json();
    expect(restaurant).toMatchObject({
      restid: 'spice_route',
      name: 'Spice Route',
      foodcourt: 'fc-blr-atrium',
      location: 'loc-bengaluru',
      version: 1,
    });
    const {
      restaurant: _r,
      foodcourt: _f,
      location: _l,
      version: _v,
      updated_at: _u,
      updated_by: _b,
      ...fields
    } = restaurant;
    expect(validateRestaurant(fields)).toEqual([]);
  });

  it('creates a restaurant and gives back every value as entered', async () => {
    const body = complete({
      nonvegflag: true,
      vegflag: 'B',
      thumbnail: '/files/restaurant/x.png',
      options: {
        ...newRestaurantDefaults().options,
        non_available_days: ['sunday'],
        non_available_days_msg: 'Closed on Sundays',
        dynamic_conveniencefee: [
          { min: 0, max: 500, convenience_fee: 10, ispercentage: false, days: ['monday'], dates: [] },
        ],
        timings_extras: [{ start: '08:00', end: '11:00', cart_option_id: '', days: ['monday', 'tuesday'] }],
        kiosk_timings_extras: [{ start: '12:00', end: '15:00', cart_option_id: 'k1', days: ['friday'] }],
        cancel_order_threshold: 1563,
        labels: { veg: 'Vegetarian' },
      },
    });
    const res = await api('POST', '/vendor/restaurant', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    const { restaurant } = (await api('GET', '/vendor/restaurant/fc-blr-atrium:new_kitchen', admin)).json();
    const { foodcourt: _fc, ...fields } = body;
    expect(restaurant).toMatchObject({
      ...fields,
      restaurant: 'fc-blr-atrium:new_kitchen',
      updated_by: 'demo.admin',
      version: 1,
    });
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'restaurant'), eq(auditLog.entity_id, 'fc-blr-atrium:new_kitchen')));
    expect(row?.actor).toBe('demo.admin');
  });

  it('refuses what the form refuses and stores nothing', async () => {
    const base = newRestaurantDefaults().options;
    const cases: [Partial<RestaurantFields>, string][] = [
      [{ name: '' }, 'name'],
      [{ restid: 'bad-id' }, 'restid'],
      [{ nonvegflag: true, vegflag: 'V' }, 'vegflag'],
      [{ options: { ...base, carryforward_stock: true, nullify_stock: true } }, 'options.nullify_stock'],
      [{ options: { ...base, non_available_dates: ['25-12-2026'] } }, 'options.non_available_dates_msg'],
      [
        {
          options: {
            ...base,
            dynamic_conveniencefee: [
              { min: 50, max: 10, convenience_fee: 1, ispercentage: false, days: [], dates: [] },
            ],
          },
        },
        'options.dynamic_conveniencefee.0.max',
      ],
      [
        { options: { ...base, timings_extras: [{ start: '12:00', end: '09:00', cart_option_id: '', days: [] }] } },
        'options.timings_extras.0.end',
      ],
      [{ client: 'nobody' }, 'client'],
      [{ pricebook_path: 'missing' }, 'pricebook_path'],
      [{ info_link: 'javascript:alert(1)' }, 'info_link'],
    ];
    for (const [over, field] of cases) {
      const res = await api('POST', '/vendor/restaurant', admin, complete({ restid: 'refused_one', ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().extras.issues.map((i: { field: string }) => i.field)).toContain(field);
    }
    expect((await api('GET', '/vendor/restaurant/fc-blr-atrium:refused_one', admin)).statusCode).toBe(404);
    const dup = await api('POST', '/vendor/restaurant', admin, complete());
    expect(dup.statusCode).toBe(409);
  });

  it('gives one of two concurrent saves success and the other a 409', async () => {
    const { restaurant } = (await api('GET', '/vendor/restaurant/fc-blr-atrium:new_kitchen', admin)).json();
    const save = (name: string) =>
      api(
        'PUT',
        '/vendor/restaurant/fc-blr-atrium:new_kitchen',
        admin,
        complete({ name, version: restaurant.version } as never),
      );
    const results = await Promise.all([save('Kitchen A'), save('Kitchen B')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().extras).toMatchObject({
      code: 'versionConflict',
      updated_by: 'demo.admin',
    });
  });

  it('updates availability through the settings call, with its permission', async () => {
    const { restaurant } = (await api('GET', '/vendor/restaurant/fc-blr-atrium:spice_route', admin)).json();
    const body = {
      action: 'update',
      restaurantid: 'fc-blr-atrium:spice_route',
      version: restaurant.version,
      settings: { non_available_dates: ['25-12-2026'], non_available_dates_msg: 'Closed for Christmas' },
    };
    const ok = await api('POST', '/vendor/restaurantdaysavailability', admin, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().restaurant.options).toMatchObject({
      non_available_dates: ['25-12-2026'],
      non_available_dates_msg: 'Closed for Christmas',
    });
    const noMsg = await api('POST', '/vendor/restaurantdaysavailability', admin, {
      ...body,
      version: restaurant.version + 1,
      settings: { non_available_days: ['monday'] },
    });
    expect(noMsg.json().extras.issues[0].field).toBe('options.non_available_days_msg');

    await ctx.database.db.insert(users).values({
      userid: 'rest.editor',
      name: 'Rest Editor',
      password_hash: await hashPassword('Editor#2026'),
      login_types: ['password'],
      pagepermissionaccess: ['restaurant'],
      permissions: [],
      sites: { locations: ['loc-bengaluru'], foodcourts: [], restaurants: [] },
    });
    const editor = await signIn('rest.editor', 'Editor#2026');
    const refused = await api('POST', '/vendor/restaurantdaysavailability', editor, {
      ...body,
      version: restaurant.version + 1,
      settings: { non_available_dates: ['26-12-2026'], non_available_dates_msg: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    const noAdd = await api('POST', '/vendor/restaurant', editor, complete({ restid: 'by_editor' }));
    expect(noAdd.statusCode).toBe(403);
  });

  it('an availability update changes only the fields it names, takes the rest_ names, and refuses unknown keys', async () => {
    const id = 'fc-blr-atrium:spice_route';
    const current = async () =>
      (await api('GET', `/vendor/restaurant/${encodeURIComponent(id)}`, admin)).json().restaurant;
    const send = async (fields: Record<string, unknown>) =>
      api('POST', '/vendor/restaurantdaysavailability', admin, {
        action: 'update',
        restaurantid: id,
        version: (await current()).version,
        ...fields,
      });

    const closed = await send({
      settings: { non_available_days: ['monday'], non_available_days_msg: 'Closed on Mondays' },
    });
    expect(closed.statusCode, closed.body).toBe(200);

    // Only the dates message: the closed days and their message stay.
    const msgOnly = await send({ settings: { non_available_dates_msg: 'Bank holidays' } });
    expect(msgOnly.statusCode, msgOnly.body).toBe(200);
    expect((await current()).options).toMatchObject({
      non_available_days: ['monday'],
      non_available_days_msg: 'Closed on Mondays',
      non_available_dates_msg: 'Bank holidays',
    });

    // The spec's own form: fields at the top level, under their rest_ names.
    const prefixed = await send({ rest_non_available_days: ['monday', 'tuesday'] });
    expect(prefixed.statusCode, prefixed.body).toBe(200);
    expect((await current()).options).toMatchObject({
      non_available_days: ['monday', 'tuesday'],
      non_available_days_msg: 'Closed on Mondays',
    });

    // A key the call does not know is refused with its name, and nothing changes.
    const before = await current();
    const unknown = await send({ settings: { non_available_day: ['friday'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('non_available_day');
    const unknownTop = await send({ closed_days: ['friday'], non_available_days_msg: 'x' });
    expect(unknownTop.statusCode).toBe(400);
    expect(unknownTop.json().message).toContain('closed_days');
    // The same field twice with two values, or no field at all.
    const twice = await send({ non_available_days: ['friday'], settings: { rest_non_available_days: ['sunday'] } });
    expect(twice.statusCode).toBe(400);
    expect((await send({})).statusCode).toBe(400);
    expect(await current()).toEqual(before);
  });

  it('manages organisations and food courts with versions', async () => {
    const created = await api('POST', '/vendor/location', admin, { location: 'loc-dubai', name: 'Dubai Marina' });
    expect(created.statusCode, created.body).toBe(200);
    expect((await api('POST', '/vendor/location', admin, { location: 'loc-dubai', name: 'Again' })).statusCode).toBe(
      409,
    );
    const badName = await api('POST', '/vendor/location', admin, { location: 'loc-x', name: 'Bad;Name' });
    expect(badName.json().extras.field).toBe('name');
    const fc = await api('POST', '/vendor/foodcourt', admin, {
      foodcourt: 'fc-dxb-marina',
      location: 'loc-dubai',
      name: 'Marina Court',
    });
    expect(fc.statusCode, fc.body).toBe(200);
    const renamed = await api('PUT', '/vendor/foodcourt/fc-dxb-marina', admin, {
      foodcourt: 'fc-dxb-marina',
      location: 'loc-dubai',
      name: 'Marina Food Court',
      version: 1,
    });
    expect(renamed.json().foodcourt).toMatchObject({ name: 'Marina Food Court', version: 2 });
    const stale = await api('PUT', '/vendor/foodcourt/fc-dxb-marina', admin, {
      foodcourt: 'fc-dxb-marina',
      location: 'loc-dubai',
      name: 'Stale',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const list = (await api('GET', '/vendor/location?search=dubai', admin)).json();
    expect(list.locations).toEqual([
      expect.objectContaining({ location: 'loc-dubai', foodcourt_count: 1, restaurant_count: 0 }),
    ]);
    const one = (await api('GET', '/vendor/foodcourt_v1?foodcourt_id=fc-dxb-marina', admin)).json();
    expect(one.foodcourt.name).toBe('Marina Food Court');
    const pathsAnswer = (await api('GET', '/allpath', admin)).json();
    expect(pathsAnswer.data.map((p: { pathid: string }) => p.pathid)).toEqual(['corporate', 'kiosk', 'standard']);
  });

  it('mirrors partner_id in matrix_integration (spec 001 §3.1)', async () => {
    const created = await api(
      'POST',
      '/vendor/restaurant',
      admin,
      complete({ restid: 'mirror_kitchen', partner_id: 'P-1' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().restaurant.matrix_integration).toEqual({ partner_id: 'P-1' });
    const { restaurant } = created.json();
    const { restaurant: _r, location: _l, updated_at: _u, updated_by: _b, ...fields } = restaurant;
    const saved = await api('PUT', `/vendor/restaurant/${restaurant.restaurant}`, admin, {
      ...fields,
      partner_id: 'P-2',
      matrix_integration: { partner_id: 'stale' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().restaurant.matrix_integration).toEqual({ partner_id: 'P-2' });
  });

  it('changes a permission-labelled field only with its label (spec 001 §6)', async () => {
    await ctx.database.db.insert(users).values({
      userid: 'label.editor',
      name: 'Label Editor',
      password_hash: await hashPassword('Label#2026'),
      login_types: ['password'],
      pagepermissionaccess: ['restaurant'],
      // Every label but the not-available message.
      permissions: ['fssai_no', 'admin_mailids', 'thumbnail', 'confirmation_message_dinein', 'rest_configured_session'],
      sites: { locations: ['loc-bengaluru'], foodcourts: [], restaurants: [] },
    });
    const editor = await signIn('label.editor', 'Label#2026');
    const id = 'fc-blr-atrium:spice_route';
    const { restaurant } = (await api('GET', `/vendor/restaurant/${id}`, editor)).json();
    const { restaurant: _r, foodcourt: _f, location: _l, updated_at: _u, updated_by: _b, ...fields } = restaurant;
    const put = (change: Record<string, unknown>, version: number) =>
      api('PUT', `/vendor/restaurant/${id}`, editor, { ...fields, ...change, foodcourt: 'fc-blr-atrium', version });

    const refused = await put({ rest_na_message: 'Back soon' }, restaurant.version);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().extras).toMatchObject({ code: 'fieldNotAllowed', field: 'rest_na_message' });
    const allowed = await put({ fssai_no: '10012345000111' }, restaurant.version);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().restaurant).toMatchObject({
      fssai_no: '10012345000111',
      rest_na_message: restaurant.rest_na_message,
    });
  });

  it('lists the price-book paths only to holders of the /allpath page (spec 000 §6)', async () => {
    await ctx.database.db.insert(users).values({
      userid: 'no.paths',
      name: 'No Paths',
      password_hash: await hashPassword('NoPaths#2026'),
      login_types: ['password'],
      pagepermissionaccess: ['restaurant', 'pricebook'],
      permissions: [],
    });
    const without = await signIn('no.paths', 'NoPaths#2026');
    expect((await api('GET', '/allpath', without)).statusCode).toBe(403);
    await ctx.database.db
      .update(users)
      .set({ pagepermissionaccess: ['restaurant', 'pricebook', '/allpath'] })
      .where(eq(users.userid, 'no.paths'));
    // A change made straight in the database reaches the kept session by notification (within milliseconds).
    await expect.poll(async () => (await api('GET', '/allpath', without)).statusCode, { timeout: 5_000 }).toBe(200);
  });
});
