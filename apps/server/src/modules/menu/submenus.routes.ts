import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageAnswer,
  restaurantQuery,
  submenuAnswer,
  submenuListAnswer,
  submenuSaveBody,
  submenuSavedAnswer,
  versionQuery,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { needsPage } from '../../plugins/permissions.js';
import { SubmenusService } from './submenus.service.js';

const idParam = z.object({ submenuid: z.string().min(1).max(80) });
const tags = ['menu'];

/** Menu-mode submenus (Category & Submenu Management; read by the item editor too). */
export async function submenusRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new SubmenusService(db);
  const read = needsPage(['subMenuManagement', 'editMenu']);
  const write = needsPage('subMenuManagement');

  app.get(
    '/vendor/submenu',
    {
      config: { ...read, errors: [404] },
      schema: {
        tags,
        operationId: 'listSubmenus',
        summary: 'Submenus of a restaurant',
        querystring: restaurantQuery,
        response: { 200: submenuListAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, submenus: await service.list(req.query.restaurant, req.user!) }),
  );
  app.get(
    '/vendor/submenu/:submenuid',
    {
      config: { ...read, errors: [404] },
      schema: {
        tags,
        operationId: 'getSubmenu',
        summary: 'One submenu with its connected items',
        params: idParam,
        response: { 200: submenuAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, submenu: await service.get(req.params.submenuid, req.user!) }),
  );
  app.post(
    '/vendor/submenu',
    {
      config: { ...write, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'createSubmenu',
        summary: 'Add a submenu (with connections)',
        body: submenuSaveBody,
        response: { 200: submenuSavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Submenu saved',
      submenu: await service.save(null, req.body, actorOf(req)),
    }),
  );
  app.put(
    '/vendor/submenu/:submenuid',
    {
      config: { ...write, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateSubmenu',
        summary: 'Save a submenu and its connection diff (names the version it edited)',
        params: idParam,
        body: submenuSaveBody,
        response: { 200: submenuSavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Submenu saved',
      submenu: await service.save(req.params.submenuid, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/vendor/submenu/:submenuid',
    {
      config: { ...write, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteSubmenu',
        summary: 'Delete a submenu',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.submenuid, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Submenu deleted' };
    },
  );
}
