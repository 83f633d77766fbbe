import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { siteDirectoryOf } from '../db/site-directory.js';
import { enterRequestScope, setRequestScope, SYSTEM_SCOPE, type DbScope } from '../db/tenant-scope.js';

const resourceOf = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Every request runs under the database scope of its caller (db/tenant-scope.ts): the signed-in user, the API key
 * or the device its route names as its permission kind. Sign-in and other public calls, administrators and API
 * keys for every food court run as the system. The scope is set before the permission guard and before any route
 * code, so no route can forget it; the database's row-level security then holds every query of tenant data to it.
 */
export const tenantScopePlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const directory = siteDirectoryOf(opts.db);

  const scopeOf = async (request: FastifyRequest): Promise<DbScope> => {
    const permission = request.routeOptions.config?.permission;
    if (!permission || permission === 'public') return SYSTEM_SCOPE;
    if (permission === 'apiKey') {
      return request.apiClient ? directory.scopeForFoodcourts(request.apiClient.foodcourts) : SYSTEM_SCOPE;
    }
    if (permission === 'device') {
      if (!request.device) return SYSTEM_SCOPE;
      const foodcourt = await directory.foodcourtOfCounter(request.device.counter_id);
      // A device whose counter is gone reaches nothing.
      return directory.scopeForFoodcourts(foodcourt ? [foodcourt] : ['\u0000none']);
    }
    return request.user ? directory.scopeForUser(request.user) : SYSTEM_SCOPE;
  };

  // The request's scope store is opened before anything else runs for it…
  app.addHook('onRequest', (request, _reply, done) => {
    enterRequestScope(() => {
      resourceOf.set(request, new AsyncResource('cd-request-scope'));
      done();
    });
  });
  // …and entered again after the body is read (the body's stream events run outside it).
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resourceOf.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
  app.addHook('preValidation', async (request) => {
    setRequestScope(await scopeOf(request));
  });
});
