import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addDays,
  dayCloseBody,
  dayEndAnswer,
  dayListAnswer,
  dayLogsAnswer,
  dayQuery,
  dayRangeQuery,
  dayReopenBody,
  dayResolveBody,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { needsPage } from '../../plugins/permissions.js';
import { DayEndService } from './dayend.service.js';

const today = () => new Date().toISOString().slice(0, 10);

/** /dayend: a restaurant's business day — what blocks closing, the Z totals and count, close and reopen (issue 15). */
export async function dayendRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['dayend'];
  const service = new DayEndService(db);
  const page = needsPage('dayend');

  app.get(
    '/dayend',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getDayEnd',
        summary: "A restaurant's business day: blockers, Z totals, count and state",
        querystring: dayQuery,
        response: { 200: dayEndAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      day: await service.view(req.user!, req.query.restaurant, req.query.business_date),
    }),
  );

  app.get(
    '/dayend/days',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listDayEndDays',
        summary: "A restaurant's business days with their state (default: the last 31 days)",
        querystring: dayRangeQuery,
        response: { 200: dayListAnswer },
      },
    },
    async (req) => {
      const to = req.query.to ?? today();
      const from = req.query.from ?? addDays(to, -30);
      return { result: 'success' as const, days: await service.days(req.user!, req.query.restaurant, from, to) };
    },
  );

  app.post(
    '/dayend/resolve',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'resolveDayEndOrders',
        summary: 'Complete, cancel or carry to the next day the open orders of a day that is not closed',
        body: dayResolveBody,
        response: { 200: dayEndAnswer },
      },
    },
    async (req) => {
      await service.resolve(actorOf(req), req.body);
      return {
        result: 'success' as const,
        day: await service.view(req.user!, req.body.restaurant, req.body.business_date),
      };
    },
  );

  app.post(
    '/dayend/close',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'closeDay',
        summary: 'Close a business day (one transaction; a second close is refused)',
        description:
          'Refused with 409 dayHasBlockers (extras.blockers) while orders are open or unpaid, 409 dayClosed when ' +
          'the day is closed already, and 400 countNote when the count differs from the payments without a note.',
        body: dayCloseBody,
        response: { 200: dayEndAnswer },
      },
    },
    async (req) => {
      await service.restaurantOf(req.user!, req.body.restaurant);
      await service.close(actorOf(req), req.body);
      return {
        result: 'success' as const,
        day: await service.view(req.user!, req.body.restaurant, req.body.business_date),
      };
    },
  );

  app.post(
    '/dayend/reopen',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'reopenDay',
        summary: 'Reopen a closed business day (permission dayend_reopen; audited)',
        body: dayReopenBody,
        response: { 200: dayEndAnswer },
      },
    },
    async (req) => {
      await service.reopen(actorOf(req), req.body);
      return {
        result: 'success' as const,
        day: await service.view(req.user!, req.body.restaurant, req.body.business_date),
      };
    },
  );

  app.get(
    '/dayendlogs',
    {
      config: { ...needsPage(['dayend', 'sapupload']), errors: [404] },
      schema: {
        tags,
        operationId: 'listDayEndLogs',
        summary: 'The day-end log of a restaurant (default: the last 31 days)',
        querystring: dayRangeQuery,
        response: { 200: dayLogsAnswer },
      },
    },
    async (req) => {
      const to = req.query.to ?? today();
      const from = req.query.from ?? addDays(to, -30);
      return { result: 'success' as const, logs: await service.logs(req.user!, req.query.restaurant, from, to) };
    },
  );
}
