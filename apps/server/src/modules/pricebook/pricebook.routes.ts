import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pathQuery,
  pricebookFoodItemPriceBody,
  pricebookFoodItemsQuery,
  pricebookSubmenuCreateBody,
  pricebookSubmenuUpdateBody,
  tagSearchQuery,
  versionQuery,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { PricebookSubmenusService } from './pricebook-submenus.service.js';
import { PricebookService } from './pricebook.service.js';

const idParam = z.object({ submenuid: z.string().min(1).max(80) });
const tags = ['price books'];

/** The price book (page pricebook). The list of paths is GET /allpath (modules/sites). */
export async function pricebookRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const items = new PricebookService(db);
  const submenus = new PricebookSubmenusService(db);
  const actor = (r: FastifyRequest) => ({ user: r.user!, ip: r.ip });
  const config = { permission: { page: 'pricebook' } };

  app.get(
    '/pricebook/fooditems',
    {
      config,
      schema: {
        tags,
        summary: 'Price-book items of a path (search: 3+ characters)',
        querystring: pricebookFoodItemsQuery,
      },
    },
    async (req) => ({ result: 'success' as const, data: await items.foodItems(req.query) }),
  );
  app.put(
    '/pricebook/fooditem',
    { config, schema: { tags, summary: 'Set the price of an item on a path', body: pricebookFoodItemPriceBody } },
    async (req) => ({
      result: 'success' as const,
      message: 'Price saved',
      data: await items.setPrice(req.body, actor(req)),
    }),
  );
  app.get(
    '/pricebook/submenu',
    { config, schema: { tags, summary: 'Price-book submenus of a path', querystring: pathQuery } },
    async (req) => ({ result: 'success' as const, data: await submenus.list(req.query.path) }),
  );
  app.get(
    '/pricebook/tagsearch',
    { config, schema: { tags, summary: 'Price-book submenus with any of the tags', querystring: tagSearchQuery } },
    async (req) => ({ result: 'success' as const, data: await submenus.tagSearch(req.query.tags, req.query.path) }),
  );
  app.post(
    '/pricebook/submenu',
    { config, schema: { tags, summary: 'Add a price-book submenu', body: pricebookSubmenuCreateBody } },
    async (req) => ({
      result: 'success' as const,
      message: 'Submenu saved',
      data: await submenus.create(req.body.data, actor(req)),
    }),
  );
  app.put(
    '/pricebook/submenu/:submenuid',
    {
      config,
      schema: { tags, summary: 'Save a price-book submenu', params: idParam, body: pricebookSubmenuUpdateBody },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Submenu saved',
      data: await submenus.update(req.params.submenuid, req.body.data, req.body.version, actor(req)),
    }),
  );
  app.delete(
    '/pricebook/submenu/:submenuid',
    { config, schema: { tags, summary: 'Delete a price-book submenu', params: idParam, querystring: versionQuery } },
    async (req) => {
      await submenus.remove(req.params.submenuid, req.query.version, actor(req));
      return { result: 'success' as const, message: 'Submenu deleted' };
    },
  );
}
