import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  campaignAnswer,
  campaignBody,
  campaignListAnswer,
  campaignListQuery,
  campaignResultsAnswer,
  messageAnswer,
  versionQuery,
} from '@cd/core';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { CampaignsService } from './campaigns.service.js';
import { idParam } from './marketing-common.js';

const tags = ['marketing'];
const page = needsPage('campaign');

/** /campaign: messages to a group, with an optional promotion code and a hold-out control group (issue 17 point 4). */
export async function campaignsRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new CampaignsService(db);

  app.get(
    '/campaigns',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listCampaigns',
        summary: 'Campaigns (10 a page)',
        querystring: campaignListQuery,
        response: { 200: campaignListAnswer },
      },
    },
    async (req) => listAnswer('campaigns', await service.list(req.query), req.query),
  );
  app.post(
    '/campaigns',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createCampaign',
        summary: 'Add a campaign (scheduled when send_at is given, else a draft)',
        body: campaignBody,
        response: { 200: campaignAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Campaign saved',
      campaign: await service.create(req.body, actorOf(req)),
    }),
  );
  app.put(
    '/campaigns/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateCampaign',
        summary: 'Save a draft or scheduled campaign (version-checked)',
        params: idParam,
        body: campaignBody,
        response: { 200: campaignAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Campaign saved',
      campaign: await service.update(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.post(
    '/campaigns/:id/cancel',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'cancelCampaign',
        summary: 'Cancel a campaign not yet sent',
        params: idParam,
        body: z.object({ version: z.number().int().min(1) }),
        response: { 200: campaignAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Campaign cancelled',
      campaign: await service.cancel(req.params.id, req.body.version, actorOf(req)),
    }),
  );
  app.delete(
    '/campaigns/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteCampaign',
        summary: 'Delete a campaign not sent',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Campaign deleted' };
    },
  );
  app.get(
    '/campaigns/:id/results',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getCampaignResults',
        summary: 'Reached, redeemed and revenue of the treated members against the control group since the send',
        params: idParam,
        response: { 200: campaignResultsAnswer },
      },
    },
    async (req) => service.results(req.params.id),
  );
}
