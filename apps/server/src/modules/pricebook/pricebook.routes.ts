import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageAnswer,
  pathQuery,
  pricebookFoodItemsAnswer,
  pricebookPriceAnswer,
  pricebookSubmenuSavedAnswer,
  pricebookSubmenusAnswer,
  pricebookFoodItemPriceBody,
  pricebookFoodItemsQuery,
  pricebookSubmenuCreateBody,
  pricebookSubmenuUpdateBody,
  tagSearchQuery,
  versionQuery,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { needsPage } from '../../plugins/permissions.js';
import { PricebookSubmenusService } from './pricebook-submenus.service.js';
import { PricebookService } from './pricebook.service.js';

const idParam = z.object({ submenuid: z.string().min(1).max(80) });
const tags = ['price books'];

/** The price book (page pricebook). The list of paths is GET /allpath (modules/sites). */
export async function pricebookRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const items = new PricebookService(db);
  const submenus = new PricebookSubmenusService(db);
  const config = needsPage('pricebook');
  const withErrors = (...errors: (404 | 409)[]) => ({ ...config, errors });

  app.get(
    '/pricebook/fooditems',
    {
      config: withErrors(404),
      schema: {
        tags,
        operationId: 'listPricebookFoodItems',
        summary: 'Price-book items of a path (search: 3+ characters)',
        querystring: pricebookFoodItemsQuery,
        response: { 200: pricebookFoodItemsAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, data: await items.foodItems(req.query) }),
  );
  app.put(
    '/pricebook/fooditem',
    {
      config: withErrors(404, 409),
      schema: {
        tags,
        operationId: 'setPricebookPrice',
        summary: 'Set the price of an item on a path',
        body: pricebookFoodItemPriceBody,
        response: { 200: pricebookPriceAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Price saved',
      data: await items.setPrice(req.body, actorOf(req)),
    }),
  );
  app.get(
    '/pricebook/submenu',
    {
      config: withErrors(404),
      schema: {
        tags,
        operationId: 'listPricebookSubmenus',
        summary: 'Price-book submenus of a path',
        querystring: pathQuery,
        response: { 200: pricebookSubmenusAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, data: await submenus.list(req.query.path) }),
  );
  app.get(
    '/pricebook/tagsearch',
    {
      config,
      schema: {
        tags,
        operationId: 'searchPricebookSubmenusByTag',
        summary: 'Price-book submenus with any of the tags',
        querystring: tagSearchQuery,
        response: { 200: pricebookSubmenusAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, data: await submenus.tagSearch(req.query.tags, req.query.path) }),
  );
  app.post(
    '/pricebook/submenu',
    {
      config: withErrors(404, 409),
      schema: {
        tags,
        operationId: 'createPricebookSubmenu',
        summary: 'Add a price-book submenu',
        body: pricebookSubmenuCreateBody,
        response: { 200: pricebookSubmenuSavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Submenu saved',
      data: await submenus.create(req.body.data, actorOf(req)),
    }),
  );
  app.put(
    '/pricebook/submenu/:submenuid',
    {
      config: withErrors(404, 409),
      schema: {
        tags,
        operationId: 'updatePricebookSubmenu',
        summary: 'Save a price-book submenu',
        params: idParam,
        body: pricebookSubmenuUpdateBody,
        response: { 200: pricebookSubmenuSavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Submenu saved',
      data: await submenus.update(req.params.submenuid, req.body.data, req.body.version, actorOf(req)),
    }),
  );
  app.delete(
    '/pricebook/submenu/:submenuid',
    {
      config: withErrors(404, 409),
      schema: {
        tags,
        operationId: 'deletePricebookSubmenu',
        summary: 'Delete a price-book submenu',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await submenus.remove(req.params.submenuid, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Submenu deleted' };
    },
  );
}
