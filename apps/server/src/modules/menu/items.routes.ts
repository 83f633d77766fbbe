import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foodItemCreateBody, foodItemUpdateBody, restaurantQuery, submenuAttachmentBody, versionQuery } from '@cd/core';
import type { Db } from '../../db/client.js';
import { ItemsService } from './items.service.js';
import { MenuCache } from './menu-cache.js';
import { readMenu } from './menu-read.js';
import { assertValidRequest } from './rule-errors.js';

const foodidParam = z.object({ foodid: z.string().min(1).max(80) });
const tags = ['menu'];

/** Menu items (spec 001 §3.5): the editor's list, one item, create, save, delete, attachment check. */
export async function itemsRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const items = new ItemsService(db);
  const cache = new MenuCache();
  const actor = (r: FastifyRequest) => ({ user: r.user!, ip: r.ip });
  const read = { permission: { page: ['editMenu', 'subMenuManagement', 'pricebook'] } };
  const write = { permission: { page: 'editMenu' } };

  app.get(
    '/vendor/fooditem',
    {
      config: read,
      schema: { tags, summary: 'The menu of a restaurant: items, categories, submenus', querystring: restaurantQuery },
    },
    async (req, reply) => {
      const { body, etag } = await readMenu(db, req.query.restaurant, req.user!, cache);
      // Browsers keep the menu and revalidate it: an unchanged menu costs one query and no body.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
  app.get(
    '/vendor/fooditem/:foodid',
    { config: read, schema: { tags, summary: 'One menu item, every field', params: foodidParam } },
    async (req) => ({ result: 'success' as const, ...(await items.get(req.params.foodid, actor(req))) }),
  );
  app.post(
    '/vendor/fooditem',
    { config: write, attachValidation: true, schema: { tags, summary: 'Add a menu item', body: foodItemCreateBody } },
    async (req) => {
      assertValidRequest(req);
      return { result: 'success' as const, message: 'Item added', fooditem: await items.create(req.body, actor(req)) };
    },
  );
  app.put(
    '/vendor/fooditem/:foodid',
    {
      config: write,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Save a menu item (names the version it edited)',
        params: foodidParam,
        body: foodItemUpdateBody,
      },
    },
    async (req) => {
      assertValidRequest(req);
      const fooditem = await items.update(req.params.foodid, req.body, actor(req));
      return { result: 'success' as const, message: 'Item saved', fooditem };
    },
  );
  app.delete(
    '/vendor/fooditem/:foodid',
    {
      config: write,
      schema: { tags, summary: 'Delete a menu item', params: foodidParam, querystring: versionQuery },
    },
    async (req) => {
      await items.remove(req.params.foodid, req.query.version, actor(req));
      return { result: 'success' as const, message: 'Item deleted' };
    },
  );
  app.post(
    '/fooditem_submenu_attachment',
    {
      config: { permission: { page: ['editMenu', 'subMenuManagement'], read: true } },
      schema: { tags, summary: 'Submenus that list the item as an option', body: submenuAttachmentBody },
    },
    async (req) => ({
      result: 'success' as const,
      all_attached_submenus: await items.attachment(req.body.foodid, actor(req)),
    }),
  );
}
