import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '@cd/core';
import { backends } from './harness.js';
import { menuTestContext, type Caller, type MenuTestContext } from './menu-fixtures.js';

/** Saved views (issue 36 point 5): own and shared views of a list, by owner, permission profile and tenant. */
describe.each(backends)('saved views on %s', (backend) => {
  let t: MenuTestContext;
  let admin: Caller;
  /** Acme (Bengaluru's Atrium) users of the profile, one Acme user outside it, a Globex (London) user of it. */
  let ana: Caller;
  let bo: Caller;
  let cy: Caller;
  let gus: Caller;
  let profile = 0;
  let other = 0;
  const LIST = '/orderhistory';
  const views = async (caller: Caller, list = LIST) => {
    const res = await caller('GET', `/saved_views?list_key=${encodeURIComponent(list)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { views: SavedView[]; share_profiles: { id: number; name: string }[] };
  };
  const names = async (caller: Caller) => (await views(caller)).views.map((v) => v.name);
  const count = async () =>
    (
      (await t.ctx.database.db.execute(sql`select count(*)::int as n from saved_views`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;

  beforeAll(async () => {
    t = await menuTestContext(backend);
    admin = t.admin;
    const made = async (name: string) => {
      const res = await admin('POST', '/permission_profiles', {
        name,
        admin: false,
        pagepermissionaccess: ['preorderhistory'],
        permissions: [],
        read_only_access: [],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().profile.id as number;
    };
    profile = await made('Shift leads');
    other = await made('Cashiers');
    const acme = { foodcourts: ['fc-blr-atrium'] };
    const apply = async (id: number, userids: string[]) =>
      expect((await admin('POST', `/permission_profiles/${id}/apply`, { userids })).statusCode).toBe(200);
    for (const userid of ['sv.ana', 'sv.bo', 'sv.cy'])
      await t.user(userid, { pages: ['preorderhistory'], sites: acme });
    await t.user('sv.gus', { pages: ['preorderhistory'], sites: { foodcourts: ['fc-ldn-river'] } });
    await apply(profile, ['sv.ana', 'sv.bo', 'sv.gus']);
    await apply(other, ['sv.cy']);
    // Signed in after the profiles were applied.
    ana = await t.signIn('sv.ana');
    bo = await t.signIn('sv.bo');
    cy = await t.signIn('sv.cy');
    gus = await t.signIn('sv.gus');
  });
  afterAll(async () => t.close());

  it('creates, lists, renames and deletes a view of its owner', async () => {
    const res = await ana('POST', '/saved_views', {
      list_key: LIST,
      name: ' Card payments ',
      query: '?tender=card&sort=total&order=desc',
      columns: ['order', 'total'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().view as SavedView;
    expect(view).toMatchObject({
      name: 'Card payments',
      query: 'tender=card&sort=total&order=desc',
      columns: ['order', 'total'],
      shared_with_profile: null,
      owner: 'sv.ana',
      mine: true,
      version: 1,
    });
    expect(await names(ana)).toEqual(['Card payments']);
    expect(await views(ana, '/restaurant')).toMatchObject({ views: [] });
    // Not shared: nobody else sees it, not even a user of the owner's profile.
    expect(await names(bo)).toEqual([]);

    const renamed = await ana('PUT', `/saved_views/${view.id}`, { name: 'Cards', version: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().view).toMatchObject({ name: 'Cards', query: view.query, columns: view.columns, version: 2 });
    // The same name twice on one list is refused; on another list it is fine.
    const again = await ana('POST', '/saved_views', { list_key: LIST, name: 'CARDS' });
    expect(again.statusCode).toBe(409);
    expect(again.json().extras).toMatchObject({ code: 'savedViewExists', field: 'name' });
    expect((await ana('POST', '/saved_views', { list_key: '/restaurant', name: 'Cards' })).statusCode).toBe(200);

    // A stale version is a conflict naming who saved; the row is unchanged.
    const stale = await ana('PUT', `/saved_views/${view.id}`, { name: 'Old', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras).toMatchObject({ code: 'versionConflict' });
    expect((await ana('DELETE', `/saved_views/${view.id}?version=1`)).statusCode).toBe(409);
    expect(await names(ana)).toEqual(['Cards']);
    expect((await ana('DELETE', `/saved_views/${view.id}?version=2`)).statusCode).toBe(200);
    expect(await names(ana)).toEqual([]);
    expect((await ana('DELETE', `/saved_views/${view.id}?version=2`)).statusCode).toBe(404);
  });

  it('a view shared with a profile reaches its users in the same client only; only its owner changes it', async () => {
    const shares = await views(ana);
    expect(shares.share_profiles).toEqual([{ id: profile, name: 'Shift leads' }]);
    expect((await views(admin)).share_profiles.map((p) => p.name)).toEqual(['Cashiers', 'Shift leads']);

    const res = await ana('POST', '/saved_views', {
      list_key: LIST,
      name: 'Refunded today',
      query: 'status=refunded',
      shared_with_profile: profile,
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().view as SavedView;
    expect(view.shared_with_profile_name).toBe('Shift leads');

    const seen = (await views(bo)).views;
    expect(seen).toMatchObject([{ name: 'Refunded today', owner: 'sv.ana', mine: false, query: 'status=refunded' }]);
    // Another profile, and a user of the same profile at another client, see nothing.
    expect(await names(cy)).toEqual([]);
    expect(await names(gus)).toEqual([]);

    // Only the owner renames or deletes it: to anyone else it does not exist.
    expect((await bo('PUT', `/saved_views/${view.id}`, { name: 'Mine now', version: 1 })).statusCode).toBe(404);
    expect((await gus('PUT', `/saved_views/${view.id}`, { name: 'Mine now', version: 1 })).statusCode).toBe(404);
    expect((await bo('DELETE', `/saved_views/${view.id}?version=1`)).statusCode).toBe(404);
    expect((await cy('DELETE', `/saved_views/${view.id}?version=1`)).statusCode).toBe(404);
    expect((await views(ana)).views).toMatchObject([{ name: 'Refunded today', version: 1 }]);

    // A non-administrator shares only with their own profile.
    const foreign = await ana('POST', '/saved_views', { list_key: LIST, name: 'X', shared_with_profile: other });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().extras).toMatchObject({ code: 'savedViewProfile', field: 'shared_with_profile' });
    const reshare = await ana('PUT', `/saved_views/${view.id}`, { shared_with_profile: other, version: 1 });
    expect(reshare.statusCode).toBe(400);

    // Unshared by its owner, it leaves the profile's lists.
    const unshared = await ana('PUT', `/saved_views/${view.id}`, { shared_with_profile: null, version: 1 });
    expect(unshared.statusCode, unshared.body).toBe(200);
    expect(await names(bo)).toEqual([]);

    // An administrator's view shared with a profile reaches its users at every client.
    const byAdmin = await admin('POST', '/saved_views', {
      list_key: LIST,
      name: 'All open',
      shared_with_profile: profile,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await names(gus)).toEqual(['All open']);
    expect(await names(bo)).toEqual(['All open']);
    expect(await names(cy)).toEqual([]);
  });

  it('another client never sees a view, even one shared with its profile', async () => {
    const res = await gus('POST', '/saved_views', {
      list_key: LIST,
      name: 'London late',
      shared_with_profile: profile,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().view.id as number;
    const rows = (await t.ctx.database.db.execute(
      sql`select clients from saved_views where id = ${id}`,
    )) as unknown as {
      rows: { clients: string[] }[];
    };
    expect(rows.rows[0]!.clients).toEqual(['globex']);
    expect(await names(bo)).not.toContain('London late');
    expect(await names(gus)).toContain('London late');
    expect((await bo('DELETE', `/saved_views/${id}?version=1`)).statusCode).toBe(404);
  });

  it('bad input is refused with the field named and changes nothing', async () => {
    const before = await count();
    const bad: [object, string][] = [
      [{ list_key: 'orderhistory', name: 'A' }, 'list_key'],
      [{ list_key: LIST, name: '   ' }, 'name'],
      [{ list_key: LIST, name: 'x'.repeat(61) }, 'name'],
      [{ list_key: LIST, name: 'A', query: 'a=1&<script>' }, 'query'],
      [{ list_key: LIST, name: 'A', columns: [] }, 'columns'],
      [{ list_key: LIST, name: 'A', columns: ['a', 'a'] }, 'columns'],
      [{ list_key: LIST, name: 'A', shared_with_profile: 'all' }, 'shared_with_profile'],
    ];
    for (const [body, field] of bad) {
      const res = await ana('POST', '/saved_views', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().extras.field, JSON.stringify(body)).toBe(field);
      expect(res.json().message).toBeTruthy();
    }
    const missing = await admin('POST', '/saved_views', { list_key: LIST, name: 'A', shared_with_profile: 99999 });
    expect(missing.statusCode).toBe(400);
    expect((await ana('PUT', '/saved_views/1', { name: 'A' })).statusCode).toBe(400);
    expect((await ana('GET', '/saved_views')).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses callers who are not signed in', async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: `/v2/bck/saved_views?list_key=${LIST}` });
    expect(res.statusCode).toBe(401);
  });
});
