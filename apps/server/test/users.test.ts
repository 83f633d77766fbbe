import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.js';
import type { LocationNode } from '@cd/core';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

type Named = { userid: string };
type Restaurant = { restaurant: string };
type Tax = { id: string };

const PASSWORD = 'ControlDesk#2026';
const noSites = { locations: [], foodcourts: [], restaurants: [] };

const newUser = (over: Record<string, unknown> = {}) => ({
  userid: 'new.cashier',
  name: 'New Cashier',
  phone: '',
  email: '',
  password: 'Cashier#2026',
  login_types: ['password'],
  only_sso_login: false,
  mfa_enabled: false,
  admin: false,
  status: 'active',
  pagepermissionaccess: ['location', 'foodcourt'],
  permissions: [],
  read_only_access: [],
  sites: { locations: [], foodcourts: [], restaurants: ['fc-blr-atrium:spice_route'] },
  ...over,
});

describe.each(backends)('user management on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;

  const signIn = async (userid: string, password = PASSWORD) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res)!;
  };
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
  });
  afterAll(async () => ctx.close());

  it('creates a user who then signs in with exactly the pages and restaurant given', async () => {
    const res = await api('POST', '/vendor/users', admin, newUser());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      userid: 'new.cashier',
      has_password: true,
      version: 1,
      updated_by: 'demo.admin',
    });
    expect(res.body).not.toMatch(/argon2|password_hash/);

    const cookie = await signIn('new.cashier', 'Cashier#2026');
    const profile = (await api('POST', '/vendor/details', cookie, {})).json();
    expect(profile.vendorextras.pagepermissionaccess).toEqual(['location', 'foodcourt']);
    const restaurants = (Object.values(profile.loc2fc2rest_details_map) as LocationNode[]).flatMap((l) =>
      Object.values(l.foodcourts).flatMap((f) => f.restaurants.map((r: Restaurant) => r.restaurant)),
    );
    expect(restaurants).toEqual(['fc-blr-atrium:spice_route']);
    const pos = (await api('POST', '/pos_restaurants', cookie, {})).json();
    expect(pos.restaurants.map((r: Restaurant) => r.restaurant)).toEqual(['fc-blr-atrium:spice_route']);
    // Not a page it holds.
    expect((await api('GET', '/vendor/users', cookie)).statusCode).toBe(403);

    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, 'new.cashier'), eq(auditLog.action, 'create')));
    expect(row?.actor).toBe('demo.admin');
    expect(JSON.stringify(row?.after)).not.toMatch(/argon2/);
  });

  it('refuses what the form refuses, naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ userid: 'weak.pw', password: 'weakpass' }, 'password', /at least 8 characters/],
      [{ userid: 'bad.name', name: 'Bad;Name' }, 'name', /not allowed/],
      [{ userid: 'no.phone', login_types: ['phone'], password: '' }, 'phone', /phone number/],
      [
        { userid: 'sso.mixed', only_sso_login: true, login_types: ['sso', 'password'], email: 'x@corp.test' },
        'login_types',
        /single sign-on only/,
      ],
      [{ userid: 'bad.page', pagepermissionaccess: ['nonsense'] }, 'pagepermissionaccess.0', /Unknown page permission/],
    ];
    for (const [over, field, message] of cases) {
      const res = await api('POST', '/vendor/users', admin, newUser(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().extras.field).toBe(field);
      expect(res.json().message).toMatch(message);
      expect((await api('GET', `/vendor/users/${over.userid as string}`, admin)).statusCode).toBe(404);
    }
  });

  it('refuses a duplicate user id or phone with 409 naming the field', async () => {
    const dup = await api('POST', '/vendor/users', admin, newUser());
    expect(dup.statusCode).toBe(409);
    expect(dup.json().extras).toMatchObject({ code: 'userExists', field: 'userid' });
    const phone = await api(
      'POST',
      '/vendor/users',
      admin,
      newUser({ userid: 'other.one', phone: '9000000001', login_types: ['password', 'phone'] }),
    );
    expect(phone.statusCode).toBe(409);
    expect(phone.json().extras.field).toBe('phone');
  });

  it('gives one of two concurrent saves success and the other a 409', async () => {
    const { user } = (await api('GET', '/vendor/users/new.cashier', admin)).json();
    const edit = (name: string) =>
      api('PUT', '/vendor/users/new.cashier', admin, { ...newUser({ name }), version: user.version });
    const results = await Promise.all([edit('First Edit'), edit('Second Edit')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!.json();
    expect(conflict.extras).toMatchObject({
      code: 'versionConflict',
      updated_by: 'demo.admin',
      current_version: user.version + 1,
    });
    expect(conflict.message).toMatch(/changed by demo.admin/);
  });

  it('asks before an admin removes their own admin flag', async () => {
    await api('POST', '/vendor/users', admin, newUser({ userid: 'second.admin', admin: true, sites: noSites }));
    const other = await signIn('second.admin', 'Cashier#2026');
    const { user } = (await api('GET', '/vendor/users/second.admin', other)).json();
    const body = { ...newUser({ admin: false, sites: noSites }), version: user.version };
    const unconfirmed = await api('PUT', '/vendor/users/second.admin', other, body);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().extras.code).toBe('confirmRemoveOwnAdmin');
    const confirmed = await api('PUT', '/vendor/users/second.admin', other, {
      ...body,
      confirm_remove_own_admin: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user.admin).toBe(false);
  });

  it('keeps at least one active administrator', async () => {
    const { user } = (await api('GET', '/vendor/users/demo.admin', admin)).json();
    // A save that leaves out the admin flag is refused, not read as "not an administrator".
    const { admin: _flag, ...withoutFlag } = user;
    const partial = await api('PUT', '/vendor/users/demo.admin', admin, { ...withoutFlag, version: user.version });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().extras.field).toBe('admin');
    const res = await api('PUT', '/vendor/users/demo.admin', admin, {
      ...user,
      status: 'inactive',
      version: user.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().extras.code).toBe('lastAdmin');
  });

  it('lets a non-admin give only what they hold, to users within their sites', async () => {
    await api(
      'POST',
      '/vendor/users',
      admin,
      newUser({
        userid: 'site.manager',
        pagepermissionaccess: ['vendor', 'location'],
        sites: { locations: ['loc-london'], foodcourts: [], restaurants: [] },
      }),
    );
    const manager = await signIn('site.manager', 'Cashier#2026');
    const list = (await api('GET', '/vendor/users', manager)).json();
    // Admins and users outside London are not theirs to see.
    expect(list.users.map((u: Named) => u.userid)).toEqual(['demo.sso@corp.controldesk.test', 'site.manager']);
    const beyondPages = await api(
      'POST',
      '/vendor/users',
      manager,
      newUser({
        userid: 'x.one',
        pagepermissionaccess: ['dayend'],
        sites: { locations: ['loc-london'], foodcourts: [], restaurants: [] },
      }),
    );
    expect(beyondPages.json().extras.code).toBe('cannotGrant');
    const beyondSites = await api(
      'POST',
      '/vendor/users',
      manager,
      newUser({ userid: 'x.two', pagepermissionaccess: ['location'] }),
    );
    expect(beyondSites.json().extras.code).toBe('cannotGrant');
    const adminFlag = await api(
      'POST',
      '/vendor/users',
      manager,
      newUser({ userid: 'x.three', admin: true, pagepermissionaccess: [], sites: noSites }),
    );
    expect(adminFlag.statusCode).toBe(403);
    const ok = await api(
      'POST',
      '/vendor/users',
      manager,
      newUser({
        userid: 'x.four',
        pagepermissionaccess: ['location'],
        sites: { locations: [], foodcourts: ['fc-ldn-hub'], restaurants: [] },
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('setting a password ends that user’s sessions and enforces strength', async () => {
    const cookie = await signIn('new.cashier', 'Cashier#2026');
    const weak = await api('POST', '/vendor/users/new.cashier/password', admin, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    const set = await api('POST', '/vendor/users/new.cashier/password', admin, { password: 'Changed#2027' });
    expect(set.statusCode).toBe(200);
    expect((await api('POST', '/vendor/details', cookie, {})).statusCode).toBe(401);
    await signIn('new.cashier', 'Changed#2027');
  });

  it('applies permission and site profiles to users', async () => {
    const created = await api('POST', '/permission_profiles', admin, {
      name: 'Menu team',
      admin: false,
      pagepermissionaccess: ['editMenu', 'allergens'],
      permissions: ['price'],
      read_only_access: ['allergens'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const profile = created.json().profile;
    const applied = await api('POST', `/permission_profiles/${profile.id}/apply`, admin, { userids: ['new.cashier'] });
    expect(applied.json()).toMatchObject({ updated: 1 });
    const { user } = (await api('GET', '/vendor/users/new.cashier', admin)).json();
    expect(user).toMatchObject({
      pagepermissionaccess: ['editMenu', 'allergens'],
      permissions: ['price'],
      read_only_access: ['allergens'],
      // The editor names the profile the user is "of" (views shared with it reach them), as the list does.
      permission_profile: { id: profile.id, name: 'Menu team' },
    });
    const listed = (await api('GET', '/vendor/users?search=new.cashier', admin)).json().users;
    expect(listed[0].permission_profile).toEqual({ id: profile.id, name: 'Menu team' });
    expect((await api('GET', '/vendor/users/demo.admin', admin)).json().user.permission_profile).toBeNull();

    const sites = (
      await api('POST', '/site_profiles', admin, {
        name: 'Auckland',
        sites: { locations: ['loc-auckland'], foodcourts: [], restaurants: [] },
      })
    ).json().profile;
    await api('POST', `/site_profiles/${sites.id}/apply`, admin, { userids: ['new.cashier'] });
    expect((await api('GET', '/vendor/users/new.cashier', admin)).json().user.sites.locations).toEqual([
      'loc-auckland',
    ]);

    const stale = await api('PUT', `/site_profiles/${sites.id}`, admin, {
      name: 'Auckland 2',
      sites: noSites,
      version: 99,
    });
    expect(stale.statusCode).toBe(409);
    const dupName = await api('POST', '/site_profiles', admin, { name: 'auckland', sites: noSites });
    expect(dupName.json().extras.code).toBe('nameExists');
    expect((await api('DELETE', `/site_profiles/${sites.id}?version=${sites.version}`, admin)).statusCode).toBe(200);
    expect((await api('GET', '/site_profiles', admin)).json().profiles).toHaveLength(0);
  });

  it('manages SSO users on the AD page', async () => {
    const added = await api('POST', '/ad_users', admin, {
      userid: 'New.Person@corp.controldesk.test',
      name: 'New Person',
      status: 'active',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().user).toMatchObject({
      userid: 'new.person@corp.controldesk.test',
      login_types: ['sso'],
      only_sso_login: true,
    });
    const list = (await api('GET', '/ad_users', admin)).json().users.map((u: Named) => u.userid);
    expect(list).toEqual(['demo.sso@corp.controldesk.test', 'new.person@corp.controldesk.test']);
    const upd = await api('PUT', '/ad_users/new.person@corp.controldesk.test', admin, {
      name: 'Renamed',
      status: 'inactive',
      version: 1,
    });
    expect(upd.json().user).toMatchObject({ name: 'Renamed', status: 'inactive' });
    expect(
      (await api('PUT', '/ad_users/demo.admin', admin, { name: 'X', status: 'active', version: 1 })).statusCode,
    ).toBe(404);
  });

  it('names the permitted clients with their branding in the profile (spec 000 §6)', async () => {
    const profile = (await api('POST', '/vendor/details', admin, {})).json();
    expect(profile.permittedClients).toEqual([
      {
        client: 'acme',
        name: 'Acme Technologies',
        branding: { logo_url: '', theme: 'region', hide_logo_regions: ['nz'] },
      },
      {
        client: 'globex',
        name: 'Globex Corporation',
        branding: { logo_url: '/branding/globex.svg', theme: 'orange', hide_logo_regions: [] },
      },
    ]);
  });

  it('answers the dashboard-data call: what exists today, empty lists for sectors and report filters', async () => {
    const data = (await api('GET', '/dashboard_data', admin)).json();
    expect(data.client_list.sort()).toEqual(['acme', 'globex']);
    expect(data.locations.map((l: { location: string }) => l.location).sort()).toEqual([
      'loc-auckland',
      'loc-bengaluru',
      'loc-london',
    ]);
    expect(Object.keys(data.client_locations).sort()).toEqual(['acme', 'globex']);
    expect(data.allergens.MK).toEqual({ name: 'Milk', imageurl: expect.any(String) });
    expect(data.nutrients).toContain('Protein');
    expect(data.artificialSubstance).toContain('Preservatives');
    // The counters of the caller's sites (the demo has none; test/spec-items.test.ts makes some and checks the scope).
    expect(data).toMatchObject({
      counter_management: [],
      sector_list: [],
      regional_sector_list: [],
      reporting_filter_options: {},
    });
  });

  it('answers the shell calls', async () => {
    const client = (await api('POST', '/get_client_data', admin, {})).json();
    expect(Object.keys(client.client_settings).sort()).toEqual(['acme', 'globex']);
    expect(client.client_settings.acme.reportListJSON.generalReport.daily_sales.label).toBe('Daily sales');
    // Spec 001 §3.4 flags: missing ones are on; Globex turns two off.
    expect(client.client_settings.acme.flags).toMatchObject({ allergensMapping: true, nutritionalInfo: true });
    expect(client.client_settings.globex.flags).toMatchObject({ nutritionalInfo: false, artificialSubstance: false });
    expect(client.taxes_to_apply.map((t: Tax) => t.id).sort()).toEqual(['cgst', 'sgst', 'vat']);
    const sync = (await api('GET', '/get_last_bq_sync_time', admin)).json();
    expect(Date.parse(sync.last_bqsync_time)).toBeLessThan(Date.now());
  });
});
