import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idempotencyHeaders,
  orderDetailAnswer,
  orderIdParam,
  orderListAnswer,
  orderListQuery,
  refundAnswer,
  refundBody,
  refundListAnswer,
  refundListQuery,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { orderExport } from './order-exports.js';
import { OrdersService } from './orders.service.js';
import { RefundsService } from './refunds.service.js';

const tags = ['orders'];
/** The order history and the refunds page both find and open orders. */
const read = needsPage(['preorderhistory', 'refunds']);
const params = z.object({ order_id: orderIdParam() });

/** /orderhistory (page preorderhistory) and /refunds (page refunds): orders, their detail and refunds. */
export async function ordersRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const orders = new OrdersService(db);
  const refunds = new RefundsService(db);

  app.get(
    '/orders',
    {
      config: read,
      schema: {
        tags,
        operationId: 'listOrders',
        summary: "Orders of the caller's sites: filters, paging, newest first",
        description:
          '`search` is the start of an order number or a customer reference (case-insensitive). Dates are ' +
          'business dates (the restaurant’s local date).',
        querystring: orderListQuery,
        response: { 200: orderListAnswer },
      },
    },
    async (req) => listAnswer('orders', await orders.list(req.query, req.user!), req.query),
  );
  fastify.listExports.add(fastify, orderExport);

  app.get(
    '/orders/:order_id',
    {
      config: { ...read, errors: [404] },
      schema: {
        tags,
        operationId: 'getOrder',
        summary: 'One order with its lines, payments, status history and refunds',
        params,
        response: { 200: orderDetailAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, order: await orders.detail(req.params.order_id, req.user!) }),
  );

  app.post(
    '/orders/:order_id/refunds',
    {
      config: { ...needsPage('refunds'), errors: [404, 409] },
      schema: {
        tags,
        operationId: 'refundOrder',
        summary: 'Refund an order in full, units of its lines, or an amount, with a reason',
        description:
          'Never more than was paid in total, whatever else is refunded at the same moment (409 ' +
          '`refundExceedsPaid`, `refundQuantityTooHigh`, `alreadyRefunded`, `nothingPaid`, `tooManyRefunds`). ' +
          'An idempotency key (body `idempotency_key` or the `Idempotency-Key` header) is required: a retry with ' +
          'the same key answers the first refund.',
        params,
        headers: idempotencyHeaders,
        body: refundBody,
        response: { 200: refundAnswer },
      },
    },
    async (req, reply) => {
      const done = await refunds.refund(req.params.order_id, req.body, req.headers['idempotency-key'], actorOf(req));
      if (done.replayed) reply.header('idempotent-replayed', 'true');
      return {
        result: 'success' as const,
        message: done.replayed ? 'This refund was already made' : 'Refund recorded',
        refund: done.refund,
        order: done.order,
      };
    },
  );

  app.get(
    '/refunds',
    {
      config: needsPage('refunds'),
      schema: {
        tags,
        operationId: 'listRefunds',
        summary: "Refunds of the caller's sites, newest first",
        description: '`search` is the start of an order number; dates are the days the refunds were made (UTC).',
        querystring: refundListQuery,
        response: { 200: refundListAnswer },
      },
    },
    async (req) => listAnswer('refunds', await refunds.list(req.query, req.user!), req.query),
  );
}
