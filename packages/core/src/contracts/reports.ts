import { z } from 'zod';
import { SESSION_NAMES } from '../constants.js';
import { frameOriginOf } from '../links.js';
import { ORDER_CHANNELS, ORDER_TYPES } from '../orders/order-rules.js';
import {
  ITEM_REPORT_KINDS,
  periodDays,
  REPORT_COMPARISONS,
  REPORT_EXPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_GROUPS,
  REPORT_KEY_PATTERN,
  REPORT_KINDS,
  REPORT_MAX_DAYS,
  REPORT_REF_PATTERN,
  REPORT_SCHEDULE_PERIODS,
  SALES_REPORT_KINDS,
} from '../reports/report-catalog.js';
import { backgroundJobSchema } from './jobs.js';
import { successEnvelope } from './envelope.js';
import { orderDate } from './orders.js';

/**
 * Reports (issue 14).
 *
 *   GET  /reports                          the reports the caller sees (client lists + built-in ones)
 *   POST /reports/run                      one report's table, totals and comparison
 *   POST /reports/export                   the same as .xlsx, .csv or .pdf, written by a background task
 *   GET  /reports/definitions              the report lists of the caller's clients (admin)
 *   PUT  /reports/definitions/:client      replace a client's report lists (admin; version-checked)
 *   GET  /reports/dashboard                the sales dashboard (/vdashboard): today against the same weekday last week
 *   GET|POST /reports/subscriptions, DELETE /reports/subscriptions/:id   scheduled reports by e-mail
 *   GET  /reports/embeds                   embedded BI dashboards with signed, short-lived addresses
 *   GET|POST /reports/embeds/config, DELETE /reports/embeds/config/:id    their configuration (admin)
 *
 * Money in answers is a number with at most 3 decimals; every sum is made exactly by the database.
 */

const siteId = z.string().min(1).max(200);

export const reportFilters = z.object({
  from: orderDate(),
  to: orderDate(),
  restaurants: z
    .array(siteId)
    .max(1000)
    .default([])
    .meta({ description: "Restaurants to include; empty: every restaurant of the caller's sites" }),
  foodcourt: siteId.optional(),
  session: z
    .enum([...SESSION_NAMES, 'none'])
    .optional()
    .meta({ description: '`none`: orders without a session' }),
  channel: z.enum(ORDER_CHANNELS).optional(),
  order_type: z.enum(ORDER_TYPES).optional(),
});
export type ReportFilters = z.output<typeof reportFilters>;

const checkPeriod = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End date cannot be before start date' });
  else if (periodDays(q.from, q.to) > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${REPORT_MAX_DAYS} days` });
};

const reportKey = z
  .string()
  .trim()
  .regex(REPORT_KEY_PATTERN, 'Use 1 to 100 letters, digits, _ . or -')
  .meta({ description: "A report key of the caller's client lists, or production_planning / tax_log" });

/** Which report to run or schedule (issue 33): its id `<client>:<key>` as GET /reports lists it. */
const reportRef = z
  .string()
  .trim()
  .regex(REPORT_REF_PATTERN, 'Choose a report')
  .meta({
    description:
      'The report id `<client>:<report key>` as GET /reports lists it, or production_planning / tax_log. A bare ' +
      'report key still names the one report listed under it; listed by several clients, it is refused ' +
      '(400 reportAmbiguous) unless the restaurants read belong to only one of them.',
  });

export const reportRunBody = reportFilters
  .extend({
    report: reportRef,
    compare: z.enum(REPORT_COMPARISONS).default('none'),
    sender: z.string().max(20).optional(),
    lang: z.string().max(10).optional(),
  })
  .superRefine(checkPeriod);
export type ReportRunBody = z.input<typeof reportRunBody>;

export const reportExportBody = reportRunBody.safeExtend({ format: z.enum(REPORT_EXPORT_FORMATS) });
export type ReportExportBody = z.input<typeof reportExportBody>;

export const REPORT_COLUMN_TYPES = ['text', 'date', 'money', 'count', 'percent'] as const;
export const reportColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
  /** Whether the comparison period's value of this column is given (and a change can be shown). */
  compared: z.boolean(),
});
export type ReportColumn = z.infer<typeof reportColumn>;

const cell = z.union([z.string(), z.number(), z.null()]);
const reportRow = z.record(z.string(), cell);
export type ReportRow = z.infer<typeof reportRow>;

export const reportRunAnswer = successEnvelope({
  report: z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_KINDS) }),
  period: z.object({ from: z.string(), to: z.string() }),
  comparison: z.object({ from: z.string(), to: z.string() }).nullable(),
  columns: z.array(reportColumn),
  rows: z.array(reportRow).meta({ description: 'Each row has `currency`; money columns are in it' }),
  /** The comparison period's values, row by row (same order as rows; null where the row had no counterpart). */
  compare_rows: z.array(reportRow.nullable()).nullable(),
  totals: z.array(reportRow).meta({ description: 'One totals row per currency' }),
  compare_totals: z.array(reportRow).nullable(),
  chart: z.object({
    type: z.enum(['bar', 'line']),
    x: z.string(),
    series: z.array(z.string()),
  }),
  truncated: z.boolean().meta({ description: 'More rows than an answer holds (5,000): export for all of them' }),
});
export type ReportRunAnswer = z.infer<typeof reportRunAnswer>;

export const visibleReportSchema = z.object({
  client: z.string(),
  group: z.enum(REPORT_GROUPS),
  key: z.string().meta({ description: 'The report id, `<client>:<report key>`: what runs and schedules it' }),
  label: z.string(),
  kind: z.enum([...SALES_REPORT_KINDS, ...ITEM_REPORT_KINDS]),
});

export const reportsAnswer = successEnvelope({
  reports: z.array(visibleReportSchema),
  production_planning: z.boolean(),
  tax_log: z.boolean(),
  can_edit: z.boolean(),
});
export type ReportsAnswer = z.infer<typeof reportsAnswer>;

const listEntry = z.object({
  label: z.string().trim().min(1, 'Give the report a label').max(100),
  kind: z.enum([...SALES_REPORT_KINDS, ...ITEM_REPORT_KINDS]).optional(),
});
export const reportListsSchema = z.object(
  Object.fromEntries(REPORT_GROUPS.map((g) => [g, z.record(reportKey, listEntry)])) as Record<
    (typeof REPORT_GROUPS)[number],
    z.ZodRecord<typeof reportKey, typeof listEntry>
  >,
);

export const reportDefinitionsAnswer = successEnvelope({
  clients: z.array(
    z.object({ client: z.string(), name: z.string(), version: z.number().int(), reportListJSON: reportListsSchema }),
  ),
});
export type ReportDefinitionsAnswer = z.infer<typeof reportDefinitionsAnswer>;

export const reportDefinitionsBody = z.object({
  version: z.number().int().min(1),
  reportListJSON: reportListsSchema,
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
});

const dashboardMetrics = z.object({ orders: z.number(), net: z.number(), items: z.number(), average: z.number() });
export const dashboardQuery = z.object({
  date: orderDate().optional().meta({ description: 'Default: today (UTC)' }),
  tz: z
    .string()
    .max(60)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone')
    .default('UTC')
    .meta({ description: 'IANA time zone the hours are shown in (the browser sends its own)' }),
  restaurants: z
    .union([z.array(siteId), siteId])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});
export const dashboardAnswer = successEnvelope({
  date: z.string(),
  compare_date: z.string().meta({ description: 'The same weekday a week before' }),
  currency: z.string(),
  currencies: z.array(z.string()),
  today: dashboardMetrics,
  last_week: dashboardMetrics,
  hours: z.array(
    z.object({
      hour: z.number().int(),
      net: z.number(),
      orders: z.number(),
      last_week_net: z.number(),
      last_week_orders: z.number(),
    }),
  ),
  restaurants: z.array(
    z.object({
      restaurant: z.string(),
      name: z.string(),
      net: z.number(),
      orders: z.number(),
      last_week_net: z.number(),
    }),
  ),
  top_items: z.array(z.object({ foodid: z.string(), name: z.string(), quantity: z.number(), net: z.number() })),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

export const reportSubscriptionSchema = z.object({
  id: z.number().int(),
  report: z.string(),
  label: z.string(),
  period: z.enum(REPORT_SCHEDULE_PERIODS),
  frequency: z.enum(REPORT_FREQUENCIES),
  weekday: z.number().int().min(1).max(7).meta({ description: 'Weekly: 1 Monday … 7 Sunday' }),
  hour: z.number().int().min(0).max(23).meta({ description: 'Hour of the day (UTC) it is sent' }),
  format: z.enum(REPORT_EXPORT_FORMATS),
  email: z.string(),
  filters: z.object({
    restaurants: z.array(z.string()),
    session: z.string().optional(),
    channel: z.string().optional(),
    order_type: z.string().optional(),
  }),
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

export const reportSubscriptionBody = z.object({
  report: reportRef,
  period: z.enum(REPORT_SCHEDULE_PERIODS),
  frequency: z.enum(REPORT_FREQUENCIES),
  weekday: z.number().int().min(1).max(7).default(1),
  hour: z.number().int().min(0).max(23).default(6),
  format: z.enum(REPORT_EXPORT_FORMATS).default('xlsx'),
  email: z
    .email('Enter a valid e-mail address')
    .max(254)
    .optional()
    .meta({ description: "Default: the user's e-mail" }),
  restaurants: z.array(siteId).max(1000).default([]),
  session: z.enum([...SESSION_NAMES, 'none']).optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
  order_type: z.enum(ORDER_TYPES).optional(),
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
});
export type ReportSubscriptionBody = z.input<typeof reportSubscriptionBody>;
export const reportSubscriptionsAnswer = successEnvelope({ subscriptions: z.array(reportSubscriptionSchema) });
export const reportSubscriptionAnswer = successEnvelope({
  message: z.string(),
  subscription: reportSubscriptionSchema,
});

export const EMBED_PROVIDERS = ['metabase', 'superset', 'powerbi', 'url'] as const;
export const reportEmbedSchema = z.object({
  id: z.number().int(),
  client: z.string(),
  name: z.string(),
  provider: z.enum(EMBED_PROVIDERS),
  url: z.string().meta({ description: 'The address to show in the frame (signed and short-lived for Metabase)' }),
  expires_at: z.string().nullable(),
});
export type ReportEmbed = z.infer<typeof reportEmbedSchema>;
export const reportEmbedsAnswer = successEnvelope({ embeds: z.array(reportEmbedSchema) });

export const reportEmbedConfigSchema = z.object({
  id: z.number().int(),
  client: z.string(),
  name: z.string(),
  provider: z.enum(EMBED_PROVIDERS),
  site_url: z.string(),
  resource: z.string().meta({ description: 'Metabase: the dashboard id; others: unused' }),
  has_secret: z.boolean(),
});
export const reportEmbedConfigsAnswer = successEnvelope({ embeds: z.array(reportEmbedConfigSchema) });
export const reportEmbedConfigBody = z.object({
  client: siteId,
  name: z.string().trim().min(1, 'Give the dashboard a name').max(100),
  provider: z.enum(EMBED_PROVIDERS),
  site_url: z
    .url({ protocol: /^https?$/, message: 'Enter an http(s) address' })
    .max(1000)
    // The page frames it, so its origin must be one the Content-Security-Policy can name (frame-src).
    .refine((v) => frameOriginOf(v) !== null, 'Enter an http(s) address with a plain host name (no wildcards)'),
  resource: z.string().trim().max(100).default(''),
  secret: z.string().max(500).optional().meta({ description: 'Metabase embedding secret key; stored, never returned' }),
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
});
export type ReportEmbedConfigBody = z.input<typeof reportEmbedConfigBody>;

export const reportExportAnswer = successEnvelope({ message: z.string(), job: backgroundJobSchema });
