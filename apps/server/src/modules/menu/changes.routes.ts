import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  menuChangeAnswer,
  menuChangeListAnswer,
  menuChangeListQuery,
  menuChangePreviewAnswer,
  menuChangeSetBody,
  menuChangeVersionBody,
  messageAnswer,
  versionQuery,
} from '@cd/core';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { MenuChangesService } from './changes.service.js';

const tags = ['menu'];
const page = needsPage('editMenu');
const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Scheduled menu changes (issue 36 point 3): /menu-changes on the Add/Edit Menu permission. */
export async function menuChangesRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new MenuChangesService(db);

  app.get(
    '/menu-changes',
    {
      config: { ...page, errors: [403, 404] },
      schema: {
        tags,
        operationId: 'listMenuChanges',
        summary: 'Scheduled menu changes: open ones first by their time, then the ended ones',
        querystring: menuChangeListQuery,
        response: { 200: menuChangeListAnswer },
      },
    },
    async (req) => listAnswer('changes', await service.list(req.query, actorOf(req)), req.query),
  );
  app.post(
    '/menu-changes',
    {
      config: { ...page, errors: [403, 404] },
      schema: {
        tags,
        operationId: 'createMenuChange',
        summary: 'Make a menu change: a draft, or scheduled when publish_at is given',
        body: menuChangeSetBody,
        response: { 200: menuChangeAnswer },
      },
    },
    async (req) => {
      const change = await service.create(req.body, actorOf(req));
      return { result: 'success' as const, message: change.publish_at ? 'Change scheduled' : 'Draft saved', change };
    },
  );
  app.get(
    '/menu-changes/:id',
    {
      config: { ...page, errors: [403, 404] },
      schema: {
        tags,
        operationId: 'getMenuChange',
        summary: 'One menu change with its edits and, once published, its report',
        params: idParam,
        response: { 200: menuChangeAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: '',
      change: await service.get(req.params.id, actorOf(req)),
    }),
  );
  app.put(
    '/menu-changes/:id',
    {
      config: { ...page, errors: [403, 404, 409] },
      schema: {
        tags,
        operationId: 'updateMenuChange',
        summary: 'Save a draft, scheduled or failed change (version-checked)',
        params: idParam,
        body: menuChangeSetBody,
        response: { 200: menuChangeAnswer },
      },
    },
    async (req) => {
      const change = await service.update(req.params.id, req.body, actorOf(req));
      return { result: 'success' as const, message: change.publish_at ? 'Change scheduled' : 'Draft saved', change };
    },
  );
  app.delete(
    '/menu-changes/:id',
    {
      config: { ...page, errors: [403, 404, 409] },
      schema: {
        tags,
        operationId: 'deleteMenuChange',
        summary: 'Delete a change that was not published (version-checked)',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Change deleted' };
    },
  );
  app.get(
    '/menu-changes/:id/preview',
    {
      config: { ...page, errors: [403, 404] },
      schema: {
        tags,
        operationId: 'previewMenuChange',
        summary: 'Each edit against the live item: live, base and new value, conflicts, rules it would break',
        params: idParam,
        response: { 200: menuChangePreviewAnswer },
      },
    },
    async (req) => service.preview(req.params.id, actorOf(req)),
  );
  app.post(
    '/menu-changes/:id/publish',
    {
      config: { ...page, errors: [403, 404, 409] },
      schema: {
        tags,
        operationId: 'publishMenuChange',
        summary: 'Publish now, in one transaction (version-checked); fields changed live since are left',
        params: idParam,
        body: menuChangeVersionBody,
        response: { 200: menuChangeAnswer },
      },
    },
    async (req) => {
      const change = await service.publishNow(req.params.id, req.body.version, actorOf(req));
      return { result: 'success' as const, message: change.report?.message ?? 'Published', change };
    },
  );
  app.post(
    '/menu-changes/:id/cancel',
    {
      config: { ...page, errors: [403, 404, 409] },
      schema: {
        tags,
        operationId: 'cancelMenuChange',
        summary: 'Cancel a draft or scheduled change: it is never published',
        params: idParam,
        body: menuChangeVersionBody,
        response: { 200: menuChangeAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Change cancelled',
      change: await service.cancel(req.params.id, req.body.version, actorOf(req)),
    }),
  );
}
