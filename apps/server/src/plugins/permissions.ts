import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { canAccessPage, isReadOnly, type PagePermissionKey } from '@cd/core';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';

/**
 * What a route needs: `public` (sign-in calls), `authenticated` (any signed-in user), `apiKey` (the ordering
 * apps' ingest calls: an API key instead of a session, checked by the route's own onRequest hook, see
 * modules/api-keys) or a page permission key or a list of keys of which any one will do (`read: true` marks a
 * non-GET call that only reads, so read-only users may make it), or `device` (a paired device's own calls, by its
 * token, checked like `apiKey`). Every route under the API prefix must declare
 * one: the server refuses to start otherwise. Page keys are core's, so a misspelt key fails the type check.
 */
export type PagePermission = { page: PagePermissionKey | readonly PagePermissionKey[]; read?: boolean };
export type RoutePermission = 'public' | 'authenticated' | 'apiKey' | 'device' | PagePermission;

/** A route's config needing a page (any one of a list), e.g. `config: needsPage('location')`. */
export function needsPage(
  page: PagePermissionKey | readonly PagePermissionKey[],
  options: { read?: boolean } = {},
): { permission: PagePermission } {
  return { permission: options.read ? { page, read: true } : { page } };
}

/** The page keys of a permission, as a list. */
export const pagesOf = (permission: PagePermission): readonly PagePermissionKey[] => [permission.page].flat();

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

    // Before body validation: an anonymous or unpermitted caller learns nothing about a route's input.
    app.addHook('preValidation', async (request) => {
      const permission = request.routeOptions.config?.permission;
      if (!permission || permission === 'public') return;
      if (permission === 'apiKey') {
        // The route's onRequest hook has checked the key; a route that forgot the hook is refused, not open.
        if (!request.apiClient) throw unauthorized('An API key is required');
        return;
      }
      if (permission === 'device') {
        // The same for a paired device's token (modules/counters/device-auth.ts).
        if (!request.device) throw unauthorized('A device token is required');
        return;
      }
      if (!request.user) {
        throw unauthorized(request.sessionProblem === 'invalid' ? 'invalid cookie' : 'You are logged out. Login again');
      }
      if (permission === 'authenticated') return;
      const user = request.user;
      // A list of pages means any one of them will do (the menu reads serve several pages).
      const held = [permission.page].flat().filter((page) => canAccessPage(user, page));
      if (held.length === 0) throw forbidden();
      // Read-only pages may be viewed; their writes are refused (spec 000 §6).
      if (request.method !== 'GET' && !permission.read && held.every((page) => isReadOnly(user, page))) {
        throw new AppError(403, 'readOnly', 'You have read-only access to this page');
      }
    });
  },
);
