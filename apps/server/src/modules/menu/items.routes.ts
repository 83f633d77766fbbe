import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  foodItemAnswer,
  foodItemCreateBody,
  foodItemSavedAnswer,
  foodItemUpdateBody,
  menuAnswer,
  messageAnswer,
  restaurantQuery,
  submenuAttachmentAnswer,
  submenuAttachmentBody,
  versionQuery,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { needsPage } from '../../plugins/permissions.js';
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
  const read = needsPage(['editMenu', 'subMenuManagement', 'pricebook']);
  const write = needsPage('editMenu');

  app.get(
    '/vendor/fooditem',
    {
      config: { ...read, errors: [404] },
      schema: {
        tags,
        operationId: 'getMenu',
        summary: 'The menu of a restaurant: items, categories, submenus',
        description: 'Carries an ETag; with a matching If-None-Match the answer is 304 without a body.',
        querystring: restaurantQuery,
        response: { 200: menuAnswer, 304: z.null().describe('The menu has not changed') },
      },
    },
    async (req, reply) => {
      const { body, etag } = await readMenu(db, req.query.restaurant, req.user!, cache);
      // Browsers keep the menu and revalidate it: an unchanged menu costs one query and no body.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      // The body is JSON text built once per menu version (menu-read.ts), sent as it is.
      if (req.headers['if-none-match'] === etag) return reply.code(304).send(undefined as never);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
  app.get(
    '/vendor/fooditem/:foodid',
    {
      config: { ...read, errors: [404] },
      schema: {
        tags,
        operationId: 'getFoodItem',
        summary: 'One menu item, every field',
        params: foodidParam,
        response: { 200: foodItemAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, ...(await items.get(req.params.foodid, actorOf(req))) }),
  );
  app.post(
    '/vendor/fooditem',
    {
      config: { ...write, errors: [404] },
      attachValidation: true,
      schema: {
        tags,
        operationId: 'createFoodItem',
        summary: 'Add a menu item',
        body: foodItemCreateBody,
        response: { 200: foodItemSavedAnswer },
      },
    },
    async (req) => {
      assertValidRequest(req);
      return {
        result: 'success' as const,
        message: 'Item added',
        fooditem: await items.create(req.body, actorOf(req)),
      };
    },
  );
  app.put(
    '/vendor/fooditem/:foodid',
    {
      config: { ...write, errors: [404, 409] },
      attachValidation: true,
      schema: {
        tags,
        operationId: 'updateFoodItem',
        summary: 'Save a menu item (names the version it edited)',
        params: foodidParam,
        body: foodItemUpdateBody,
        response: { 200: foodItemSavedAnswer },
      },
    },
    async (req) => {
      assertValidRequest(req);
      const fooditem = await items.update(req.params.foodid, req.body, actorOf(req));
      return { result: 'success' as const, message: 'Item saved', fooditem };
    },
  );
  app.delete(
    '/vendor/fooditem/:foodid',
    {
      config: { ...write, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteFoodItem',
        summary: 'Delete a menu item',
        params: foodidParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await items.remove(req.params.foodid, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Item deleted' };
    },
  );
  app.post(
    '/fooditem_submenu_attachment',
    {
      config: { ...needsPage(['editMenu', 'subMenuManagement'], { read: true }), errors: [404] },
      schema: {
        tags,
        operationId: 'listItemSubmenuAttachments',
        summary: 'Submenus that list the item as an option',
        body: submenuAttachmentBody,
        response: { 200: submenuAttachmentAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      all_attached_submenus: await items.attachment(req.body.foodid, actorOf(req)),
    }),
  );
}
