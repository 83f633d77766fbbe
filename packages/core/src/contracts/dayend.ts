import { z } from 'zod';
import { PAYMENT_TENDERS } from '../orders/order-rules.js';
import { SAP_LINE_KINDS } from '../dayend/sap-rules.js';
import { backgroundJobSchema } from './jobs.js';
import { successEnvelope } from './envelope.js';
import { orderDate } from './orders.js';

/**
 * Day end and SAP (issue 15).
 *
 *   GET  /dayend?restaurant=&business_date=        one day: what blocks closing, the Z totals, the count, its state
 *   GET  /dayend/days?restaurant=&from=&to=        the days of a restaurant with their state (newest first)
 *   POST /dayend/resolve {restaurant, business_date, order_ids, action}   complete, cancel or carry open orders
 *   POST /dayend/close   {restaurant, business_date, counted, note}       close (409 dayClosed, 409 dayHasBlockers)
 *   POST /dayend/reopen  {restaurant, business_date, version, reason}     reopen (fine permission dayend_reopen)
 *   GET  /dayendlogs?restaurant=&from=&to=         the day-end log (close, reopen, automatic close, carried orders)
 *   GET|POST /sap-inflow/rules, PUT|DELETE /sap-inflow/rules/:id           posting rules (version-checked)
 *   GET  /sap-inflow/preview?restaurant=&business_date=                    the day's lines and the rule each takes
 *   POST /sapupload {restaurant, business_date}    build and deliver the posting of a closed day (a background task)
 *   GET  /vendor/saplogs?restaurant=&from=&to=     postings with status, attempts and files
 *   POST /vendor/saplogs/:id/retry                 deliver a failed posting again
 */

const siteId = z.string().min(1).max(200);
const money = z.number().min(0).max(999_999_999.999);

export const dayQuery = z.object({ restaurant: siteId, business_date: orderDate() });
export const dayRangeQuery = z
  .object({ restaurant: siteId, from: orderDate().optional(), to: orderDate().optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'End date cannot be before start date' });

export const DAY_STATES = ['open', 'closed', 'reopened'] as const;
export type DayState = (typeof DAY_STATES)[number];

const blockingOrder = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  status: z.string(),
  total: z.number(),
  paid: z.number(),
  placed_at: z.string(),
  /** open: not completed or cancelled; unpaid: completed with less paid than its total. */
  problem: z.enum(['open', 'unpaid']),
});
export type BlockingOrder = z.infer<typeof blockingOrder>;

const zTotals = z.object({
  currency: z.string(),
  orders: z.number(),
  cancelled: z.number(),
  items: z.number(),
  gross: z.number(),
  discount: z.number(),
  refunds: z.number(),
  net: z.number(),
  tax: z.number(),
  charges: z.number(),
  total: z.number(),
  tenders: z.array(z.object({ tender: z.string(), payments: z.number(), amount: z.number() })),
});
export type DayTotals = z.infer<typeof zTotals>;

const countLine = z.object({ tender: z.string(), expected: z.number(), counted: z.number(), difference: z.number() });

export const dayEndSchema = z.object({
  restaurant: z.string(),
  restaurant_name: z.string(),
  business_date: z.string(),
  state: z.enum(DAY_STATES),
  version: z.number().int().meta({ description: '0 while the day was never closed' }),
  blockers: z.array(blockingOrder),
  totals: zTotals,
  /** What was counted at close (null while open). */
  count: z.array(countLine).nullable(),
  note: z.string(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  reopened_at: z.string().nullable(),
  reopened_by: z.string().nullable(),
  options: z.object({
    autodayend: z.boolean(),
    auto_status: z.string(),
    auto_cutoff_time: z.number(),
    carryforward_stock: z.boolean(),
    nullify_stock: z.boolean(),
  }),
  can_reopen: z.boolean(),
});
export type DayEnd = z.infer<typeof dayEndSchema>;
export const dayEndAnswer = successEnvelope({ day: dayEndSchema });
export type DayEndAnswer = z.infer<typeof dayEndAnswer>;

export const dayListAnswer = successEnvelope({
  days: z.array(
    z.object({
      business_date: z.string(),
      state: z.enum(DAY_STATES),
      orders: z.number(),
      net: z.number(),
      currency: z.string(),
      closed_at: z.string().nullable(),
      closed_by: z.string().nullable(),
    }),
  ),
});
export type DayListAnswer = z.infer<typeof dayListAnswer>;

const meta = { sender: z.string().max(20).optional(), lang: z.string().max(10).optional() };

export const DAY_RESOLVE_ACTIONS = ['complete', 'cancel', 'carry'] as const;
export const dayResolveBody = z.object({
  restaurant: siteId,
  business_date: orderDate(),
  order_ids: z.array(z.number().int().min(1)).min(1, 'Choose the orders').max(1000),
  action: z.enum(DAY_RESOLVE_ACTIONS).meta({
    description:
      'complete (a collected order), cancel (never collected), or carry to the next business day (an order still ' +
      'being served, or one whose payment comes later)',
  }),
  ...meta,
});

export const dayCloseBody = z.object({
  restaurant: siteId,
  business_date: orderDate(),
  /** The day's version when it was reopened (a first close sends 0). */
  version: z.number().int().min(0).default(0),
  counted: z
    .array(z.object({ tender: z.enum(PAYMENT_TENDERS), amount: money }))
    .max(PAYMENT_TENDERS.length)
    .default([]),
  note: z.string().trim().max(500).default(''),
  ...meta,
});
export type DayCloseBody = z.input<typeof dayCloseBody>;

export const dayReopenBody = z.object({
  restaurant: siteId,
  business_date: orderDate(),
  version: z.number().int().min(1),
  reason: z.string().trim().min(1, 'Say why the day is reopened').max(500),
  ...meta,
});

export const DAY_LOG_ACTIONS = ['close', 'reopen', 'auto_close', 'auto_close_blocked', 'resolve'] as const;
export const dayLogSchema = z.object({
  id: z.number().int(),
  restaurant: z.string(),
  business_date: z.string(),
  action: z.enum(DAY_LOG_ACTIONS),
  actor: z.string(),
  at: z.string(),
  detail: z.string(),
  totals: zTotals.nullable(),
});
export const dayLogsAnswer = successEnvelope({ logs: z.array(dayLogSchema) });

/** Counted amounts against what the day's payments say, per tender: differences are counted − expected. */
export function countDifferences(
  tenders: readonly { tender: string; amount: number }[],
  counted: readonly { tender: string; amount: number }[],
): { tender: string; expected: number; counted: number; difference: number }[] {
  const names = [...new Set([...tenders.map((t) => t.tender), ...counted.map((c) => c.tender)])].sort();
  return names.map((tender) => {
    const expected = Math.round((tenders.find((t) => t.tender === tender)?.amount ?? 0) * 1000);
    const got = Math.round((counted.find((c) => c.tender === tender)?.amount ?? expected / 1000) * 1000);
    return { tender, expected: expected / 1000, counted: got / 1000, difference: (got - expected) / 1000 };
  });
}

// ---- SAP ----

export const sapRuleSchema = z.object({
  id: z.number().int(),
  priority: z.number().int(),
  active: z.boolean(),
  kind: z.enum(SAP_LINE_KINDS),
  client: z.string(),
  foodcourt: z.string(),
  restaurant: z.string(),
  category: z.string(),
  tax_rate: z.number().nullable(),
  tender: z.string(),
  channel: z.string(),
  gl_account: z.string(),
  cost_center: z.string(),
  profit_center: z.string(),
  tax_code: z.string(),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type SapRuleView = z.infer<typeof sapRuleSchema>;

const code = (label: string, required = false) =>
  (required ? z.string().trim().min(1, `Enter the ${label}`) : z.string().trim())
    .max(40)
    .regex(/^[A-Za-z0-9_./-]*$/, `The ${label} uses letters, digits, _ . / or -`);

export const sapRuleBody = z.object({
  priority: z.number().int().min(0).max(9999).default(100),
  active: z.boolean().default(true),
  kind: z.enum(SAP_LINE_KINDS),
  client: z.string().max(200).default(''),
  foodcourt: z.string().max(200).default(''),
  restaurant: z.string().max(200).default(''),
  category: z.string().trim().max(100).default(''),
  tax_rate: z.number().min(0).max(100).nullable().default(null),
  tender: z.string().max(20).default(''),
  channel: z.string().max(20).default(''),
  gl_account: code('GL account', true),
  cost_center: code('cost centre').default(''),
  profit_center: code('profit centre').default(''),
  tax_code: code('tax code').default(''),
  version: z.number().int().min(1).optional(),
  ...meta,
});
export type SapRuleBody = z.input<typeof sapRuleBody>;
export const sapRulesAnswer = successEnvelope({ rules: z.array(sapRuleSchema) });
export const sapRuleAnswer = successEnvelope({ message: z.string(), rule: sapRuleSchema });

const postingLine = z.object({
  kind: z.enum(SAP_LINE_KINDS),
  text: z.string(),
  side: z.enum(['debit', 'credit']),
  amount: z.number(),
  category: z.string(),
  tax_rate: z.number().nullable(),
  tender: z.string(),
  channel: z.string(),
  rule_id: z.number().int().nullable(),
  gl_account: z.string(),
  cost_center: z.string(),
  profit_center: z.string(),
  tax_code: z.string(),
});
export type SapPreviewLine = z.infer<typeof postingLine>;

export const sapPreviewAnswer = successEnvelope({
  restaurant: z.string(),
  business_date: z.string(),
  currency: z.string(),
  state: z.enum(DAY_STATES),
  lines: z.array(postingLine),
  unmatched: z.number().int().meta({ description: 'Lines no rule matches: the upload is refused while there are any' }),
  debit: z.number(),
  credit: z.number(),
  documents: z.number().int().meta({ description: 'SAP documents the posting splits into (999 lines each)' }),
});
export type SapPreviewAnswer = z.infer<typeof sapPreviewAnswer>;

export const sapUploadBody = z.object({ restaurant: siteId, business_date: orderDate(), ...meta });
export const sapUploadAnswer = successEnvelope({ message: z.string(), job: backgroundJobSchema });

export const SAP_POSTING_KINDS = ['posting', 'reversal'] as const;
export const SAP_POSTING_STATUSES = ['built', 'sent', 'failed', 'downloaded'] as const;
export const sapLogSchema = z.object({
  id: z.number().int(),
  restaurant: z.string(),
  business_date: z.string(),
  kind: z.enum(SAP_POSTING_KINDS),
  reverses: z.number().int().nullable(),
  status: z.enum(SAP_POSTING_STATUSES),
  attempts: z.number().int(),
  documents: z.number().int(),
  lines: z.number().int(),
  debit: z.number(),
  credit: z.number(),
  currency: z.string(),
  files: z.array(z.string()),
  error: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type SapLog = z.infer<typeof sapLogSchema>;
export const sapLogsAnswer = successEnvelope({ logs: z.array(sapLogSchema) });
