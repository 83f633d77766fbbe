import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.js';

/**
 * What a route needs: `public` (sign-in calls), `authenticated` (any signed-in user) or a page permission
 * key. Every route under the API prefix must declare one: the server refuses to start otherwise.
 */
export type RoutePermission = 'public' | 'authenticated' | { page: string };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}

/** Collected at registration so tests can walk every route. */
export type RouteEntry = { method: string; url: string; permission: RoutePermission };

export const permissionsPlugin = fp(
  async (app: FastifyInstance, opts: { apiPrefix: string; routeTable: RouteEntry[] }) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(opts.apiPrefix)) return;
      const permission = route.config?.permission;
      if (!permission) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        opts.routeTable.push({ method, url: route.url, permission });
      }
    });

    app.addHook('preHandler', async (request) => {
      const permission = request.routeOptions.config?.permission;
      if (!permission || permission === 'public') return;
      if (!request.user) {
        throw unauthorized(request.sessionProblem === 'invalid' ? 'invalid cookie' : 'You are logged out. Login again');
      }
      if (permission === 'authenticated') return;
      const user = request.user;
      if (!user.admin && !user.pagepermissionaccess.includes(permission.page)) {
        throw forbidden();
      }
    });
  },
);
