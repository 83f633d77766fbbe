import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import {
  allergenBody,
  allergenExportQuery,
  allergenListQuery,
  allergenSavedAnswer,
  allergensAnswer,
  listNameMapAnswer,
  messageAnswer,
  versionQuery,
  type AllergenView,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { allergens } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { attachmentHeader } from '../jobs/jobs.routes.js';
import type { ListExport } from '../list-export/index.js';
import { ALLERGEN_PDF_NAME, allergenListPdf } from './allergen-pdf.js';
import { AllergensService } from './allergens.service.js';

const codeParam = z.object({ code: z.string().trim().toUpperCase().min(1).max(10) });
const tags = ['allergens'];
const read = needsPage(['allergens', 'editMenu']);

const allergenExport: ListExport<z.output<typeof allergenExportQuery>, AllergenView> = {
  resource: 'allergens',
  label: 'Allergens',
  path: '/allergens',
  pages: read.permission.page,
  query: allergenExportQuery,
  operationId: 'exportAllergens',
  tag: 'allergens',
  columns: [
    { header: 'Code', value: (r) => r.code, width: 8 },
    { header: 'Name', value: (r) => r.name, width: 28 },
    { header: 'Regulated', value: (r) => (r.regulated ? 'Yes' : 'No'), width: 10 },
    { header: 'Items', value: (r) => r.item_count ?? 0, width: 10 },
    { header: 'Image', value: (r) => r.imageurl, width: 40 },
  ],
  fetch: (db, _user, query, range) => new AllergensService(db).list({ ...query, counts: 'true' }, range),
};

/** The allergen catalogue (page allergens; the item editor reads it) and the editor's option lists. */
export async function allergensRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new AllergensService(db);
  const write = needsPage('allergens');

  app.get(
    '/allergens',
    {
      config: read,
      schema: {
        tags,
        operationId: 'listAllergens',
        summary: 'Allergen catalogue (allergens_info keyed by code, data as a list); item counts with counts=true',
        description: 'Without page and page_size the whole catalogue (the item editor reads it whole).',
        querystring: allergenListQuery,
        response: { 200: allergensAnswer },
      },
    },
    async (req) => {
      const page = await service.list(req.query);
      const allergens_info = Object.fromEntries(page.rows.map((r) => [r.code, { name: r.name, imageurl: r.imageurl }]));
      return { ...listAnswer('data', page, req.query), allergens_info };
    },
  );
  fastify.listExports.add(fastify, allergenExport);
  // The spec's "allergens and its pdf list" (spec 000 §7, issue 36): the catalogue as a PDF to print.
  app.get(
    '/allergens/pdf',
    {
      config: read,
      schema: {
        tags,
        operationId: 'allergenListPdf',
        summary: 'The allergen list as PDF (code, name, regulated; in the catalogue order)',
        response: {
          200: {
            description: 'The allergen list',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
      },
    },
    async (_req, reply) => {
      const rows = await db
        .select({ code: allergens.code, name: allergens.name, regulated: allergens.regulated })
        .from(allergens)
        .orderBy(asc(allergens.sequence), asc(allergens.code));
      const bytes = await allergenListPdf(rows, new Date());
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader(ALLERGEN_PDF_NAME))
        .header('cache-control', 'private, no-store')
        .send(bytes as never);
    },
  );
  app.post(
    '/allergens',
    {
      config: { ...write, errors: [409] },
      schema: {
        tags,
        operationId: 'createAllergen',
        summary: 'Add an allergen',
        body: allergenBody,
        response: { 200: allergenSavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Allergen added',
      allergen: await service.create(req.body, actorOf(req)),
    }),
  );
  app.put(
    '/allergens/:code',
    {
      config: { ...write, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateAllergen',
        summary: 'Rename an allergen or change its image',
        params: codeParam,
        body: allergenBody,
        response: { 200: allergenSavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Allergen saved',
      allergen: await service.update(req.params.code, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/allergens/:code',
    {
      config: { ...write, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteAllergen',
        summary: 'Delete an unused custom allergen',
        params: codeParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.code, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Allergen deleted' };
    },
  );
  app.get(
    '/list_name_map',
    {
      config: needsPage(['editMenu', 'allergens', 'subMenuManagement', 'pricebook']),
      schema: {
        tags,
        operationId: 'getListNameMap',
        summary: 'Option lists of the item editor (dietary info, textures, nutrients, allergens…)',
        response: { 200: listNameMapAnswer },
      },
    },
    async () => service.listNameMap(),
  );
}
