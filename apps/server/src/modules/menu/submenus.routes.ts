import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { restaurantQuery, submenuSaveBody, versionQuery } from '@cd/core';
import type { Db } from '../../db/client.js';
import { SubmenusService } from './submenus.service.js';

const idParam = z.object({ submenuid: z.string().min(1).max(80) });
const tags = ['menu'];

/** Menu-mode submenus (Category & Submenu Management; read by the item editor too). */
export async function submenusRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new SubmenusService(db);
  const actor = (r: FastifyRequest) => ({ user: r.user!, ip: r.ip });
  const read = { permission: { page: ['subMenuManagement', 'editMenu'] } };
  const write = { permission: { page: 'subMenuManagement' } };

  app.get(
    '/vendor/submenu',
    { config: read, schema: { tags, summary: 'Submenus of a restaurant', querystring: restaurantQuery } },
    async (req) => ({ result: 'success' as const, submenus: await service.list(req.query.restaurant, req.user!) }),
  );
  app.get(
    '/vendor/submenu/:submenuid',
    { config: read, schema: { tags, summary: 'One submenu with its connected items', params: idParam } },
    async (req) => ({ result: 'success' as const, submenu: await service.get(req.params.submenuid, req.user!) }),
  );
  app.post(
    '/vendor/submenu',
    { config: write, schema: { tags, summary: 'Add a submenu (with connections)', body: submenuSaveBody } },
    async (req) => ({
      result: 'success' as const,
      message: 'Submenu saved',
      submenu: await service.save(null, req.body, actor(req)),
    }),
  );
  app.put(
    '/vendor/submenu/:submenuid',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save a submenu and its connection diff (names the version it edited)',
        params: idParam,
        body: submenuSaveBody,
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Submenu saved',
      submenu: await service.save(req.params.submenuid, req.body, actor(req)),
    }),
  );
  app.delete(
    '/vendor/submenu/:submenuid',
    { config: write, schema: { tags, summary: 'Delete a submenu', params: idParam, querystring: versionQuery } },
    async (req) => {
      await service.remove(req.params.submenuid, req.query.version, actor(req));
      return { result: 'success' as const, message: 'Submenu deleted' };
    },
  );
}
