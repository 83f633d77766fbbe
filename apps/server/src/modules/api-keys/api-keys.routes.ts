import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyAnswer, apiKeyBody, apiKeyCreatedAnswer, apiKeyListAnswer, apiKeyListQuery } from '@cd/core';
import { actorOf } from '../../lib/actor.js';
import { forbidden } from '../../lib/errors.js';
import { listAnswer } from '../../lib/list-query.js';
import type { ApiKeysService } from './api-keys.service.js';

const tags = ['api keys'];
const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Administrators only: an API key writes orders for every site it covers, whoever holds it. */
async function adminOnly(request: FastifyRequest) {
  if (!request.user?.admin) throw forbidden('Only an administrator can manage API keys');
}
const admin = { permission: 'authenticated' as const, errors: [403] as const };
const description = 'Administrators only.';

/** The ordering apps' API keys (issue 13 point 2): list, create (the key is shown once), revoke. */
export async function apiKeysRoutes(fastify: FastifyInstance, { keys }: { keys: ApiKeysService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
