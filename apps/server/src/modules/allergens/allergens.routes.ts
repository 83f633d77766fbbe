import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allergenBody, versionQuery } from '@cd/core';
import type { Db } from '../../db/client.js';
import { AllergensService } from './allergens.service.js';

const codeParam = z.object({ code: z.string().trim().toUpperCase().min(1).max(10) });
const tags = ['allergens'];

/** The allergen catalogue (page allergens; the item editor reads it) and the editor's option lists. */
export async function allergensRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new AllergensService(db);
  const actor = (r: FastifyRequest) => ({ user: r.user!, ip: r.ip });
  const write = { permission: { page: 'allergens' } };

  app.get(
    '/allergens',
    {
      config: { permission: { page: ['allergens', 'editMenu'] } },
      schema: {
        tags,
        summary: 'Allergen catalogue (allergens_info keyed by code); item counts with counts=true',
        querystring: z.object({ counts: z.enum(['true', 'false']).default('false') }),
      },
    },
    async (req) => service.list(req.query.counts === 'true'),
  );
  app.post(
    '/allergens',
    { config: write, schema: { tags, summary: 'Add an allergen', body: allergenBody } },
    async (req) => ({
      result: 'success' as const,
      message: 'Allergen added',
      allergen: await service.create(req.body, actor(req)),
    }),
  );
  app.put(
    '/allergens/:code',
    {
      config: write,
      schema: { tags, summary: 'Rename an allergen or change its image', params: codeParam, body: allergenBody },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Allergen saved',
      allergen: await service.update(req.params.code, req.body, actor(req)),
    }),
  );
  app.delete(
    '/allergens/:code',
    {
      config: write,
      schema: { tags, summary: 'Delete an unused custom allergen', params: codeParam, querystring: versionQuery },
    },
    async (req) => {
      await service.remove(req.params.code, req.query.version, actor(req));
      return { result: 'success' as const, message: 'Allergen deleted' };
    },
  );
  app.get(
    '/list_name_map',
    {
      config: { permission: { page: ['editMenu', 'allergens', 'subMenuManagement', 'pricebook'] } },
      schema: { tags, summary: 'Option lists of the item editor (dietary info, textures, nutrients, allergens…)' },
    },
    async () => service.listNameMap(),
  );
}
