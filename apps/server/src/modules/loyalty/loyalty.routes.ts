import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adjustAnswer,
  adjustBody,
  balanceAnswer,
  balanceQuery,
  earnAnswer,
  earnBody,
  idempotencyHeaders,
  loyaltyMemberAnswer,
  loyaltyMemberListAnswer,
  loyaltyMemberListQuery,
  loyaltyProgramAnswer,
  loyaltyProgramBody,
  loyaltyProgramExportQuery,
  loyaltyProgramListAnswer,
  loyaltyProgramListQuery,
  loyaltyRewardAnswer,
  loyaltyRewardBody,
  loyaltyRewardListAnswer,
  loyaltyRewardListQuery,
  messageAnswer,
  redeemAnswer,
  redeemBody,
  versionQuery,
  type LoyaltyProgram,
} from '@cd/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { listAnswer } from '../../lib/list-query.js';
import { every } from '../../lib/periodic.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import type { ListExport } from '../list-export/index.js';
import { idParam } from '../marketing/marketing-common.js';
import { earnForOrder, expirePoints } from './ledger.js';
import { LoyaltyService } from './loyalty.service.js';

const tags = ['marketing'];
const programs = needsPage(['loyalty_points', 'loyalty_stamps']);
const rewards = needsPage('loyalty-rewards');
const memberParams = idParam.extend({ ref: z.string().min(1).max(100) });

const programExport: ListExport<z.output<typeof loyaltyProgramExportQuery>, LoyaltyProgram> = {
  resource: 'loyalty_programs',
  label: 'Loyalty programs',
  path: '/loyalty/programs',
  pages: programs.permission.page,
  query: loyaltyProgramExportQuery,
  operationId: 'exportLoyaltyPrograms',
  tag: 'marketing',
  columns: [
    { header: 'Name', value: (r) => r.name, width: 28 },
    { header: 'Kind', value: (r) => r.kind, width: 8 },
    { header: 'Status', value: (r) => r.status, width: 10 },
    { header: 'Members', value: (r) => r.members, width: 10 },
    { header: 'Held', value: (r) => r.outstanding, width: 10 },
    { header: 'Expiry (days)', value: (r) => r.expiry_days ?? '', width: 12 },
  ],
  fetch: (db, user, query, range) => new LoyaltyService(db).listPrograms(user, query, range),
};

/** /loyalty_points, /loyalty-stamps and /loyalty-rewards, and the ordering apps' loyalty calls (issue 18). */
export async function loyaltyRoutes(
  fastify: FastifyInstance,
  { db, keys, offersChanged }: { db: Db; keys: ApiKeysService; offersChanged: () => void },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new LoyaltyService(db, offersChanged);

  app.get(
    '/loyalty/programs',
    {
      config: needsPage(['loyalty_points', 'loyalty_stamps', 'loyalty-rewards']),
      schema: {
        tags,
        operationId: 'listLoyaltyPrograms',
        summary: 'Loyalty programs (kind points or stamps)',
        querystring: loyaltyProgramListQuery,
        response: { 200: loyaltyProgramListAnswer },
      },
    },
    async (req) => listAnswer('programs', await service.listPrograms(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, programExport);
  app.post(
    '/loyalty/programs',
    {
      config: programs,
      schema: {
        tags,
        operationId: 'createLoyaltyProgram',
        summary: 'Add a points program or a stamp card',
        body: loyaltyProgramBody,
        response: { 200: loyaltyProgramAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Program added',
      program: await service.createProgram(req.body, actorOf(req)),
    }),
  );
  app.put(
    '/loyalty/programs/:id',
    {
      config: { ...programs, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateLoyaltyProgram',
        summary: 'Save a program (version-checked)',
        params: idParam,
        body: loyaltyProgramBody,
        response: { 200: loyaltyProgramAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Program saved',
      program: await service.updateProgram(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/loyalty/programs/:id',
    {
      config: { ...programs, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteLoyaltyProgram',
        summary: 'Delete a program without members',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.removeProgram(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Program deleted' };
    },
  );
  app.get(
    '/loyalty/programs/:id/members',
    {
      config: { ...programs, errors: [404] },
      schema: {
        tags,
        operationId: 'listLoyaltyMembers',
        summary: 'Members of a program with their balances',
        params: idParam,
        querystring: loyaltyMemberListQuery,
        response: { 200: loyaltyMemberListAnswer },
      },
    },
    async (req) => listAnswer('members', await service.members(req.user!, req.params.id, req.query), req.query),
  );
  app.get(
    '/loyalty/programs/:id/members/:ref',
    {
      config: { ...programs, errors: [404] },
      schema: {
        tags,
        operationId: 'getLoyaltyMember',
        summary: "A member's balance and history",
        params: memberParams,
        response: { 200: loyaltyMemberAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      ...(await service.member(req.user!, req.params.id, req.params.ref)),
    }),
  );
  app.post(
    '/loyalty/programs/:id/members/:ref/adjust',
    {
      config: { ...programs, errors: [404] },
      schema: {
        tags,
        operationId: 'adjustLoyaltyPoints',
        summary: "Adjust a member's points by hand with a reason (permission loyalty_adjust; audited)",
        params: memberParams,
        body: adjustBody,
        response: { 200: adjustAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Points adjusted',
      member: await service.adjust(req.params.id, req.params.ref, req.body.points, req.body.reason, actorOf(req)),
    }),
  );

  app.get(
    '/loyalty/rewards',
    {
      config: rewards,
      schema: {
        tags,
        operationId: 'listLoyaltyRewards',
        summary: 'The reward catalogue',
        querystring: loyaltyRewardListQuery,
        response: { 200: loyaltyRewardListAnswer },
      },
    },
    async (req) => listAnswer('rewards', await service.listRewards(req.query), req.query),
  );
  app.post(
    '/loyalty/rewards',
    {
      config: rewards,
      schema: {
        tags,
        operationId: 'createLoyaltyReward',
        summary: 'Add a reward (its offer is made with it)',
        body: loyaltyRewardBody,
        response: { 200: loyaltyRewardAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Reward added',
      reward: await service.createReward(req.body, actorOf(req)),
    }),
  );
  app.put(
    '/loyalty/rewards/:id',
    {
      config: { ...rewards, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateLoyaltyReward',
        summary: 'Save a reward (version-checked)',
        params: idParam,
        body: loyaltyRewardBody,
        response: { 200: loyaltyRewardAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Reward saved',
      reward: await service.updateReward(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/loyalty/rewards/:id',
    {
      config: { ...rewards, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteLoyaltyReward',
        summary: 'Delete a reward never redeemed',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.removeReward(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Reward deleted' };
    },
  );

  // ---------- the ordering apps (API key) ----------
  if (!fastify.hasRequestDecorator('apiClient')) fastify.decorateRequest('apiClient', null);
  const onRequest = apiKeyAuth(keys);
  const auth = 'Send the API key as `Authorization: Bearer cdk_…`.';
  app.get(
    '/loyalty/balance',
    {
      config: { permission: 'apiKey' },
      onRequest,
      schema: {
        tags: ['ingest'],
        operationId: 'loyaltyBalance',
        summary: "A customer's balances in every program",
        description: auth,
        querystring: balanceQuery,
        response: { 200: balanceAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      customer_ref: req.query.customer_ref,
      balances: await service.balances(req.query.customer_ref),
    }),
  );
  app.post(
    '/loyalty/earn',
    {
      config: { permission: 'apiKey', errors: [404] },
      onRequest,
      schema: {
        tags: ['ingest'],
        operationId: 'loyaltyEarn',
        summary: 'What an order earns (ingest already does it; calling again changes nothing)',
        description: `${auth} An order earns at most once in each program, however often this is called.`,
        body: earnBody,
        response: { 200: earnAnswer },
      },
    },
    async (req) => {
      const [o] = await db
        .select({ id: orders.id, foodcourt: orders.foodcourt })
        .from(orders)
        .where(eq(orders.id, req.body.order_id));
      if (!o || (req.apiClient!.foodcourts.length > 0 && !req.apiClient!.foodcourts.includes(o.foodcourt)))
        throw badRequest('unknownOrder', `Order ${req.body.order_id} does not exist`, { field: 'order_id' });
      const earned = await db.transaction((tx) => earnForOrder(tx, o.id));
      return { result: 'success' as const, order_id: o.id, earned };
    },
  );
  app.post(
    '/loyalty/redeem',
    {
      config: { permission: 'apiKey', errors: [404, 409] },
      onRequest,
      schema: {
        tags: ['ingest'],
        operationId: 'loyaltyRedeem',
        summary: 'Spend points (or a full card) on a reward: a one-use code for the quote and the order',
        description: `${auth} Send an \`Idempotency-Key\`: a retry answers the first code and spends nothing more.`,
        headers: idempotencyHeaders,
        body: redeemBody,
        response: { 200: redeemAnswer },
      },
    },
    async (req) => {
      const key = req.headers['idempotency-key'];
      if (!key)
        throw badRequest('idempotencyKeyRequired', 'Send an Idempotency-Key header', { field: 'idempotency-key' });
      if (!req.apiClient) throw forbidden();
      const done = await service.redeem(req.body.customer_ref, req.body.reward_id, key, req.apiClient.api_client);
      return {
        result: 'success' as const,
        message: done.replayed ? 'Already redeemed' : `${done.reward} redeemed`,
        code: done.code,
        offer_id: done.offer_id,
        expires_at: done.expires_at,
        balance: done.balance,
      };
    },
  );
}

/** The nightly expiry, in the processes that run jobs: every `everyMs`, points whose day has come expire once. */
export function startLoyaltyExpiry(db: Db, everyMs: number, log: { warn: (obj: object, msg: string) => void }) {
  return every(db, everyMs, () => expirePoints(db), log, 'loyalty expiry');
}
