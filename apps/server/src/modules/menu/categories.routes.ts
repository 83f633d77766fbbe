import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryCreateBody,
  categoryExportQuery,
  categoryListAnswer,
  categoryListQuery,
  categorySavedAnswer,
  categoryUpdateBody,
  messageAnswer,
  versionQuery,
  type CategoryView,
  intIdParam,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import type { ListExport } from '../list-export/index.js';
import { CategoriesService } from './categories.service.js';

const idParam = z.object({ id: intIdParam() });
const tags = ['menu'];
const read = needsPage(['subMenuManagement', 'editMenu']);

const categoryExport = (
  service: CategoriesService,
): ListExport<z.output<typeof categoryExportQuery>, CategoryView> => ({
  resource: 'categories',
  label: 'Categories',
  path: '/vendor/category',
  pages: read.permission.page,
  query: categoryExportQuery,
  operationId: 'exportCategories',
  tag: 'menu',
  errors: [404],
  columns: [
    { header: 'Id', value: (c) => c.id, width: 8 },
    { header: 'Name', value: (c) => c.name, width: 32 },
    { header: 'Order', value: (c) => c.sequence, width: 8 },
    { header: 'Items', value: (c) => c.item_count, width: 8 },
    { header: 'Restaurant id', value: (c) => c.restaurant, width: 36 },
    { header: 'Last changed by', value: (c) => c.updated_by ?? '', width: 24 },
    { header: 'Last changed at (UTC)', value: (c) => c.updated_at, date: true, width: 20 },
  ],
  fetch: (_db, user, query, range) => service.list(query, user, range),
});

/** Categories (Category & Submenu Management; the list is also read by the item editor). */
export async function categoriesRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new CategoriesService(db);
  const write = needsPage('subMenuManagement');

  app.get(
    '/vendor/category',
    {
      config: { ...read, errors: [404] },
      schema: {
        tags,
        operationId: 'listCategories',
        summary: 'Categories of a restaurant',
        description: 'Without page and page_size every category (the menu editors read them whole).',
        querystring: categoryListQuery,
        response: { 200: categoryListAnswer },
      },
    },
    async (req) => listAnswer('categories', await service.list(req.query, req.user!), req.query),
  );
  fastify.listExports.add(fastify, categoryExport(service));
  app.post(
    '/vendor/category',
    {
      config: { ...write, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'createCategory',
        summary: 'Add a category',
        body: categoryCreateBody,
        response: { 200: categorySavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Category added',
      category: await service.create(req.body, actorOf(req)),
    }),
  );
  app.put(
    '/vendor/category/:id',
    {
      config: { ...write, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateCategory',
        summary: 'Rename or move a category',
        params: idParam,
        body: categoryUpdateBody,
        response: { 200: categorySavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Category saved',
      category: await service.update(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/vendor/category/:id',
    {
      config: { ...write, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteCategory',
        summary: 'Delete an unused category',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Category deleted' };
    },
  );
}
