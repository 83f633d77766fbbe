import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageAnswer,
  productionPlanAnswer,
  productionPlanIdParam,
  productionPlanListAnswer,
  productionPlanListQuery,
  productionPlanSaveBody,
  productionPlanSavedAnswer,
  productionSessionsAnswer,
  productionSessionsQuery,
  productionPlanVersionBody,
  productionPlanVersionQuery,
  prepSheetQuery,
  productionProposeAnswer,
  productionProposeBody,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { XLSX_MIME } from '../bulk/xlsx.js';
import { attachmentHeader } from '../jobs/jobs.routes.js';
import { prepSheetName, prepSheetPdf, prepSheetXlsx } from './prep-sheet.js';
import { ProductionPlanningService } from './production-planning.service.js';

const tags = ['menu'];
const page = needsPage('productionPlanning');

/** /production_planning_menuMgmt (page productionPlanning, issue 20 point 5). */
export async function productionPlanningRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new ProductionPlanningService(db);

  app.get(
    '/production_plans',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listProductionPlans',
        summary: "A restaurant's production plans, newest date first",
        querystring: productionPlanListQuery,
        response: { 200: productionPlanListAnswer },
      },
    },
    async (req) => listAnswer('plans', await service.list(req.user!, req.query), req.query),
  );
  app.get(
    '/production_plans/sessions',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listProductionSessions',
        summary: "The sessions a plan can be for: all_day, the restaurant's session list and the sessions it sold in",
        querystring: productionSessionsQuery,
        response: { 200: productionSessionsAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, sessions: await service.sessions(req.user!, req.query.restaurant) }),
  );
  app.post(
    '/production_plans/propose',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'proposeProductionPlan',
        summary: 'Propose a draft plan from the same weekday of the past weeks, or refresh the draft',
        description:
          'Net sales (sold − refunded) of each item on the same weekday of the `lookback_weeks` weeks before, of ' +
          'the session (all sessions for all_day). average: their mean; peak: peak_pct % of the highest; plus ' +
          'buffer_pct %, rounded up. Refreshing a draft keeps the planned numbers and notes changed by hand; an ' +
          'approved plan is refused (409 planApproved).',
        body: productionProposeBody,
        response: { 200: productionProposeAnswer },
      },
    },
    async (req) => {
      const done = await service.propose(req.body, actorOf(req));
      const message = done.created
        ? `Plan proposed with ${done.plan.line_count} items`
        : done.kept > 0
          ? `Proposal refreshed; ${done.kept} hand-adjusted ${done.kept === 1 ? 'line was' : 'lines were'} kept`
          : 'Proposal refreshed';
      return { result: 'success' as const, message, ...done };
    },
  );
  app.get(
    '/production_plans/:id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getProductionPlan',
        summary: 'One plan with its lines',
        params: productionPlanIdParam,
        response: { 200: productionPlanAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, plan: await service.get(req.user!, req.params.id) }),
  );
  app.put(
    '/production_plans/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'saveProductionPlan',
        summary: 'Hand adjustments: planned quantities and notes of the lines (a draft; version-checked)',
        params: productionPlanIdParam,
        body: productionPlanSaveBody,
        response: { 200: productionPlanSavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Plan saved',
      plan: await service.save(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.post(
    '/production_plans/:id/approve',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'approveProductionPlan',
        summary: 'Approve a draft: read-only until reopened',
        params: productionPlanIdParam,
        body: productionPlanVersionBody,
        response: { 200: productionPlanSavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Plan approved',
      plan: await service.setStatus(req.params.id, req.body.version, 'approved', actorOf(req)),
    }),
  );
  app.post(
    '/production_plans/:id/reopen',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'reopenProductionPlan',
        summary: 'Reopen an approved plan as a draft',
        params: productionPlanIdParam,
        body: productionPlanVersionBody,
        response: { 200: productionPlanSavedAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Plan reopened',
      plan: await service.setStatus(req.params.id, req.body.version, 'draft', actorOf(req)),
    }),
  );
  app.delete(
    '/production_plans/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteProductionPlan',
        summary: 'Delete a draft plan',
        params: productionPlanIdParam,
        querystring: productionPlanVersionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Plan deleted' };
    },
  );
  app.get(
    '/production_plans/:id/prep_sheet',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'downloadPrepSheet',
        summary: 'The prep sheet of a plan as PDF or .xlsx',
        description: 'Item, same-weekday history, proposed, planned, note and a Checked column; totals; signatures.',
        params: productionPlanIdParam,
        querystring: prepSheetQuery,
        response: {
          200: {
            description: 'The prep sheet',
            content: {
              'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
              [XLSX_MIME]: { schema: z.string().meta({ format: 'binary' }) },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const plan = await service.get(req.user!, req.params.id);
      const full = { ...plan, lines: plan.lines ?? [] };
      const format = req.query.format;
      const bytes = format === 'xlsx' ? await prepSheetXlsx(full) : await prepSheetPdf(full);
      return reply
        .type(format === 'xlsx' ? XLSX_MIME : 'application/pdf')
        .header('content-disposition', attachmentHeader(prepSheetName(full, format)))
        .header('cache-control', 'private, no-store')
        .send(bytes as never);
    },
  );
}
