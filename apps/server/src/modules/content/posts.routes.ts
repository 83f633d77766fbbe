import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  messageAnswer,
  newsPostAnswer,
  newsPostBody,
  newsPostExportQuery,
  newsPostListAnswer,
  newsPostListQuery,
  publicFeedAnswer,
  publicFeedQuery,
  versionQuery,
  voteAnswer,
  voteBody,
  type NewsPost,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import type { ListExport } from '../list-export/index.js';
import { idParam } from '../marketing/marketing-common.js';
import { versionOf } from './content-common.js';
import { PostsService } from './posts.service.js';

const tags = ['content'];
const page = needsPage('buzzfeed');

const postExport: ListExport<z.output<typeof newsPostExportQuery>, NewsPost> = {
  resource: 'news_posts',
  label: 'News posts',
  path: '/buzzfeed/posts',
  pages: page.permission.page,
  query: newsPostExportQuery,
  operationId: 'exportNewsPosts',
  tag: 'content',
  columns: [
    { header: 'Title', value: (r) => r.title, width: 30 },
    { header: 'State', value: (r) => r.state, width: 10 },
    { header: 'Sites', value: (r) => r.foodcourts.join(', ') || 'All sites', width: 24 },
    { header: 'Publish at', value: (r) => r.publish_at ?? '', width: 22 },
    { header: 'Expires at', value: (r) => r.expires_at ?? '', width: 22 },
    { header: 'Poll votes', value: (r) => r.poll?.votes ?? '', width: 10 },
  ],
  fetch: (db, user, query, range) => new PostsService(db).list(user, query, range),
};

/** /buzzfeed (issue 19 point 2) and the apps' feed and votes. */
export async function postsRoutes(fastify: FastifyInstance, { db, keys }: { db: Db; keys: ApiKeysService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new PostsService(db);

  app.get(
    '/buzzfeed/posts',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listNewsPosts',
        summary: 'News posts with their state and poll results',
        querystring: newsPostListQuery,
        response: { 200: newsPostListAnswer },
      },
    },
    async (req) => listAnswer('posts', await service.list(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, postExport);
  app.post(
    '/buzzfeed/posts',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createNewsPost',
        summary: 'Add a post (a poll needs buzzfeed_polls; the body is cleaned)',
        body: newsPostBody,
        response: { 200: newsPostAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Post added',
      post: await service.view(await service.create(req.body, actorOf(req))),
    }),
  );
  app.get(
    '/buzzfeed/posts/:id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getNewsPost',
        summary: 'One post with its live poll results',
        params: idParam,
        response: { 200: newsPostAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: '',
      post: await service.view(await service.row(req.user!, req.params.id)),
    }),
  );
  app.put(
    '/buzzfeed/posts/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateNewsPost',
        summary: 'Save a post (version-checked; a poll with votes keeps its options)',
        params: idParam,
        body: newsPostBody,
        response: { 200: newsPostAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Post saved',
      post: await service.view(
        await service.update(req.params.id, { ...req.body, version: versionOf(req.body) }, actorOf(req)),
      ),
    }),
  );
  app.delete(
    '/buzzfeed/posts/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteNewsPost',
        summary: 'Delete a post and its votes',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Post deleted' };
    },
  );

  const onRequest = apiKeyAuth(keys);
  const description = 'Send the API key as `Authorization: Bearer cdk_…`.';
  app.get(
    '/content/buzzfeed',
    {
      config: { permission: 'apiKey' },
      onRequest,
      schema: {
        tags: ['ingest'],
        operationId: 'readNewsFeed',
        summary: "A site's live posts, pinned first, with poll results",
        description,
        querystring: publicFeedQuery,
        response: { 200: publicFeedAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, posts: await service.feed(req.query.foodcourt) }),
  );
  app.post(
    '/content/buzzfeed/:id/vote',
    {
      config: { permission: 'apiKey', errors: [404] },
      onRequest,
      schema: {
        tags: ['ingest'],
        operationId: 'votePoll',
        summary: "A customer's vote: one per customer and poll (a second is answered, not counted)",
        description,
        params: idParam,
        body: voteBody,
        response: { 200: voteAnswer },
      },
    },
    async (req) => {
      const r = await service.vote(req.params.id, req.body.customer_ref, req.body.option);
      return {
        result: 'success' as const,
        message: r.counted ? 'Vote counted' : 'This customer has already voted',
        ...r,
      };
    },
  );
}
