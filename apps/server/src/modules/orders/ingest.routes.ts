import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeaders, orderIdParam, orderIngestAnswer, orderIngestBody, orderIngestUpdateBody } from '@cd/core';
import type { Db } from '../../db/client.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import { IngestService } from './ingest.service.js';

const tags = ['ingest'];
const auth = 'Send the API key as `Authorization: Bearer cdk_…` (or `X-Api-Key`); keys are made by an administrator.';
const idempotency =
  'Send an `Idempotency-Key` (e.g. a UUID per order): a retry with the same key, even one racing the first ' +
  'call, answers the first result (header `Idempotent-Replayed: true`) and changes nothing; the same key with a ' +
  'different body is 409 `idempotencyKeyReused`.';

/**
 * The ingest API of the ordering apps (issue 13 point 2; DESIGN.md §5): apps, kiosks, POS and web ordering send
 * their orders here, authenticated by an API key instead of a session.
 */
export async function ingestRoutes(fastify: FastifyInstance, { db, keys }: { db: Db; keys: ApiKeysService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new IngestService(db);
  fastify.decorateRequest('apiClient', null);
  const onRequest = apiKeyAuth(keys);

  app.post(
    '/ingest/orders',
    {
      config: { permission: 'apiKey', errors: [409] },
      onRequest,
      schema: {
        tags,
        operationId: 'ingestOrder',
        summary: 'Create an order (ordering apps)',
        description:
          `${auth} ${idempotency} Amounts: a line costs unit_price × quantity (the unit price includes options ` +
          'and tax); the total is the lines + charges − discount and, when sent, must match; payments may not ' +
          'come to more than the total. An order number is unique within its restaurant (409 `orderExists`).',
        headers: idempotencyHeaders,
        body: orderIngestBody,
        response: { 200: orderIngestAnswer },
      },
    },
    async (req, reply) => {
      const done = await service.create(req.body, req.apiClient!, req.headers['idempotency-key']);
      if (done.replayed) reply.header('idempotent-replayed', 'true');
      return done.answer;
    },
  );

  app.patch(
    '/ingest/orders/:order_id',
    {
      config: { permission: 'apiKey', errors: [404, 409] },
      onRequest,
      schema: {
        tags,
        operationId: 'ingestOrderUpdate',
        summary: 'Change the status of an order and/or add payments (ordering apps)',
        description:
          `${auth} ${idempotency} Statuses move forwards only (placed → accepted → preparing → ready → ` +
          'completed; cancelled from any but completed): 409 `statusTransition` otherwise.',
        params: z.object({ order_id: orderIdParam() }),
        headers: idempotencyHeaders,
        body: orderIngestUpdateBody,
        response: { 200: orderIngestAnswer },
      },
    },
    async (req, reply) => {
      const done = await service.update(req.params.order_id, req.body, req.apiClient!, req.headers['idempotency-key']);
      if (done.replayed) reply.header('idempotent-replayed', 'true');
      return done.answer;
    },
  );
}
