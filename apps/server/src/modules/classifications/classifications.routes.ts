import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  assignAnswer,
  assignBody,
  classificationAnswer,
  classificationBody,
  classificationExportQuery,
  classificationListAnswer,
  classificationListQuery,
  classificationOneAnswer,
  classifiedItemListAnswer,
  classifiedItemListQuery,
  messageAnswer,
  restaurantItemListQuery,
  unassignedItemListQuery,
  versionQuery,
  type Classification,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import type { ListExport } from '../list-export/index.js';
import { idParam } from '../marketing/marketing-common.js';
import { ClassificationsService } from './classifications.service.js';

const tags = ['menu'];
const page = needsPage('classifications');
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

const classificationExport: ListExport<z.output<typeof classificationExportQuery>, Classification> = {
  resource: 'classifications',
  label: 'Classifications',
  path: '/classifications',
  pages: page.permission.page,
  query: classificationExportQuery,
  operationId: 'exportClassifications',
  tag: 'menu',
  columns: [
    { header: 'Kind', value: (r) => r.kind, width: 18 },
    { header: 'Name', value: (r) => r.name, width: 28 },
    { header: 'Code', value: (r) => r.code, width: 14 },
    { header: 'Items', value: (r) => r.item_count, width: 8 },
    { header: 'Description', value: (r) => r.description, width: 40 },
  ],
  fetch: (db, user, query, range) => new ClassificationsService(db).list(user, query, range),
};

/** /classifications (issue 20): sales categories, accounting groups, diet tags and their items. */
export async function classificationsRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new ClassificationsService(db);

  app.get(
    '/classifications',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listClassifications',
        summary: 'Classifications with their item counts',
        querystring: classificationListQuery,
        response: { 200: classificationListAnswer },
      },
    },
    async (req) => listAnswer('classifications', await service.list(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, classificationExport);
  app.get(
    '/classifications/unassigned',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listUnclassifiedItems',
        summary: 'Items with no classification of a kind ("No sales category")',
        querystring: unassignedItemListQuery,
        response: { 200: classifiedItemListAnswer },
      },
    },
    async (req) => listAnswer('items', await service.unassigned(req.user!, req.query), req.query),
  );
  app.get(
    '/classifications/items',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listClassifiableItems',
        summary: "A restaurant's items with the classifications each has (to pick items to assign)",
        querystring: restaurantItemListQuery,
        response: { 200: classifiedItemListAnswer },
      },
    },
    async (req) => listAnswer('items', await service.restaurantItems(req.user!, req.query), req.query),
  );
  app.post(
    '/classifications',
    {
      config: { ...page, errors: [409] },
      schema: {
        tags,
        operationId: 'createClassification',
        summary: 'Add a classification (name unique per kind)',
        body: classificationBody,
        response: { 200: classificationAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Classification added',
      classification: await service.create(req.body, actorOf(req)),
    }),
  );
  app.get(
    '/classifications/:id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getClassification',
        summary: 'One classification',
        params: idParam,
        response: { 200: classificationOneAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      classification: await service.one(req.user!, req.params.id),
    }),
  );
  app.put(
    '/classifications/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateClassification',
        summary: 'Save a classification (version-checked)',
        params: idParam,
        body: classificationBody,
        response: { 200: classificationAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Classification saved',
      classification: await service.update(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/classifications/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteClassification',
        summary: 'Delete a classification and its assignments (version-checked)',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      const gone = await service.remove(req.params.id, req.query.version, actorOf(req));
      return {
        result: 'success' as const,
        message: `${gone.name} deleted${gone.items ? `; ${plural(gone.items, 'item')} no longer have it` : ''}`,
      };
    },
  );
  app.get(
    '/classifications/:id/items',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listClassifiedItems',
        summary: "A classification's items (of the user's restaurants)",
        params: idParam,
        querystring: classifiedItemListQuery,
        response: { 200: classifiedItemListAnswer },
      },
    },
    async (req) => listAnswer('items', await service.items(req.user!, req.params.id, req.query), req.query),
  );
  app.post(
    '/classifications/:id/assign',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'assignClassification',
        summary: 'Add or remove many items at once (a sales category or accounting group moves them)',
        params: idParam,
        body: assignBody,
        response: { 200: assignAnswer },
      },
    },
    async (req) => {
      const r = await service.assign(req.params.id, req.body, actorOf(req));
      const moved = r.moved.map((m) => `${m.count} moved from ${m.name}`);
      const message =
        req.body.mode === 'remove'
          ? `${plural(r.removed, 'item')} removed`
          : [`${r.assigned} assigned`, ...moved].join(', ');
      return { result: 'success' as const, message, ...r };
    },
  );
}
