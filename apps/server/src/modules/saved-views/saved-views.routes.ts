import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  intIdParam,
  messageAnswer,
  savedViewAnswer,
  savedViewCreateBody,
  savedViewListAnswer,
  savedViewListQuery,
  savedViewUpdateBody,
  versionQuery,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { SavedViewsService } from './saved-views.service.js';

const idParam = z.object({ id: intIdParam() });
const tags = ['saved views'];
/**
 * Any signed-in user keeps views of the lists they open: a view holds only an address, and the list it opens checks
 * its own permission and scope when it is asked for.
 */
const signedIn = { permission: 'authenticated' as const };

/** Saved views of the resource lists (issue 36 point 5). */
export async function savedViewsRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new SavedViewsService(db);

  app.get(
    '/saved_views',
    {
      config: signedIn,
      schema: {
        tags,
        operationId: 'listSavedViews',
        summary: "A list's saved views: the caller's and those shared with their permission profile",
        querystring: savedViewListQuery,
        response: { 200: savedViewListAnswer },
      },
    },
    async (request) => {
      const user = actorOf(request).user;
      return {
        result: 'success' as const,
        views: await service.list(user, request.query.list_key),
        share_profiles: await service.shareProfiles(user),
      };
    },
  );

  app.post(
    '/saved_views',
    {
      config: { ...signedIn, errors: [409] },
      schema: {
        tags,
        operationId: 'createSavedView',
        summary: 'Save a view of a list (for oneself, or shared with a permission profile)',
        body: savedViewCreateBody,
        response: { 200: savedViewAnswer },
      },
    },
    async (request) => ({
      result: 'success' as const,
      message: 'View saved',
      view: await service.create(request.body, actorOf(request)),
    }),
  );

  app.put(
    '/saved_views/:id',
    {
      config: { ...signedIn, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateSavedView',
        summary: 'Rename, re-share or replace a saved view (its owner only; names the version edited)',
        params: idParam,
        body: savedViewUpdateBody,
        response: { 200: savedViewAnswer },
      },
    },
    async (request) => ({
      result: 'success' as const,
      message: 'View updated',
      view: await service.update(request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/saved_views/:id',
    {
      config: { ...signedIn, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteSavedView',
        summary: 'Delete a saved view (its owner only; names the version it saw)',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await service.remove(request.params.id, request.query.version, actorOf(request));
      return { result: 'success' as const, message: 'View deleted' };
    },
  );
}
