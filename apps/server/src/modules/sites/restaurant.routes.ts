import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listAnswerSchema,
  restaurantAnswer,
  restaurantBody,
  restaurantListQuery,
  restaurantOneAnswer,
  restaurantSettingsAnswer,
  restaurantSettingsBody,
  restaurantSummarySchema,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { RestaurantService } from './restaurant.service.js';
import { restaurantExport } from './site-exports.js';

const tags = ['sites'];

/** Restaurants (/restaurant): the list and its export, one record, add, save, the availability update. */
export async function restaurantRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rest = new RestaurantService(db);
  const restaurant = needsPage('restaurant');
  const restaurantParam = z.object({ restaurant: z.string().min(3).max(200) });
  app.get(
    '/vendor/restaurant',
    {
      config: restaurant,
      schema: {
        tags,
        operationId: 'listRestaurants',
        summary: 'List restaurants',
        querystring: restaurantListQuery,
        response: { 200: listAnswerSchema('restaurants', restaurantSummarySchema) },
      },
    },
    async (req) => listAnswer('restaurants', await rest.list(req.query, req.user!), req.query),
  );
  fastify.listExports.add(fastify, restaurantExport);
  app.get(
    '/vendor/restaurant/:restaurant',
    {
      config: { ...restaurant, errors: [404] },
      schema: {
        tags,
        operationId: 'getRestaurant',
        summary: 'One restaurant, every field',
        params: restaurantParam,
        response: { 200: restaurantOneAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      restaurant: await rest.get(req.params.restaurant, req.user!),
    }),
  );
  app.post(
    '/vendor/restaurant',
    {
      config: { ...restaurant, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'createRestaurant',
        summary: 'Add a restaurant (add_restaurant)',
        body: restaurantBody,
        response: { 200: restaurantAnswer },
      },
    },
    async (req) => {
      const { foodcourt: fc, version: _v, sender: _s, lang: _l, ...fields } = req.body;
      return {
        result: 'success' as const,
        message: 'Restaurant created',
        restaurant: await rest.create(fc, fields, actorOf(req)),
      };
    },
  );
  app.put(
    '/vendor/restaurant/:restaurant',
    {
      config: { ...restaurant, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateRestaurant',
        summary: 'Save a restaurant (names the version it edited)',
        params: restaurantParam,
        body: restaurantBody,
        response: { 200: restaurantAnswer },
      },
    },
    async (req) => {
      const { foodcourt: _fc, version, sender: _s, lang: _l, ...fields } = req.body;
      return {
        result: 'success' as const,
        message: 'Restaurant updated',
        restaurant: await rest.update(req.params.restaurant, version, fields, actorOf(req)),
      };
    },
  );
  app.post(
    '/vendor/restaurantdaysavailability',
    {
      config: { ...restaurant, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateRestaurantAvailability',
        summary: 'Update closed days and offline dates',
        body: restaurantSettingsBody,
        response: { 200: restaurantSettingsAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Availability updated',
      extras: { code: 'availabilityUpdated' },
      restaurant: await rest.updateSettings(req.body, actorOf(req)),
    }),
  );
}
