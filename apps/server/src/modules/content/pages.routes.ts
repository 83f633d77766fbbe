import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  htmlPageAnswer,
  htmlPageBody,
  htmlPageExportQuery,
  htmlPageListAnswer,
  htmlPageListQuery,
  htmlRevisionsAnswer,
  messageAnswer,
  publicPageAnswer,
  publicPageQuery,
  publishBody,
  revertBody,
  SLUG_PATTERN,
  versionQuery,
  type HtmlPage,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import type { ListExport } from '../list-export/index.js';
import { idParam } from '../marketing/marketing-common.js';
import { versionOf } from './content-common.js';
import { HtmlPagesService, pageView } from './pages.service.js';

const tags = ['content'];
const page = needsPage('htmlmanager');

const pageExport: ListExport<z.output<typeof htmlPageExportQuery>, HtmlPage> = {
  resource: 'html_pages',
  label: 'HTML pages',
  path: '/html-pages',
  pages: page.permission.page,
  query: htmlPageExportQuery,
  operationId: 'exportHtmlPages',
  tag: 'content',
  columns: [
    { header: 'Title', value: (r) => r.title, width: 30 },
    { header: 'Address', value: (r) => r.slug, width: 24 },
    { header: 'Site', value: (r) => r.foodcourt ?? 'All sites', width: 20 },
    { header: 'Status', value: (r) => (r.changed ? 'published (changed since)' : r.status), width: 22 },
    { header: 'Revision', value: (r) => r.revision, width: 10 },
    { header: 'Updated', value: (r) => r.updated_at, width: 22 },
  ],
  fetch: (db, user, query, range) => new HtmlPagesService(db).list(user, query, range),
};

/** /htmlmanager (issue 19 point 1) and the apps' read of a published page. */
export async function htmlPagesRoutes(fastify: FastifyInstance, { db, keys }: { db: Db; keys: ApiKeysService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new HtmlPagesService(db);
  const answer = (message: string, row: Parameters<typeof pageView>[0]) => ({
    result: 'success' as const,
    message,
    page: pageView(row),
  });

  app.get(
    '/html-pages',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listHtmlPages',
        summary: 'HTML pages (drafts and published)',
        querystring: htmlPageListQuery,
        response: { 200: htmlPageListAnswer },
      },
    },
    async (req) => listAnswer('pages', await service.list(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, pageExport);
  app.post(
    '/html-pages',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createHtmlPage',
        summary: 'Add a page (its HTML is cleaned against an allowlist before it is stored)',
        body: htmlPageBody,
        response: { 200: htmlPageAnswer },
      },
    },
    async (req) => answer('Page added', await service.create(req.body, actorOf(req))),
  );
  app.get(
    '/html-pages/:id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getHtmlPage',
        summary: 'One page with its draft',
        params: idParam,
        response: { 200: htmlPageAnswer },
      },
    },
    async (req) => answer('', await service.row(req.user!, req.params.id)),
  );
  app.put(
    '/html-pages/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateHtmlPage',
        summary: 'Save the draft (version-checked; every save is a revision)',
        params: idParam,
        body: htmlPageBody,
        response: { 200: htmlPageAnswer },
      },
    },
    async (req) =>
      answer(
        'Page saved',
        await service.update(req.params.id, { ...req.body, version: versionOf(req.body) }, actorOf(req)),
      ),
  );
  app.delete(
    '/html-pages/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteHtmlPage',
        summary: 'Delete a page and its history',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Page deleted' };
    },
  );
  for (const [action, publish] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/html-pages/:id/${action}`,
      {
        config: { ...page, errors: [404, 409] },
        schema: {
          tags,
          operationId: publish ? 'publishHtmlPage' : 'unpublishHtmlPage',
          summary: publish ? 'Publish the draft' : 'Take the page off the apps',
          params: idParam,
          body: publishBody,
          response: { 200: htmlPageAnswer },
        },
      },
      async (req) =>
        answer(
          publish ? 'Page published' : 'Page unpublished',
          await service.publish(req.params.id, req.body.version, actorOf(req), publish),
        ),
    );
  }
  app.get(
    '/html-pages/:id/revisions',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listHtmlPageRevisions',
        summary: "A page's revisions, newest first",
        params: idParam,
        response: { 200: htmlRevisionsAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, revisions: await service.revisions(req.user!, req.params.id) }),
  );
  app.post(
    '/html-pages/:id/revert',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'revertHtmlPage',
        summary: 'Make an earlier revision the draft again (a new revision)',
        params: idParam,
        body: revertBody,
        response: { 200: htmlPageAnswer },
      },
    },
    async (req) =>
      answer(
        `Revision ${req.body.revision} restored`,
        await service.revert(req.params.id, req.body.revision, req.body.version, actorOf(req)),
      ),
  );

  app.get(
    '/content/pages/:slug',
    {
      config: { permission: 'apiKey', errors: [404] },
      onRequest: apiKeyAuth(keys),
      schema: {
        tags: ['ingest'],
        operationId: 'readPublishedPage',
        summary: "A published page for the ordering apps (the site's own, else the shared one)",
        description: 'Send the API key as `Authorization: Bearer cdk_…`. The HTML is cleaned; show it as HTML.',
        params: z.object({ slug: z.string().max(80).regex(SLUG_PATTERN) }),
        querystring: publicPageQuery,
        response: { 200: publicPageAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, ...(await service.published(req.params.slug, req.query.foodcourt)) }),
  );
}
