import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  foodidParam,
  inventoryExportQuery,
  inventoryListAnswer,
  inventoryListQuery,
  ledgerAnswer,
  ledgerQuery,
  messageAnswer,
  snoozeAnswer,
  snoozeBody,
  snoozeListAnswer,
  snoozeListQuery,
  snoozeTargetQuery,
  stockEntryAnswer,
  stockEntryBody,
  stockLevelAnswer,
  stockSettingsRequest,
  stockUpdateAnswer,
  stockUpdateBody,
  type StockLevel,
} from '@cd/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { restaurants } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import type { ListExport } from '../list-export/index.js';
import { loadMenuRestaurant } from '../menu/menu-access.js';
import { InventoryService } from './inventory.service.js';
import { SnoozesService } from './snoozes.service.js';

const tags = ['menu'];
const inventory = needsPage('inventoryManagement');
const snoozePages = needsPage(['editMenu', 'inventoryManagement']);

const inventoryExport: ListExport<z.output<typeof inventoryExportQuery>, StockLevel> = {
  resource: 'inventory',
  label: 'Inventory',
  path: '/inventory',
  pages: inventory.permission.page,
  query: inventoryExportQuery,
  operationId: 'exportInventory',
  tag: 'menu',
  errors: [404],
  columns: [
    { header: 'Item id', value: (r) => r.foodid, width: 24 },
    { header: 'Item', value: (r) => r.foodname, width: 28 },
    { header: 'Tracked', value: (r) => (r.tracked ? 'yes' : 'no'), width: 8 },
    { header: 'On hand', value: (r) => r.on_hand, width: 10 },
    { header: 'Low at', value: (r) => r.low_threshold ?? '', width: 10 },
    { header: 'State', value: (r) => r.state, width: 10 },
  ],
  fetch: (db, user, query, range) => new InventoryService(db).list(user, query, range),
};

/** /inventoryManagement (stock as a ledger), stock_update, and snoozes (issue 20 points 3 and 4). */
export async function inventoryRoutes(
  fastify: FastifyInstance,
  { db, keys, now }: { db: Db; keys: ApiKeysService; now?: () => Date },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new InventoryService(db);
  const snoozes = new SnoozesService(db, now);

  app.get(
    '/inventory',
    {
      config: { ...inventory, errors: [404] },
      schema: {
        tags,
        operationId: 'listInventory',
        summary: "A restaurant's items with their stock (tracked, on hand, low threshold, sold out)",
        querystring: inventoryListQuery,
        response: { 200: inventoryListAnswer },
      },
    },
    async (req) => listAnswer('items', await service.list(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, inventoryExport);
  app.put(
    '/inventory/:foodid',
    {
      config: { ...inventory, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateStockSettings',
        summary: 'Track an item or stop, and its low threshold (version-checked; 0 for an untracked item)',
        params: foodidParam,
        body: stockSettingsRequest,
        response: { 200: stockLevelAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Stock settings saved',
      item: await service.settings(req.params.foodid, req.body, actorOf(req)),
    }),
  );
  app.post(
    '/inventory/:foodid/entries',
    {
      config: { ...inventory, errors: [404] },
      schema: {
        tags,
        operationId: 'addStockEntry',
        summary: 'Record a receipt, wastage, count or adjustment (a count sets the level)',
        description: 'An untracked item starts being tracked. With a `ref` already recorded nothing changes.',
        params: foodidParam,
        body: stockEntryBody,
        response: { 200: stockEntryAnswer },
      },
    },
    async (req) => {
      const done = await service.entry(req.params.foodid, req.body, actorOf(req));
      return { result: 'success' as const, message: done.entry ? 'Stock recorded' : 'Already recorded', ...done };
    },
  );
  app.get(
    '/inventory/:foodid/ledger',
    {
      config: { ...inventory, errors: [404] },
      schema: {
        tags,
        operationId: 'getStockLedger',
        summary: "An item's stock ledger, newest first",
        params: foodidParam,
        querystring: ledgerQuery,
        response: { 200: ledgerAnswer },
      },
    },
    async (req) => ({
      ...listAnswer('entries', await service.ledger(req.user!, req.params.foodid, req.query), req.query),
    }),
  );
  app.post(
    '/stock_update',
    {
      config: { ...inventory, errors: [404] },
      schema: {
        tags,
        operationId: 'stockUpdate',
        summary: 'Levels of many items at once (set: a count, add: an adjustment), all or nothing',
        description: 'A retry with the same request_id changes nothing and answers replayed.',
        body: stockUpdateBody,
        response: { 200: stockUpdateAnswer },
      },
    },
    async (req) => {
      const user = req.user!;
      const done = await service.stockUpdate(req.body, user.userid, async (r) => {
        await loadMenuRestaurant(db, r, user);
      });
      return { result: 'success' as const, message: done.replayed ? 'Already updated' : 'Stock updated', ...done };
    },
  );

  // ---------- a POS (API key) ----------
  if (!fastify.hasRequestDecorator('apiClient')) fastify.decorateRequest('apiClient', null);
  app.post(
    '/ingest/stock_update',
    {
      config: { permission: 'apiKey' },
      onRequest: apiKeyAuth(keys),
      schema: {
        tags: ['ingest'],
        operationId: 'ingestStockUpdate',
        summary: 'stock_update from a POS: levels of many items at once, all or nothing',
        description:
          'Send the API key as `Authorization: Bearer cdk_…`. A retry with the same request_id changes nothing.',
        body: stockUpdateBody,
        response: { 200: stockUpdateAnswer },
      },
    },
    async (req) => {
      const client = req.apiClient;
      if (!client) throw forbidden();
      const done = await service.stockUpdate(req.body, `api:${client.api_client}`, async (r) => {
        const [rest] = await db
          .select({ foodcourt: restaurants.foodcourt })
          .from(restaurants)
          .where(eq(restaurants.restaurant, r));
        if (!rest)
          throw badRequest('unknownRestaurant', `restaurant: restaurant ${r} does not exist`, { field: 'restaurant' });
        if (client.foodcourts.length > 0 && !client.foodcourts.includes(rest.foodcourt))
          throw forbidden(`This API key may not change food court ${rest.foodcourt}`);
      });
      return { result: 'success' as const, message: done.replayed ? 'Already updated' : 'Stock updated', ...done };
    },
  );

  // ---------- snoozes ----------
  app.get(
    '/menu/snoozes',
    {
      config: { ...snoozePages, errors: [404] },
      schema: {
        tags,
        operationId: 'listSnoozes',
        summary: "A restaurant's items and options off sale now, and until when",
        querystring: snoozeListQuery,
        response: { 200: snoozeListAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, snoozes: await snoozes.list(req.user!, req.query.restaurant) }),
  );
  app.post(
    '/menu/snoozes',
    {
      config: { ...snoozePages, errors: [404] },
      schema: {
        tags,
        operationId: 'snooze',
        summary: "Take an item or option off sale until a time, 'end_of_day' or for some minutes",
        description: 'It is on sale again by itself when the time passes. Snoozing again replaces the time.',
        body: snoozeBody,
        response: { 200: snoozeAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Snoozed',
      snooze: await snoozes.snooze(req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/menu/snoozes',
    {
      config: { ...snoozePages, errors: [404] },
      schema: {
        tags,
        operationId: 'endSnooze',
        summary: 'Back on sale now',
        querystring: snoozeTargetQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await snoozes.end(req.query, actorOf(req));
      return { result: 'success' as const, message: 'Back on sale' };
    },
  );
}
