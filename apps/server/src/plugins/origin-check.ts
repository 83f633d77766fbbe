import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The cookies that make a request act as a signed-in (or signing-in) browser: the session and the SSO secret. */
export const AMBIENT_COOKIES = ['cd_session', 'cd_sso'] as const;

function carriesAmbientCookie(request: FastifyRequest): boolean {
  const cookies = request.cookies ?? {};
  return AMBIENT_COOKIES.some((name) => typeof cookies[name] === 'string' && cookies[name] !== '');
}

/**
 * DESIGN.md §6: state-changing requests from browsers must come from our own origin.
 *   - An `Origin` that is neither PUBLIC_URL's nor the request's own is refused, cookie or not.
 *   - A request that carries our session (or SSO) cookie must show it is same-origin: a same-origin `Origin`
 *     or `Sec-Fetch-Site: same-origin`. Browsers send Origin on every POST/PUT/DELETE fetch; a cross-site
 *     form or a client that strips Origin carries the cookie without proof and is refused.
 *   - A request without our cookies (a script), and a call to an API-key route, is judged by its own authentication.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  const allowed = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const sameHost = `${request.protocol}://${request.host}`;
    if (origin) {
      if (origin !== allowed && origin !== sameHost) throw forbidden('Cross-site request refused');
      return;
    }
    if (!carriesAmbientCookie(request)) return;
    // An API-key route authenticates by its key alone (a header no cross-site form can send): a cookie that
    // happens to come along (an app server that also holds a session) is not what lets it in.
    const permission = request.routeOptions.config?.permission;
    if (permission === 'apiKey' || permission === 'device') return;
    if (request.headers['sec-fetch-site'] === 'same-origin') return;
    throw forbidden('Cross-site request refused: a signed-in request must come from this site (no Origin header)');
  });
});
