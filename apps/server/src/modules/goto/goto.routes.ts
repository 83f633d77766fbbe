import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gotoAnswer, gotoQuery } from '@cd/core';
import type { Db } from '../../db/client.js';
import type { UsersService } from '../users/users.service.js';
import { GotoService } from './goto.service.js';

/**
 * GET /v2/bck/goto?q= (issue 36 point 4): the shell's Go to box. Any signed-in user may call it; each kind of
 * record is searched only for holders of the page that opens it (goto.service.ts GOTO_PAGES), within their sites.
 */
export async function gotoRoutes(fastify: FastifyInstance, { db, users }: { db: Db; users: UsersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new GotoService(db, users);

  app.get(
    '/goto',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['goto'],
        operationId: 'goTo',
        summary: 'Go to anywhere: a few restaurants, menu items, orders, users and customers matching the text',
        description:
          'Restaurants and items match when a word of the name starts with each word typed; orders by the start ' +
          'of the order number; customers by the start of the customer reference (those who ordered at the ' +
          "caller's sites); users as the users list's search. A kind is present only when the caller holds its " +
          'page (restaurant, editMenu, preorderhistory, vendor); at most 5 of each.',
        querystring: gotoQuery,
        response: { 200: gotoAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, ...(await service.find(req.query.q, req.user!)) }),
  );
}
