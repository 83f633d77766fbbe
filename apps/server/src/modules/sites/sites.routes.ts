import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { foodcourtBody, locationBody, restaurantBody, restaurantSettingsBody, siteListQuery } from '@cd/core';
import type { Db } from '../../db/client.js';
import { clients, paths } from '../../db/schema/index.js';
import { OrgService } from './org.service.js';
import { RestaurantService } from './restaurant.service.js';

const audited = (r: { version: number; updated_at: Date; updated_by: string | null }) => ({
  version: r.version,
  updated_at: r.updated_at.toISOString(),
  updated_by: r.updated_by,
});

/** Organisations (/location), food courts (/foodcourt) and restaurants (/restaurant), spec 000 §2.3. */
export async function sitesRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const org = new OrgService(db);
  const rest = new RestaurantService(db);
  const actor = (r: FastifyRequest) => ({ user: r.user!, ip: r.ip });

  // Organisations
  const location = { permission: { page: 'location' } };
  app.get(
    '/vendor/location',
    { config: location, schema: { tags: ['sites'], summary: 'List organisations', querystring: siteListQuery } },
    async (req) => ({
      result: 'success' as const,
      ...(await org.listLocations(req.query, req.user!)),
    }),
  );
  app.post(
    '/vendor/location',
    {
      config: location,
      schema: { tags: ['sites'], summary: 'Add an organisation (add_location)', body: locationBody },
    },
    async (req) => {
      const row = await org.createLocation(req.body, actor(req));
      return {
        result: 'success' as const,
        message: 'Organisation added',
        location: { location: row.location, name: row.name, ...audited(row) },
      };
    },
  );
  app.put(
    '/vendor/location/:location',
    {
      config: location,
      schema: {
        tags: ['sites'],
        summary: 'Rename an organisation',
        params: z.object({ location: z.string().max(60) }),
        body: locationBody,
      },
    },
    async (req) => {
      const row = await org.updateLocation(req.params.location, req.body, actor(req));
      return {
        result: 'success' as const,
        message: 'Organisation updated',
        location: { location: row.location, name: row.name, ...audited(row) },
      };
    },
  );

  // Food courts
  const foodcourt = { permission: { page: 'foodcourt' } };
  app.get(
    '/vendor/foodcourt',
    { config: foodcourt, schema: { tags: ['sites'], summary: 'List food courts', querystring: siteListQuery } },
    async (req) => ({
      result: 'success' as const,
      ...(await org.listFoodcourts(req.query, req.user!)),
    }),
  );
  app.get(
    '/vendor/foodcourt_v1',
    {
      config: foodcourt,
      schema: {
        tags: ['sites'],
        summary: 'One food court',
        querystring: z.object({ foodcourt_id: z.string().min(1).max(60) }),
      },
    },
    async (req) => {
      const row = await org.getFoodcourt(req.query.foodcourt_id, req.user!);
      return {
        result: 'success' as const,
        foodcourt: { foodcourt: row.foodcourt, name: row.name, location: row.location, ...audited(row) },
      };
    },
  );
  app.post(
    '/vendor/foodcourt',
    {
      config: foodcourt,
      schema: { tags: ['sites'], summary: 'Add a food court (add_foodcourt)', body: foodcourtBody },
    },
    async (req) => {
      const row = await org.createFoodcourt(req.body, actor(req));
      return {
        result: 'success' as const,
        message: 'Food court added',
        foodcourt: { foodcourt: row.foodcourt, name: row.name, location: row.location, ...audited(row) },
      };
    },
  );
  app.put(
    '/vendor/foodcourt/:foodcourt',
    {
      config: foodcourt,
      schema: {
        tags: ['sites'],
        summary: 'Rename a food court',
        params: z.object({ foodcourt: z.string().max(60) }),
        body: foodcourtBody,
      },
    },
    async (req) => {
      const row = await org.updateFoodcourt(req.params.foodcourt, req.body, actor(req));
      return {
        result: 'success' as const,
        message: 'Food court updated',
        foodcourt: { foodcourt: row.foodcourt, name: row.name, location: row.location, ...audited(row) },
      };
    },
  );

  // Restaurants
  const restaurant = { permission: { page: 'restaurant' } };
  const restaurantParam = z.object({ restaurant: z.string().min(3).max(200) });
  app.get(
    '/vendor/restaurant',
    { config: restaurant, schema: { tags: ['sites'], summary: 'List restaurants', querystring: siteListQuery } },
    async (req) => ({
      result: 'success' as const,
      ...(await rest.list(req.query, req.user!)),
    }),
  );
  app.get(
    '/vendor/restaurant/:restaurant',
    {
      config: restaurant,
      schema: { tags: ['sites'], summary: 'One restaurant, every field', params: restaurantParam },
    },
    async (req) => ({
      result: 'success' as const,
      restaurant: await rest.get(req.params.restaurant, req.user!),
    }),
  );
  app.post(
    '/vendor/restaurant',
    {
      config: restaurant,
      schema: { tags: ['sites'], summary: 'Add a restaurant (add_restaurant)', body: restaurantBody },
    },
    async (req) => {
      const { foodcourt: fc, version: _v, sender: _s, lang: _l, ...fields } = req.body;
      return {
        result: 'success' as const,
        message: 'Restaurant created',
        restaurant: await rest.create(fc, fields, actor(req)),
      };
    },
  );
  app.put(
    '/vendor/restaurant/:restaurant',
    {
      config: restaurant,
      schema: {
        tags: ['sites'],
        summary: 'Save a restaurant (names the version it edited)',
        params: restaurantParam,
        body: restaurantBody,
      },
    },
    async (req) => {
      const { foodcourt: _fc, version, sender: _s, lang: _l, ...fields } = req.body;
      return {
        result: 'success' as const,
        message: 'Restaurant updated',
        restaurant: await rest.update(req.params.restaurant, version, fields, actor(req)),
      };
    },
  );
  app.post(
    '/vendor/restaurantdaysavailability',
    {
      config: restaurant,
      schema: { tags: ['sites'], summary: 'Update closed days and offline dates', body: restaurantSettingsBody },
    },
    async (req) => {
      const saved = await rest.updateSettings(req.body, actor(req));
      return {
        result: 'success' as const,
        message: 'Availability updated',
        extras: { code: 'availabilityUpdated' },
        restaurant: saved,
      };
    },
  );

  // Lists the forms choose from.
  app.get(
    '/vendor/clients',
    { config: { permission: 'authenticated' }, schema: { tags: ['sites'], summary: 'Clients' } },
    async () => ({
      result: 'success' as const,
      clients: await db.select({ client: clients.client, name: clients.name }).from(clients).orderBy(asc(clients.name)),
    }),
  );
  app.get(
    '/allpath',
    { config: { permission: 'authenticated' }, schema: { tags: ['price books'], summary: 'Price-book paths' } },
    async () => ({
      result: 'success' as const,
      data: await db.select({ id: paths.id, pathid: paths.pathid }).from(paths).orderBy(asc(paths.pathid)),
    }),
  );
}
