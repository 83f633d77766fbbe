import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  menuAsOfAnswer,
  menuAsOfQuery,
  menuHistoryAnswer,
  menuHistoryQuery,
  menuRevertAnswer,
  menuRevertBody,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { needsPage } from '../../plugins/permissions.js';
import { MenuHistoryService } from './history.service.js';

const tags = ['menu'];

/** Menu change history (issue 36): a record's revisions, revert of one, the menu as it was at a time. */
export async function menuHistoryRoutes(fastify: FastifyInstance, { db, keepDays }: { db: Db; keepDays?: number }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new MenuHistoryService(db, keepDays);
  // Reading is for any page that shows the record; the revert checks the page that edits its kind (service).
  const pages = needsPage(['editMenu', 'subMenuManagement', 'pricebook']);

  app.get(
    '/menu/history',
    {
      config: { ...pages, errors: [404] },
      schema: {
        tags,
        operationId: 'getMenuHistory',
        summary: 'The revisions of a menu item, submenu, category or price-book price, newest first',
        querystring: menuHistoryQuery,
        response: { 200: menuHistoryAnswer },
      },
    },
    async (req) => service.history(req.query.entity, req.query.id, actorOf(req)),
  );
  app.post(
    '/menu/history/revert',
    {
      config: { ...pages, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'revertMenuRevision',
        summary: 'Undo one revision: the fields it changed go back (version-checked, audited; the menu stamp moves)',
        body: menuRevertBody,
        response: { 200: menuRevertAnswer },
      },
    },
    async (req) => {
      const done = await service.revert(req.body.revision, req.body.version, actorOf(req));
      return { result: 'success' as const, message: `${done.what}: change reverted`, version: done.version };
    },
  );
  app.get(
    '/menu/as-of',
    {
      config: { ...pages, errors: [404] },
      schema: {
        tags,
        operationId: 'getMenuAsOf',
        summary: "A restaurant's menu (items, prices, availability) as it was at a time",
        querystring: menuAsOfQuery,
        response: { 200: menuAsOfAnswer },
      },
    },
    async (req) => service.asOf(req.query.restaurant, new Date(req.query.at), actorOf(req)),
  );
}
