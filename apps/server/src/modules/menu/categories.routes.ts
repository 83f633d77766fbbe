import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryCreateBody, categoryUpdateBody, restaurantQuery, versionQuery } from '@cd/core';
import type { Db } from '../../db/client.js';
import { CategoriesService } from './categories.service.js';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const tags = ['menu'];

/** Categories (Category & Submenu Management; the list is also read by the item editor). */
export async function categoriesRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new CategoriesService(db);
  const actor = (r: FastifyRequest) => ({ user: r.user!, ip: r.ip });
  const read = { permission: { page: ['subMenuManagement', 'editMenu'] } };
  const write = { permission: { page: 'subMenuManagement' } };

  app.get(
    '/vendor/category',
    { config: read, schema: { tags, summary: 'Categories of a restaurant', querystring: restaurantQuery } },
    async (req) => ({ result: 'success' as const, categories: await service.list(req.query.restaurant, req.user!) }),
  );
  app.post(
    '/vendor/category',
    { config: write, schema: { tags, summary: 'Add a category', body: categoryCreateBody } },
    async (req) => ({
      result: 'success' as const,
      message: 'Category added',
      category: await service.create(req.body, actor(req)),
    }),
  );
  app.put(
    '/vendor/category/:id',
    {
      config: write,
      schema: { tags, summary: 'Rename or move a category', params: idParam, body: categoryUpdateBody },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Category saved',
      category: await service.update(req.params.id, req.body, actor(req)),
    }),
  );
  app.delete(
    '/vendor/category/:id',
    {
      config: write,
      schema: { tags, summary: 'Delete an unused category', params: idParam, querystring: versionQuery },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actor(req));
      return { result: 'success' as const, message: 'Category deleted' };
    },
  );
}
