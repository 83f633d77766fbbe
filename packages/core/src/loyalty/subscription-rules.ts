import { z } from 'zod';
import { SESSION_NAMES } from '../constants.js';
import { money } from '../numbers.js';
import { successEnvelope } from '../contracts/envelope.js';
import { listAnswerSchema, listQuerySchema } from '../contracts/list.js';

/**
 * Subscriptions and meal plans (issue 18 point 4): a plan of a restaurant that has `enable_subscription` — its
 * sessions, days, the time the meal is served, a price per week or month and a trial — and the customers on it.
 * A member may pause, resume or cancel from a day on, but only until the restaurant's
 * `subscription_modification_deadline` (minutes) before that day's meal is served.
 *
 *   GET  /subscription_plans?restaurant=&search=…   POST; PUT|DELETE /subscription_plans/:id     (page subscription)
 *   GET  /subscription_plans/:id/members?status=&search=…        the plan's subscriptions
 *   POST /subscriptions {plan_id, customer_ref, start_date}       enrol a customer
 *   POST /subscriptions/:id/change {action: pause|resume|cancel, from, until?, version}
 *   The ordering apps (API key): POST /ingest/subscriptions (enrol) and POST /ingest/subscriptions/:id/change;
 *   orders a subscription produces are ingested with `subscription_id` (order_type subscription).
 */

export const SUBSCRIPTION_PERIODS = ['week', 'month'] as const;
export const PLAN_STATUSES = ['draft', 'active', 'ended'] as const;
export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm');

export const planBody = z.object({
  restaurant: z.string().trim().min(1, 'Choose the restaurant').max(200),
  name: z.string().trim().min(1, 'Enter the plan name').max(100),
  description: z.string().trim().max(500).default(''),
  status: z.enum(PLAN_STATUSES).default('draft'),
  sessions: z.array(z.enum(SESSION_NAMES)).min(1, 'Choose at least one session'),
  days: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one day').max(7),
  serve_time: hhmm.default('12:30').meta({ description: 'When the meal is served (the deadline counts back from it)' }),
  period: z.enum(SUBSCRIPTION_PERIODS).default('month'),
  price: money().refine((v) => v > 0, 'Must be more than zero'),
  trial_days: z.number().int().min(0).max(60).default(0),
  version: z.number().int().min(1).optional(),
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
});
export type PlanBody = z.output<typeof planBody>;

const stamp = { version: z.number().int(), updated_by: z.string().nullable(), updated_at: z.string() };
export const planSchema = z.object({
  id: z.number().int(),
  restaurant: z.string(),
  restaurant_name: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PLAN_STATUSES),
  sessions: z.array(z.enum(SESSION_NAMES)),
  days: z.array(z.number().int()),
  serve_time: z.string(),
  period: z.enum(SUBSCRIPTION_PERIODS),
  price: z.number(),
  trial_days: z.number().int(),
  deadline_minutes: z.number().int().meta({ description: "The restaurant's subscription_modification_deadline" }),
  members: z.number().int().meta({ description: 'Subscriptions not cancelled' }),
  ...stamp,
});
export type SubscriptionPlan = z.infer<typeof planSchema>;
export const PLAN_SORT = ['name', 'restaurant', 'price', 'updated_at'] as const;
export const planListQuery = listQuerySchema(PLAN_SORT, {
  restaurant: z.string().max(200).optional(),
  status: z.enum(PLAN_STATUSES).optional(),
});
export const planListAnswer = listAnswerSchema('plans', planSchema);
export const planAnswer = successEnvelope({ message: z.string(), plan: planSchema });

export const subscriptionSchema = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  customer_ref: z.string(),
  customer_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES).meta({ description: 'Today' }),
  start_date: z.string(),
  trial_ends: z.string().nullable(),
  paused_from: z.string().nullable(),
  paused_until: z.string().nullable(),
  cancelled_from: z.string().nullable(),
  next_change_by: z
    .string()
    .meta({ description: 'Local date and time until which the next meal can still be changed' }),
  orders: z.number().int().meta({ description: 'Orders the subscription produced' }),
  ...stamp,
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionListQuery = listQuerySchema(['customer_ref', 'start_date', 'status'] as const, {
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
});
export const subscriptionListAnswer = listAnswerSchema('subscriptions', subscriptionSchema);
export const subscriptionAnswer = successEnvelope({ message: z.string(), subscription: subscriptionSchema });
export const enrolBody = z.object({
  plan_id: z.number().int().min(1),
  customer_ref: z.string().trim().min(1, 'Enter the customer reference').max(100),
  start_date: isoDate,
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
});
export const changeBody = z
  .object({
    action: z.enum(SUBSCRIPTION_ACTIONS),
    from: isoDate.meta({ description: 'The first day the change applies to' }),
    until: isoDate
      .nullable()
      .default(null)
      .meta({ description: 'A pause: the last day paused (empty: until resumed)' }),
    version: z.number().int().min(1).optional(),
    sender: z.string().max(20).optional(),
    lang: z.string().max(10).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.until && b.until < b.from)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'End date cannot be before start date' });
    if (b.action !== 'pause' && b.until)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Only a pause has an end date' });
  });

const pad = (n: number) => String(n).padStart(2, '0');
const localText = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** The last local moment a day's meal can be changed: its serve time less the deadline (`YYYY-MM-DDTHH:mm`). */
export function changeDeadline(date: string, serveTime: string, deadlineMinutes: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = serveTime.split(':').map(Number) as [number, number];
  return localText(new Date(Date.UTC(y, m - 1, d, h, min) - deadlineMinutes * 60_000));
}

/** Whether a change from `date` on may still be made at local time `now` (`YYYY-MM-DDTHH:mm`). */
export function canChange(now: string, date: string, serveTime: string, deadlineMinutes: number): boolean {
  return now.slice(0, 16) <= changeDeadline(date, serveTime, deadlineMinutes);
}

/** A subscription's status on a day, from its dates. */
export function statusOn(
  day: string,
  s: {
    trial_ends: string | null;
    paused_from: string | null;
    paused_until: string | null;
    cancelled_from: string | null;
  },
): SubscriptionStatus {
  if (s.cancelled_from && s.cancelled_from <= day) return 'cancelled';
  if (s.paused_from && s.paused_from <= day && (!s.paused_until || day <= s.paused_until)) return 'paused';
  if (s.trial_ends && day <= s.trial_ends) return 'trial';
  return 'active';
}
