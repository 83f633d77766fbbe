import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema/index.js';
import { SessionStore, SESSION_COOKIE, SESSIONS_CHANNEL } from '../modules/auth/session.store.js';
import type { EventHub } from '../modules/jobs/event-hub.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /** The signed-in user, when the session cookie is valid. */
    user: UserRow | null;
    /** Why there is no user: no cookie at all, or a cookie that names no live session. */
    sessionProblem: 'none' | 'missing' | 'invalid';
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    sessions: SessionStore;
    /** Rotates the session: drops the caller's old one, creates a new one and sets the cookie. */
    signIn: (request: FastifyRequest, reply: FastifyReply, user: UserRow) => Promise<void>;
  }
}

export const sessionPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: Config }) => {
  const store = new SessionStore(opts.db, {
    idleMs: opts.config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: opts.config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    cacheMs: opts.config.SESSION_CACHE_SECONDS * 1000,
  });
  app.decorate('sessions', store);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionProblem', 'none');

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.config.production,
  };

  app.decorate('signIn', async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const old = request.cookies[SESSION_COOKIE];
    if (old) await store.destroy(old);
    const id = await store.create(user.id, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
    reply.setCookie(SESSION_COOKIE, id, { ...cookieOptions, maxAge: opts.config.SESSION_ABSOLUTE_HOURS * 3600 });
  });

  app.addHook('onRequest', async (request) => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id) {
      request.sessionProblem = 'missing';
      return;
    }
    const user = await store.resolve(id);
    if (user && user.status === 'active') {
      request.user = user;
    } else {
      request.sessionProblem = 'invalid';
    }
  });

  // A signed-in request that may change something forgets every kept session before it answers, so whatever it
  // changed (a user's permissions, sites or status, a session ended) holds from this process's next request on;
  // other processes hear of it by notification (session.store.ts).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.cookies[SESSION_COOKIE]) store.forgetAll();
  });
  // Changes made by other processes (and by this one's background jobs) arrive on `cd_sessions`.
  app.addHook('onReady', async () => {
    const hub = (app as { jobs?: { hub?: EventHub | null } }).jobs?.hub;
    hub?.subscribeBroadcast(SESSIONS_CHANNEL, (payload) =>
      // A user's id, or `all` after the listening connection was lost.
      /^\d+$/.test(payload) ? store.forgetUser(Number(payload)) : store.forgetAll(),
    );
  });

  app.decorate('clearSessionCookie', (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookieOptions));
});

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    clearSessionCookie: (reply: FastifyReply) => FastifyReply;
  }
}
