import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * DESIGN.md §6: state-changing requests from browsers must come from our own origin. Browsers always send
 * Origin on such requests; other clients (scripts, tests) send none and are judged by their session alone.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  const allowed = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const sameHost = `${request.protocol}://${request.host}`;
    if (origin !== allowed && origin !== sameHost) {
      throw forbidden('Cross-site request refused');
    }
  });
});
