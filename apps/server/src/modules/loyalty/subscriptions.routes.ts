import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeBody,
  enrolBody,
  messageAnswer,
  planAnswer,
  planBody,
  planListAnswer,
  planListQuery,
  subscriptionAnswer,
  subscriptionListAnswer,
  subscriptionListQuery,
  versionQuery,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import { idParam } from '../marketing/marketing-common.js';
import { SubscriptionsService } from './subscriptions.service.js';

const tags = ['marketing'];
const page = needsPage('subscription');

/** /subscription: plans, their members, and pause, resume and cancel within the deadline (issue 18 point 4). */
export async function subscriptionsRoutes(fastify: FastifyInstance, { db, keys }: { db: Db; keys: ApiKeysService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new SubscriptionsService(db);

  app.get(
    '/subscription_plans',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listSubscriptionPlans',
        summary: 'Subscription and meal plans',
        querystring: planListQuery,
        response: { 200: planListAnswer },
      },
    },
    async (req) => listAnswer('plans', await service.listPlans(req.user!, req.query), req.query),
  );
  app.post(
    '/subscription_plans',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createSubscriptionPlan',
        summary: 'Add a plan (the restaurant must offer subscriptions)',
        body: planBody,
        response: { 200: planAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Plan added',
      plan: await service.createPlan(req.body, actorOf(req)),
    }),
  );
  app.put(
    '/subscription_plans/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateSubscriptionPlan',
        summary: 'Save a plan (version-checked)',
        params: idParam,
        body: planBody,
        response: { 200: planAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Plan saved',
      plan: await service.updatePlan(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/subscription_plans/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteSubscriptionPlan',
        summary: 'Delete a plan nobody subscribed to',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.removePlan(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Plan deleted' };
    },
  );
  app.get(
    '/subscription_plans/:id/members',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listSubscriptions',
        summary: "A plan's subscriptions",
        params: idParam,
        querystring: subscriptionListQuery,
        response: { 200: subscriptionListAnswer },
      },
    },
    async (req) => listAnswer('subscriptions', await service.members(req.user!, req.params.id, req.query), req.query),
  );
  app.post(
    '/subscriptions',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'enrolSubscription',
        summary: 'Put a customer on a plan',
        body: enrolBody,
        response: { 200: subscriptionAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Subscribed',
      subscription: await service.enrol(req.body, req.user!, req.user!.userid, req.ip),
    }),
  );
  app.post(
    '/subscriptions/:id/change',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'changeSubscription',
        summary: "Pause, resume or cancel from a day on, until the restaurant's deadline before that day's meal",
        params: idParam,
        body: changeBody,
        response: { 200: subscriptionAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Subscription changed',
      subscription: await service.change(req.params.id, req.body, req.user!, req.user!.userid, req.ip),
    }),
  );

  // The ordering apps: a customer subscribes and changes their own subscription (the same deadline holds).
  if (!fastify.hasRequestDecorator('apiClient')) fastify.decorateRequest('apiClient', null);
  const onRequest = apiKeyAuth(keys);
  app.post(
    '/ingest/subscriptions',
    {
      config: { permission: 'apiKey', errors: [404, 409] },
      onRequest,
      schema: {
        tags: ['ingest'],
        operationId: 'ingestSubscription',
        summary: 'A customer subscribes to a plan (ordering apps)',
        description: 'Send the API key as `Authorization: Bearer cdk_…`.',
        body: enrolBody,
        response: { 200: subscriptionAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Subscribed',
      subscription: await service.enrol(req.body, null, req.apiClient!.api_client),
    }),
  );
  app.post(
    '/ingest/subscriptions/:id/change',
    {
      config: { permission: 'apiKey', errors: [404, 409] },
      onRequest,
      schema: {
        tags: ['ingest'],
        operationId: 'ingestSubscriptionChange',
        summary: 'A customer pauses, resumes or cancels (ordering apps; the deadline holds)',
        description: 'Send the API key as `Authorization: Bearer cdk_…`.',
        params: idParam,
        body: changeBody,
        response: { 200: subscriptionAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Subscription changed',
      subscription: await service.change(req.params.id, req.body, null, req.apiClient!.api_client),
    }),
  );
}
