/**
 * The job system (issue 6). DECISION (for operations such as modules/bulk that run as jobs):
 *
 *   - `buildApp` creates ONE `JobService` and decorates the root Fastify instance with it: `fastify.jobs`
 *     (type `JobService`, declared below on FastifyInstance). It exists before the API routes are registered,
 *     so any route plugin can use it at registration time:
 *         fastify.jobs.register('bulk-upload', handler)       // JobRegistry: call during plugin registration
 *         const job = await fastify.jobs.enqueue(tx, request) // JobEnqueuer: inside the request's transaction
 *         fastify.jobs.newJobId() / fastify.jobs.jobDir(id)   // write an uploaded file before enqueueing
 *   - Handlers must be registered before `app.ready()`; the worker (pg-boss `work`) starts in onReady for
 *     every registered queue, unless `JOBS_WORKER=off` (then only a separate `npm run worker` process runs them).
 *   - `app.close()` stops the worker and pg-boss (in onClose).
 *   - A handler makes its change in ONE transaction at its end (see job-types.ts). A job whose worker died is
 *     marked error "<title>: interrupted by a restart" on the next start; uploads and erases are never retried.
 *   - An operation that keeps its own log of a run registers `{ onError }` with its handler
 *         fastify.jobs.register('menu-clone', handler, { onError })
 *     and the job system calls it in the transaction that ends the job as error without the handler's
 *     `complete` (its worker died, or the handler threw), so that log never stays "running".
 */
export { JobService } from './job.service.js';
export type {
  EnqueueRequest,
  JobContext,
  JobEnd,
  JobHandler,
  JobHooks,
  JobOutcome,
  JobRegistry,
  JobEnqueuer,
} from './job-types.js';

import type { JobService } from './job.service.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    jobs: JobService;
  }
}
