import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  bannerProgramAnswer,
  bannerProgramBody,
  bannerProgramExportQuery,
  bannerProgramListAnswer,
  bannerProgramListQuery,
  messageAnswer,
  publicBannersAnswer,
  publicBannersQuery,
  versionQuery,
  type BannerProgram,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import type { ListExport } from '../list-export/index.js';
import { idParam } from '../marketing/marketing-common.js';
import { BannersService, programView } from './banners.service.js';
import { versionOf } from './content-common.js';

const tags = ['content'];
const page = needsPage('bannerPrograms');

const programExport: ListExport<z.output<typeof bannerProgramExportQuery>, BannerProgram> = {
  resource: 'banner_programs',
  label: 'Banner programs',
  path: '/banner-programs',
  pages: page.permission.page,
  query: bannerProgramExportQuery,
  operationId: 'exportBannerPrograms',
  tag: 'content',
  columns: [
    { header: 'Name', value: (r) => r.name, width: 28 },
    { header: 'Slot', value: (r) => r.slot, width: 12 },
    { header: 'Sites', value: (r) => r.foodcourts.join(', ') || 'All sites', width: 24 },
    { header: 'Channels', value: (r) => r.channels.join(', '), width: 18 },
    { header: 'Status', value: (r) => (r.live ? 'live' : r.status), width: 10 },
    { header: 'Banners', value: (r) => r.banners.length, width: 10 },
    { header: 'Priority', value: (r) => r.priority, width: 10 },
  ],
  fetch: (db, user, query, range) => new BannersService(db).list(user, query, range),
};

/** /bannerPrograms (issue 19 point 6), and what the apps' slots show. */
export async function bannersRoutes(fastify: FastifyInstance, { db, keys }: { db: Db; keys: ApiKeysService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new BannersService(db);
  const answer = (message: string, row: Parameters<typeof programView>[0]) => ({
    result: 'success' as const,
    message,
    program: programView(row),
  });

  app.get(
    '/banner-programs',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listBannerPrograms',
        summary: 'Banner programs by slot',
        querystring: bannerProgramListQuery,
        response: { 200: bannerProgramListAnswer },
      },
    },
    async (req) => listAnswer('programs', await service.list(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, programExport);
  app.post(
    '/banner-programs',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createBannerProgram',
        summary: 'Add a banner program (needs banner_editProgramAccess)',
        body: bannerProgramBody,
        response: { 200: bannerProgramAnswer },
      },
    },
    async (req) => answer('Banner program added', await service.create(req.body, actorOf(req))),
  );
  app.get(
    '/banner-programs/:id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getBannerProgram',
        summary: 'One banner program',
        params: idParam,
        response: { 200: bannerProgramAnswer },
      },
    },
    async (req) => answer('', await service.row(req.user!, req.params.id)),
  );
  app.put(
    '/banner-programs/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateBannerProgram',
        summary: 'Save a banner program, its banners in order (version-checked; needs banner_editProgramAccess)',
        params: idParam,
        body: bannerProgramBody,
        response: { 200: bannerProgramAnswer },
      },
    },
    async (req) =>
      answer(
        'Banner program saved',
        await service.update(req.params.id, { ...req.body, version: versionOf(req.body) }, actorOf(req)),
      ),
  );
  app.delete(
    '/banner-programs/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteBannerProgram',
        summary: 'Delete a banner program (needs banner_editProgramAccess)',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Banner program deleted' };
    },
  );

  app.get(
    '/content/banners',
    {
      config: { permission: 'apiKey' },
      onRequest: apiKeyAuth(keys),
      schema: {
        tags: ['ingest'],
        operationId: 'readBanners',
        summary: "What a slot shows now: the live programs' banners for the site and channel, in order",
        description: 'Send the API key as `Authorization: Bearer cdk_…`.',
        querystring: publicBannersQuery,
        response: { 200: publicBannersAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, banners: await service.live(req.query) }),
  );
}
