import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERAL_ERROR_TEXT } from '@cd/core';
import { pgError } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';

/** DESIGN.md §4: every failure is `{result: "failure", message, extras: {code, ...}}`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // A limit that knows when it ends says so as HTTP does too (seconds).
      const wait = err.extras.retry_after;
      if (err.statusCode === 429 && typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply
        .status(err.statusCode)
        .send({ result: 'failure', message: err.message, extras: { code: err.code, ...err.extras } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const detail = first?.message ?? 'is invalid';
      const message = field ? `${field}: ${detail}` : detail;
      return reply.status(400).send({
        result: 'failure',
        message,
        extras: {
          code: 'invalidRequest',
          field,
          issues: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
        },
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        result: 'failure',
        message: 'Too many requests. Please wait a moment and try again.',
        extras: { code: 'tooManyRequests' },
      });
    }
    if (status < 500) {
      return reply
        .status(status)
        .send({ result: 'failure', message: err.message, extras: { code: err.code ?? 'badRequest' } });
    }
    // A value the database cannot hold (SQLSTATE class 22: numeric overflow, bad text, out-of-range integer)
    // came from the client: the schemas should have refused it, so it is logged for fixing, and answered 400.
    const pg = pgError(err);
    if (pg?.code?.startsWith('22')) {
      request.log.warn(
        { err, route: `${request.method} ${request.routeOptions.url ?? ''}` },
        'database refused a value the request schema let through',
      );
      return reply.status(400).send({
        result: 'failure',
        message: 'A value is out of range or cannot be stored',
        extras: { code: 'invalidValue' },
      });
    }
    // Row-level security refused a write of a row outside the caller's sites (db/tenant-scope.ts): the route's own
    // checks should have said so first, so it is logged for fixing, and answered as a site the caller does not have.
    if (pg?.code === '42501') {
      request.log.warn(
        { err, route: `${request.method} ${request.routeOptions.url ?? ''}` },
        'row-level security refused a write the route let through',
      );
      return reply.status(403).send({
        result: 'failure',
        message: 'That is not one of your sites',
        extras: { code: 'siteNotAllowed' },
      });
    }
    request.log.error({ err, route: `${request.method} ${request.routeOptions.url ?? ''}` }, 'unhandled error');
    return reply.status(500).send({ result: 'failure', message: GENERAL_ERROR_TEXT, extras: { code: 'general' } });
  });
});
