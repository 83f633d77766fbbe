import type { LightMyRequestResponse } from 'fastify';
import type { FoodItem } from '@cd/core';
import type { UserSites } from '../src/db/schema/index.js';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { createTestContext, sessionCookie, type Backend, type TestContext } from './harness.js';

export const SPICE = 'fc-blr-atrium:spice_route';
export const NOODLE = 'fc-ldn-river:noodle_house';
const PASSWORD = 'MenuTest#2026';

/** An item as the editor sends it back: its fields and the version it edited. */
export const editable = (item: FoodItem) => {
  const { foodid: _f, restaurant: _r, updated_at: _u, updated_by: _b, ...fields } = item;
  return fields;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Caller = (
  method: Method,
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

export type MenuTestContext = {
  ctx: TestContext;
  admin: Caller;
  /** A signed-in user with the given pages, fine permissions and sites (admin: false). */
  user: (
    userid: string,
    opts: { pages: string[]; permissions?: string[]; sites?: Partial<UserSites>; readOnly?: string[] },
  ) => Promise<Caller>;
  /** A new session of a user made by `user` (after their row changed). */
  signIn: (userid: string) => Promise<Caller>;
  close: () => Promise<void>;
};

/** A test context on the demo data, with callers signed in as demo.admin or as made-up users. */
export async function menuTestContext(backend: Backend): Promise<MenuTestContext> {
  const ctx = await createTestContext(backend);
  const caller =
    (cookie: string): Caller =>
    (method, url, payload, headers = {}) =>
      ctx.app.inject({
        method,
        url: `/v2/bck${url}`,
        payload,
        headers: { ...headers, cookie: `cd_session=${cookie}` },
      });
  const signIn = async (userid: string, password: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid, password },
    });
    const cookie = sessionCookie(res);
    if (!cookie) throw new Error(`could not sign in ${userid}: ${res.body}`);
    return cookie;
  };
  const hash = await hashPassword(PASSWORD);
  return {
    ctx,
    admin: caller(await signIn('demo.admin', 'ControlDesk#2026')),
    user: async (userid, opts) => {
      await ctx.database.db.insert(users).values({
        userid,
        name: userid,
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: opts.pages,
        read_only_access: opts.readOnly ?? [],
        permissions: opts.permissions ?? [],
        sites: { locations: [], foodcourts: [], restaurants: [], ...opts.sites },
      });
      return caller(await signIn(userid, PASSWORD));
    },
    signIn: async (userid) => caller(await signIn(userid, PASSWORD)),
    close: () => ctx.close(),
  };
}
