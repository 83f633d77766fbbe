import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedbackAssigneesAnswer,
  feedbackChangeAnswer,
  feedbackDetailAnswer,
  feedbackIdParams,
  feedbackIngestAnswer,
  feedbackIngestBody,
  feedbackIngestReplyBody,
  feedbackListAnswer,
  feedbackListQuery,
  feedbackReplyBody,
  feedbackUpdateBody,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import { FeedbackService } from './feedback.service.js';

const tags = ['feedback'];
const page = needsPage('feedback');

/** /feedback (page feedback; issue 13 point 7): customer feedback and support tickets, `feedbacklist`. */
export async function feedbackRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new FeedbackService(db);

  app.get(
    '/feedbacklist',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listFeedback',
        summary: "Feedback and support tickets of the caller's sites, newest first",
        description:
          '`search` is text in the comment, the customer reference or name, or an order number. `negative=true` ' +
          'keeps ratings of 2 or less. Dates are days received (UTC).',
        querystring: feedbackListQuery,
        response: { 200: feedbackListAnswer },
      },
    },
    async (req) => listAnswer('feedback', await service.list(req.query, req.user!), req.query),
  );

  app.get(
    '/feedback/assignees',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listFeedbackAssignees',
        summary: 'Active users with the feedback page, to assign tickets to',
        response: { 200: feedbackAssigneesAnswer },
      },
    },
    async () => ({ result: 'success' as const, assignees: await service.assignees() }),
  );

  app.get(
    '/feedback/:feedback_id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getFeedback',
        summary: 'One feedback or support ticket with its replies',
        params: feedbackIdParams,
        response: { 200: feedbackDetailAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, feedback: await service.detail(req.params.feedback_id, req.user!) }),
  );

  app.patch(
    '/feedback/:feedback_id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateFeedback',
        summary: 'Change the status and/or the assignee of a ticket',
        description:
          'Send the `version` you saw: 409 `versionConflict` when someone changed or answered the ticket since. ' +
          'The assignee must be an active user with the feedback page who can see the site (400 `unknownAssignee`).',
        params: feedbackIdParams,
        body: feedbackUpdateBody,
        response: { 200: feedbackChangeAnswer },
      },
    },
    async (req) => {
      const feedback = await service.update(req.params.feedback_id, req.body, actorOf(req));
      return { result: 'success' as const, message: 'Ticket updated', feedback };
    },
  );

  app.post(
    '/feedback/:feedback_id/replies',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'replyFeedback',
        summary: 'Reply to a ticket (an open ticket moves to in progress)',
        params: feedbackIdParams,
        body: feedbackReplyBody,
        response: { 200: feedbackChangeAnswer },
      },
    },
    async (req) => {
      const feedback = await service.reply(req.params.feedback_id, req.body.body, actorOf(req));
      return { result: 'success' as const, message: 'Reply sent', feedback };
    },
  );
}

const auth = 'Send the API key as `Authorization: Bearer cdk_…` (or `X-Api-Key`); keys are made by an administrator.';

/** The ordering apps submit feedback and customer replies with their API key (like order ingest). */
export async function feedbackIngestRoutes(fastify: FastifyInstance, { db, keys }: { db: Db; keys: ApiKeysService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new FeedbackService(db);
  fastify.decorateRequest('apiClient', null);
  const onRequest = apiKeyAuth(keys);

  app.post(
    '/ingest/feedback',
    {
      config: { permission: 'apiKey', errors: [409] },
      onRequest,
      schema: {
        tags: ['ingest'],
        operationId: 'ingestFeedback',
        summary: 'Submit customer feedback or a support ticket (ordering apps)',
        description:
          `${auth} About an order (\`order_id\`, or \`restaurant\` + \`order_number\`), a restaurant or a food ` +
          'court. Type feedback needs a rating (1–5), type support a comment. 409 `feedbackModuleOff` when the ' +
          "restaurant's client has switched that type off (modulefeedbackdata).",
        body: feedbackIngestBody,
        response: { 200: feedbackIngestAnswer },
      },
    },
    async (req) => service.ingest(req.body, req.apiClient!),
  );

  app.post(
    '/ingest/feedback/:feedback_id/replies',
    {
      config: { permission: 'apiKey', errors: [404, 409] },
      onRequest,
      schema: {
        tags: ['ingest'],
        operationId: 'ingestFeedbackReply',
        summary: "Add the customer's reply to a ticket (ordering apps); a resolved ticket opens again",
        description: auth,
        params: feedbackIdParams,
        body: feedbackIngestReplyBody,
        response: { 200: feedbackIngestAnswer },
      },
    },
    async (req) => service.ingestReply(req.params.feedback_id, req.body.body, req.apiClient!),
  );
}
