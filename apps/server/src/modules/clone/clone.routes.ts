import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clonePreviewAnswer,
  clonePreviewBody,
  cloneRunAnswer,
  cloneRunParam,
  cloneRunsAnswer,
  cloneRunsQuery,
  cloneStartAnswer,
  cloneStartBody,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { needsPage } from '../../plugins/permissions.js';
import { endCloneRun } from './clone-run-end.js';
import { CLONE_QUEUE, CloneService, cloneJob } from './clone.service.js';

const tags = ['menu'];
const clonePage = needsPage('clone');

/** /clone (issue 20 point 2): preview, start (a job), and the reports of past clones. */
export async function cloneRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  fastify.jobs.register(CLONE_QUEUE, cloneJob, { onError: endCloneRun });
  const service = new CloneService(db, fastify.jobs);

  app.post(
    '/clone/preview',
    {
      config: { ...clonePage, errors: [404] },
      schema: {
        tags,
        operationId: 'previewClone',
        summary: 'What cloning a menu into each target would add, change and skip, with its conflicts',
        description:
          'Items, categories and submenus are matched by name. Each target comes with its menu stamp: start the ' +
          'clone with it, and a target whose menu changed since is left alone.',
        body: clonePreviewBody,
        response: { 200: clonePreviewAnswer },
      },
    },
    async (req) => service.preview(req.body, req.user!),
  );

  app.post(
    '/clone',
    {
      config: { ...clonePage, errors: [404] },
      schema: {
        tags,
        operationId: 'startClone',
        summary: 'Clone a menu into one or more restaurants (a background job; each target all or nothing)',
        body: cloneStartBody,
        response: { 200: cloneStartAnswer },
      },
    },
    async (req) => {
      const { run, job } = await service.start(req.body, req.user!);
      return { result: 'success' as const, message: 'The clone has started', run, job };
    },
  );

  app.get(
    '/clone/runs',
    {
      config: clonePage,
      schema: {
        tags,
        operationId: 'listCloneRuns',
        summary: 'Past clones from restaurants of your sites, newest first, with their reports',
        querystring: cloneRunsQuery,
        response: { 200: cloneRunsAnswer },
      },
    },
    async (req) => {
      const { runs, total } = await service.runs(req.query, req.user!);
      return { result: 'success' as const, runs, total, page: req.query.page, page_size: req.query.page_size };
    },
  );

  app.get(
    '/clone/runs/:id',
    {
      config: { ...clonePage, errors: [404] },
      schema: {
        tags,
        operationId: 'getCloneRun',
        summary: 'One clone and its report per target',
        params: cloneRunParam,
        response: { 200: cloneRunAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, run: await service.run(req.params.id, req.user!) }),
  );
}
