import { z } from 'zod';
import {
  LOOKBACK_DEFAULT,
  LOOKBACK_MAX,
  LOOKBACK_MIN,
  PRODUCTION_PLAN_STATUSES,
  productionLinesBody,
  productionMethodSchema,
} from '../production/production-rules.js';
import { successEnvelope } from './envelope.js';
import { listAnswerSchema, listQuerySchema } from './list.js';
import { orderDate } from './orders.js';

/**
 * Production planning (issue 20 point 5, page productionPlanning).
 *
 *   GET    /production_plans?restaurant=&status=&page=&sort=     a restaurant's plans, newest date first
 *   GET    /production_plans/sessions?restaurant=                the sessions a plan can be for (all_day first)
 *   POST   /production_plans/propose {restaurant, plan_date, session, lookback_weeks, method, buffer_pct, peak_pct}
 *            creates a draft from the same weekday's sales of the past weeks, or refreshes the draft keeping hand edits
 *   GET    /production_plans/:id                                 one plan with its lines
 *   PUT    /production_plans/:id {version, notes, lines: [{foodid, planned, note}]}   hand adjustments (draft only)
 *   POST   /production_plans/:id/approve {version}   POST /production_plans/:id/reopen {version}
 *   DELETE /production_plans/:id?version=                        a draft only
 *   GET    /production_plans/:id/prep_sheet?format=pdf|xlsx      the prep sheet
 */

const siteId = z.string().trim().min(1).max(200);

export const PRODUCTION_PLAN_SORT = ['plan_date', 'session', 'status', 'updated_at'] as const;
export const productionPlanListQuery = listQuerySchema(PRODUCTION_PLAN_SORT, {
  restaurant: siteId,
  status: z.enum(PRODUCTION_PLAN_STATUSES).optional(),
});
export const productionSessionsQuery = z.object({ restaurant: siteId });
export const productionPlanIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const productionPlanVersionBody = z.object({ version: z.number().int().min(1) });
export const productionPlanVersionQuery = z.object({ version: z.coerce.number().int().min(1) });
export const PREP_SHEET_FORMATS = ['pdf', 'xlsx'] as const;
export const prepSheetQuery = z.object({ format: z.enum(PREP_SHEET_FORMATS).default('pdf') });

export const productionProposeBody = productionMethodSchema.extend({
  restaurant: siteId,
  plan_date: orderDate(),
  session: z.string().trim().min(1, 'Choose a session').max(50),
  lookback_weeks: z
    .number()
    .int()
    .min(LOOKBACK_MIN, `${LOOKBACK_MIN} to ${LOOKBACK_MAX} weeks`)
    .max(LOOKBACK_MAX, `${LOOKBACK_MIN} to ${LOOKBACK_MAX} weeks`)
    .default(LOOKBACK_DEFAULT),
});
export type ProductionProposeBody = z.output<typeof productionProposeBody>;

export const productionPlanSaveBody = productionLinesBody.extend({
  version: z.number().int().min(1).meta({ description: 'The version edited' }),
});
export type ProductionPlanSaveBody = z.output<typeof productionPlanSaveBody>;

export const productionPlanLineSchema = z.object({
  foodid: z.string(),
  foodname: z.string(),
  proposed: z.number(),
  planned: z.number(),
  history: z.array(z.number()).meta({ description: 'Net sales on each same weekday, oldest first' }),
  note: z.string(),
  sequence: z.number().int(),
});
export type ProductionPlanLine = z.infer<typeof productionPlanLineSchema>;

export const productionPlanSchema = z.object({
  id: z.number().int(),
  restaurant: z.string(),
  restaurant_name: z.string(),
  plan_date: z.string(),
  weekday: z.string(),
  session: z.string(),
  status: z.enum(PRODUCTION_PLAN_STATUSES),
  lookback_weeks: z.number().int(),
  method: productionMethodSchema,
  history_dates: z.array(z.string()).meta({ description: 'The same weekdays the history covers, oldest first' }),
  notes: z.string(),
  line_count: z.number().int(),
  total_proposed: z.number(),
  total_planned: z.number(),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
  created_at: z.string(),
  lines: z.array(productionPlanLineSchema).optional().meta({ description: 'In one plan; not in the list' }),
});
export type ProductionPlan = z.infer<typeof productionPlanSchema>;

export const productionPlanListAnswer = listAnswerSchema('plans', productionPlanSchema);
export const productionPlanAnswer = successEnvelope({ plan: productionPlanSchema });
export const productionPlanSavedAnswer = successEnvelope({ message: z.string(), plan: productionPlanSchema });
export const productionProposeAnswer = successEnvelope({
  message: z.string(),
  plan: productionPlanSchema,
  created: z.boolean().meta({ description: 'false when an existing draft was refreshed' }),
  kept: z.number().int().meta({ description: 'Lines whose hand changes the refresh kept' }),
});
export const productionSessionsAnswer = successEnvelope({ sessions: z.array(z.string()) });
