import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import type { ApiClient, ApiKeysService } from './api-keys.service.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /** The ordering app calling an ingest route (permission `apiKey`), once its key is checked. */
    apiClient: ApiClient | null;
  }
}

/** The key of a request: `Authorization: Bearer cdk_…` or `X-Api-Key: cdk_…`. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const auth = request.headers.authorization;
  const bearer = typeof auth === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
  return bearer?.[1];
}

/**
 * The onRequest hook of the ingest routes: checks the API key before anything else (an unknown caller learns
 * nothing about the input), and refuses a missing, unknown or revoked key with 401.
 */
export function apiKeyAuth(keys: ApiKeysService) {
  return async (request: FastifyRequest) => {
    const key = apiKeyOf(request);
    if (!key) throw unauthorized('An API key is required: send it as `Authorization: Bearer <key>`');
    const client = await keys.authenticate(key);
    if (!client) throw unauthorized('The API key is not recognised or has been revoked');
    request.apiClient = client;
  };
}
