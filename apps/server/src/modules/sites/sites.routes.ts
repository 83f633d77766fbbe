import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import {
  ALLPATH_PAGE,
  clientsAnswer,
  foodcourtAnswer,
  foodcourtBody,
  foodcourtListQuery,
  foodcourtOneAnswer,
  foodcourtViewSchema,
  listAnswerSchema,
  locationAnswer,
  locationBody,
  locationListQuery,
  locationViewSchema,
  pathsAnswer,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { clients, paths } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { OrgService } from './org.service.js';
import { restaurantRoutes } from './restaurant.routes.js';
import { foodcourtExport, locationExport } from './site-exports.js';

const tags = ['sites'];
const audited = (r: { version: number; updated_at: Date; updated_by: string | null }) => ({
  version: r.version,
  updated_at: r.updated_at.toISOString(),
  updated_by: r.updated_by,
});

/** Organisations (/location), food courts (/foodcourt) and restaurants (/restaurant), spec 000 §2.3. */
export async function sitesRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const org = new OrgService(db);
  const exports = fastify.listExports;

  // Organisations
  const location = needsPage('location');
  app.get(
    '/vendor/location',
    {
      config: location,
      schema: {
        tags,
        operationId: 'listLocations',
        summary: 'List organisations',
        querystring: locationListQuery,
        response: { 200: listAnswerSchema('locations', locationViewSchema) },
      },
    },
    async (req) => listAnswer('locations', await org.listLocations(req.query, req.user!), req.query),
  );
  exports.add(fastify, locationExport);
  app.post(
    '/vendor/location',
    {
      config: { ...location, errors: [409] },
      schema: {
        tags,
        operationId: 'createLocation',
        summary: 'Add an organisation (add_location)',
        body: locationBody,
        response: { 200: locationAnswer },
      },
    },
    async (req) => {
      const row = await org.createLocation(req.body, actorOf(req));
      return {
        result: 'success' as const,
        message: 'Organization added',
        location: { location: row.location, name: row.name, ...audited(row) },
      };
    },
  );
  app.put(
    '/vendor/location/:location',
    {
      config: { ...location, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateLocation',
        summary: 'Rename an organisation',
        params: z.object({ location: z.string().max(60) }),
        body: locationBody,
        response: { 200: locationAnswer },
      },
    },
    async (req) => {
      const row = await org.updateLocation(req.params.location, req.body, actorOf(req));
      return {
        result: 'success' as const,
        message: 'Organization updated',
        location: { location: row.location, name: row.name, ...audited(row) },
      };
    },
  );

  // Food courts
  const foodcourt = needsPage('foodcourt');
  const foodcourtRecord = (
    row: Parameters<typeof audited>[0] & { foodcourt: string; name: string; location: string },
  ) => ({
    foodcourt: row.foodcourt,
    name: row.name,
    location: row.location,
    ...audited(row),
  });
  app.get(
    '/vendor/foodcourt',
    {
      config: foodcourt,
      schema: {
        tags,
        operationId: 'listFoodcourts',
        summary: 'List food courts',
        querystring: foodcourtListQuery,
        response: { 200: listAnswerSchema('foodcourts', foodcourtViewSchema) },
      },
    },
    async (req) => listAnswer('foodcourts', await org.listFoodcourts(req.query, req.user!), req.query),
  );
  exports.add(fastify, foodcourtExport);
  app.get(
    '/vendor/foodcourt_v1',
    {
      config: { ...foodcourt, errors: [404] },
      schema: {
        tags,
        operationId: 'getFoodcourt',
        summary: 'One food court',
        querystring: z.object({ foodcourt_id: z.string().min(1).max(60) }),
        response: { 200: foodcourtOneAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      foodcourt: foodcourtRecord(await org.getFoodcourt(req.query.foodcourt_id, req.user!)),
    }),
  );
  app.post(
    '/vendor/foodcourt',
    {
      config: { ...foodcourt, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'createFoodcourt',
        summary: 'Add a food court (add_foodcourt)',
        body: foodcourtBody,
        response: { 200: foodcourtAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Food court added',
      foodcourt: foodcourtRecord(await org.createFoodcourt(req.body, actorOf(req))),
    }),
  );
  app.put(
    '/vendor/foodcourt/:foodcourt',
    {
      config: { ...foodcourt, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateFoodcourt',
        summary: 'Rename a food court',
        params: z.object({ foodcourt: z.string().max(60) }),
        body: foodcourtBody,
        response: { 200: foodcourtAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Food court updated',
      foodcourt: foodcourtRecord(await org.updateFoodcourt(req.params.foodcourt, req.body, actorOf(req))),
    }),
  );

  await fastify.register(restaurantRoutes, { db });

  // Lists the forms choose from.
  app.get(
    '/vendor/clients',
    {
      config: { permission: 'authenticated' },
      schema: { tags, operationId: 'listClients', summary: 'Clients', response: { 200: clientsAnswer } },
    },
    async () => ({
      result: 'success' as const,
      clients: await db.select({ client: clients.client, name: clients.name }).from(clients).orderBy(asc(clients.name)),
    }),
  );
  app.get(
    '/allpath',
    {
      // Spec 000 §6: the paths are listed only to holders of the /allpath page permission (admins hold all).
      config: needsPage(ALLPATH_PAGE),
      schema: {
        tags: ['price books'],
        operationId: 'listPricebookPaths',
        summary: 'Price-book paths',
        response: { 200: pathsAnswer },
      },
    },
    async () => ({
      result: 'success' as const,
      data: await db.select({ id: paths.id, pathid: paths.pathid }).from(paths).orderBy(asc(paths.pathid)),
    }),
  );
}
