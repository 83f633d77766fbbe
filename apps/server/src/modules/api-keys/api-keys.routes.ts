import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyAnswer,
  apiKeyBody,
  apiKeyCreatedAnswer,
  apiKeyListAnswer,
  apiKeyListQuery,
  apiKeyRotateBody,
  apiKeyRotatedAnswer,
} from '@cd/core';
import { actorOf } from '../../lib/actor.js';
import { forbidden } from '../../lib/errors.js';
import { listAnswer } from '../../lib/list-query.js';
import { TOUCH_EVERY_MS, type ApiKeysService } from './api-keys.service.js';

const tags = ['api keys'];
const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Administrators only: an API key writes orders for every site it covers, whoever holds it. */
async function adminOnly(request: FastifyRequest) {
  if (!request.user?.admin) throw forbidden('Only an administrator can manage API keys');
}
const admin = { permission: 'authenticated' as const, errors: [403] as const };
const description = 'Administrators only.';

/**
 * The ordering apps' API keys (issue 13 point 2, issue 36): list with use, create (the key is shown once), rotate
 * with a grace period, revoke.
 */
export async function apiKeysRoutes(fastify: FastifyInstance, { keys }: { keys: ApiKeysService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Calls are counted in memory; a key's counts are written when it is next used a minute later, and all of them
  // on this timer and at shutdown, so a key that falls silent still shows its last calls.
  const flush = () => keys.flushUsage().catch((error: unknown) => fastify.log.warn({ err: error }, 'API key usage'));
  const timer = setInterval(() => void flush(), TOUCH_EVERY_MS);
  timer.unref();
  fastify.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });

  app.get(
    '/api_keys',
    {
      config: admin,
      preValidation: adminOnly,
      schema: {
        tags,
        operationId: 'listApiKeys',
        summary: 'API keys of the ordering apps (never the keys themselves)',
        description,
        querystring: apiKeyListQuery,
        response: { 200: apiKeyListAnswer },
      },
    },
    async (req) => listAnswer('api_keys', await keys.list(req.query), req.query),
  );
  app.post(
    '/api_keys',
    {
      config: admin,
      preValidation: adminOnly,
      schema: {
        tags,
        operationId: 'createApiKey',
        summary: 'Create an API key for an ordering app; the answer shows the key once',
        description: `${description} Only a SHA-256 hash of the key is kept: it cannot be shown again.`,
        body: apiKeyBody,
        response: { 200: apiKeyCreatedAnswer },
      },
    },
    async (req) => {
      const { view, key } = await keys.create(req.body, actorOf(req));
      return {
        result: 'success' as const,
        message: 'API key created. Copy it now: it will not be shown again.',
        api_key: view,
        key,
      };
    },
  );
  app.post(
    '/api_keys/:id/rotate',
    {
      config: { ...admin, errors: [403, 404, 409] as const },
      preValidation: adminOnly,
      schema: {
        tags,
        operationId: 'rotateApiKey',
        summary: 'Issue a new key for the same app; the old one is accepted for a grace period, then refused',
        description: `${description} The answer shows the new key once. A key rotated already, or revoked, is 409.`,
        params: idParam,
        body: apiKeyRotateBody,
        response: { 200: apiKeyRotatedAnswer },
      },
    },
    async (req) => {
      const { view, key, replaced } = await keys.rotate(req.params.id, req.body.grace_seconds, actorOf(req));
      return {
        result: 'success' as const,
        message: 'API key rotated. Copy the new key now: it will not be shown again.',
        api_key: view,
        key,
        replaced,
      };
    },
  );
  app.delete(
    '/api_keys/:id',
    {
      config: { ...admin, errors: [403, 404] as const },
      preValidation: adminOnly,
      schema: {
        tags,
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key: its calls are refused from now on',
        description,
        params: idParam,
        response: { 200: apiKeyAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'API key revoked',
      api_key: await keys.revoke(req.params.id, actorOf(req)),
    }),
  );
}
