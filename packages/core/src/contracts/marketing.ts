import { z } from 'zod';
import { INT4_MAX, money } from '../numbers.js';
import {
  CODE_MODES,
  cartSchema,
  NOT_APPLIED_REASONS,
  OFFER_KINDS,
  OFFER_LIMITS,
  OFFER_STACKING,
  OFFER_STATUSES,
  OFFER_TRIGGERS,
  offerConditionsSchema,
  offerLimitsSchema,
  offerRewardSchema,
} from '../marketing/offer-rules.js';
import { UPSELL_PLACEMENTS, upsellRuleFields } from '../marketing/upsell-rules.js';
import { successEnvelope } from './envelope.js';
import { exportQuerySchema, listAnswerSchema, listQuerySchema } from './list.js';

/**
 * Marketing I (issue 17): customer groups, offers (promotions and discounts), the quote API, campaigns and
 * upselling. Page keys: groups, promotions, offers-discount, campaign, upselling-items.
 *
 *   GET  /groups?search=&kind=&sort=&page=&page_size=         groups (≤ 200 a page); POST /groups; PUT|DELETE /groups/:id
 *   POST /groups/count {rule}                                  the live count of a rule (before saving)
 *   GET  /groups/:id/members?search=&page=&page_size=         members with their contacts
 *   POST /groups/:id/import (multipart file .xlsx|.csv, field mode=append|replace)   a static group's members
 *   POST /groups/:id/refresh                                   a rule group's members now
 *   GET  /offers?trigger=code|auto&status=&kind=&search=…      offers: /promotions shows trigger code, /discounts auto
 *   POST /offers; PUT|DELETE /offers/:id                       (version-checked)
 *   POST /offers/:id/codes {count, prefix}                     unique codes, generated; GET /offers/:id/codes; …/codes/export (.xlsx)
 *   GET  /offers/:id/results                                   uses, discount given, orders and their revenue
 *   POST /offers/try {cart, include?: [offer ids]}             the "try a cart" panel (drafts included by id)
 *   POST /marketing/quote {cart}  (API key)                    the ordering apps' quote: offers and upsells
 *   GET  /campaigns?… (10 a page); POST; PUT|DELETE /campaigns/:id; POST /campaigns/:id/cancel
 *   GET  /campaigns/:id/results                                reached, redeemed, revenue against the control group
 *   GET  /upsell_rules?…; POST; PUT|DELETE /upsell_rules/:id;  GET /upsell_rules/:id/results?days=
 *
 * Orders are ingested with `offers: [{offer_id, code?, amount}]` (contracts/orders.ts): the redemption is
 * recorded in the order's transaction and refused (409) when a limit or the budget would be passed.
 */

const version = z.number().int().min(1);
const meta = { sender: z.string().max(20).optional(), lang: z.string().max(10).optional() };
const stamp = { version: z.number().int(), updated_by: z.string().nullable(), updated_at: z.string() };

// ---------- customer groups ----------

export const CUSTOMER_GROUP_KINDS = ['static', 'rule'] as const;
export type GroupKind = (typeof CUSTOMER_GROUP_KINDS)[number];
export const GROUP_IMPORT_MODES = ['append', 'replace'] as const;
export const GROUP_LIMITS = { name: 100, description: 500, importRows: 200_000, days: 730 } as const;

/** A segment: customers who ordered at these sites in the last `days` days, at least `min_orders` times, spending at least `min_spend`. */
export const groupRuleSchema = z.object({
  foodcourts: z.array(z.string().min(1).max(200)).max(500).default([]).meta({ description: 'Empty: every site' }),
  restaurants: z.array(z.string().min(1).max(200)).max(500).default([]),
  days: z
    .number()
    .int()
    .min(1, 'At least 1 day')
    .max(GROUP_LIMITS.days, `At most ${GROUP_LIMITS.days} days`)
    .default(30),
  min_orders: z.number().int().min(1).max(10_000).default(1),
  min_spend: money().default(0),
  channels: z.array(z.enum(['app', 'kiosk', 'pos', 'web'])).default([]),
});
export type GroupRule = z.output<typeof groupRuleSchema>;

export const groupBody = z
  .object({
    name: z.string().trim().min(1, 'Enter the group name').max(GROUP_LIMITS.name),
    description: z.string().trim().max(GROUP_LIMITS.description).default(''),
    kind: z.enum(CUSTOMER_GROUP_KINDS),
    rule: groupRuleSchema.nullable().default(null),
    version: version.optional(),
    ...meta,
  })
  .superRefine((g, ctx) => {
    if (g.kind === 'rule' && !g.rule) ctx.addIssue({ code: 'custom', path: ['rule'], message: 'Set the rule' });
  });
export type GroupBody = z.output<typeof groupBody>;

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(CUSTOMER_GROUP_KINDS),
  rule: groupRuleSchema.nullable(),
  member_count: z.number().int(),
  refreshed_at: z.string().nullable().meta({ description: 'When a rule group last counted its members' }),
  ...stamp,
});
export type CustomerGroup = z.infer<typeof groupSchema>;

export const GROUP_SORT = ['name', 'kind', 'member_count', 'updated_at'] as const;
const groupFilters = { kind: z.enum(CUSTOMER_GROUP_KINDS).optional() };
export const groupListQuery = listQuerySchema(GROUP_SORT, groupFilters);
export const groupExportQuery = exportQuerySchema(GROUP_SORT, groupFilters);
export const groupListAnswer = listAnswerSchema('groups', groupSchema);
export const groupAnswer = successEnvelope({ message: z.string(), group: groupSchema });
export const groupCountBody = z.object({ rule: groupRuleSchema, ...meta });
export const groupCountAnswer = successEnvelope({ count: z.number().int() });

export const customerSchema = z.object({
  customer_ref: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  marketing_opt_in: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;
export const groupMembersQuery = listQuerySchema(['customer_ref', 'name'] as const);
export const groupMembersAnswer = listAnswerSchema('members', customerSchema);
export const groupImportAnswer = successEnvelope({
  message: z.string(),
  added: z.number().int(),
  removed: z.number().int(),
  member_count: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
/** Columns of a static group's import file (a header row; customer_ref required, the rest update the customer). */
export const GROUP_IMPORT_COLUMNS = ['customer_ref', 'name', 'email', 'phone', 'marketing_opt_in'] as const;

// ---------- offers ----------

export const offerBody = z
  .object({
    name: z.string().trim().min(1, 'Enter the offer name').max(OFFER_LIMITS.name),
    description: z.string().trim().max(500).default(''),
    trigger: z.enum(OFFER_TRIGGERS),
    status: z.enum(OFFER_STATUSES).default('draft'),
    priority: z.number().int().min(0).max(OFFER_LIMITS.priority).default(0),
    stacking: z.enum(OFFER_STACKING).default('stackable'),
    code_mode: z
      .enum(CODE_MODES)
      .default('shared')
      .meta({ description: 'For trigger code: one shared code or many unique' }),
    shared_code: z
      .string()
      .trim()
      .max(OFFER_LIMITS.codeLength)
      .regex(/^[A-Za-z0-9_-]*$/, 'Use letters, digits, - and _')
      .default(''),
    conditions: offerConditionsSchema,
    reward: offerRewardSchema,
    limits: offerLimitsSchema.default({}),
    version: version.optional(),
    ...meta,
  })
  .superRefine((o, ctx) => {
    if (o.trigger === 'code' && o.code_mode === 'shared' && !o.shared_code)
      ctx.addIssue({ code: 'custom', path: ['shared_code'], message: 'Enter the code customers type' });
    if (o.trigger === 'auto' && o.shared_code)
      ctx.addIssue({ code: 'custom', path: ['shared_code'], message: 'An automatic offer has no code' });
  });
export type OfferBody = z.output<typeof offerBody>;

export const offerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  trigger: z.enum(OFFER_TRIGGERS),
  status: z.enum(OFFER_STATUSES),
  priority: z.number().int(),
  stacking: z.enum(OFFER_STACKING),
  code_mode: z.enum(CODE_MODES),
  shared_code: z.string(),
  conditions: offerConditionsSchema,
  reward: offerRewardSchema,
  limits: offerLimitsSchema,
  kind: z.enum(OFFER_KINDS),
  summary: z.string().meta({ description: 'The reward in words' }),
  uses: z.number().int(),
  spent: z.number().meta({ description: 'Discount given so far' }),
  codes: z.number().int().meta({ description: 'Unique codes generated' }),
  ...stamp,
});
export type Offer = z.infer<typeof offerSchema>;

export const OFFER_SORT = ['name', 'status', 'priority', 'uses', 'spent', 'updated_at'] as const;
const offerFilters = {
  trigger: z.enum(OFFER_TRIGGERS).optional(),
  status: z.enum(OFFER_STATUSES).optional(),
  kind: z.enum(OFFER_KINDS).optional(),
};
export const offerListQuery = listQuerySchema(OFFER_SORT, offerFilters);
export const offerExportQuery = exportQuerySchema(OFFER_SORT, offerFilters);
export const offerListAnswer = listAnswerSchema('offers', offerSchema);
export const offerAnswer = successEnvelope({ message: z.string(), offer: offerSchema });

export const generateCodesBody = z.object({
  count: z.number().int().min(1, 'At least 1').max(OFFER_LIMITS.generate, `At most ${OFFER_LIMITS.generate}`),
  prefix: z
    .string()
    .trim()
    .max(10)
    .regex(/^[A-Za-z0-9]*$/, 'Letters and digits only')
    .default(''),
  ...meta,
});
export const offerCodeSchema = z.object({
  code: z.string(),
  customer_ref: z.string().meta({ description: 'Given to this customer (a campaign), or empty' }),
  uses: z.number().int(),
  created_at: z.string(),
});
export const offerCodesQuery = listQuerySchema(['code', 'uses', 'created_at'] as const, {
  used: z.enum(['true', 'false']).optional(),
});
export const offerCodesAnswer = listAnswerSchema('codes', offerCodeSchema);
export const generateCodesAnswer = successEnvelope({
  message: z.string(),
  generated: z.number().int(),
  codes: z.number().int(),
});

export const offerResultsAnswer = successEnvelope({
  offer_id: z.number().int(),
  uses: z.number().int(),
  customers: z.number().int(),
  discount: z.number(),
  revenue: z.number().meta({ description: 'Totals of the orders that used it' }),
  budget_left: z.number().nullable(),
  by_day: z.array(z.object({ date: z.string(), uses: z.number().int(), discount: z.number() })),
});

// ---------- the quote ----------

export const quoteBody = z.object({ cart: cartSchema, ...meta });
export const tryCartBody = z.object({
  cart: cartSchema,
  include: z
    .array(z.number().int().min(1))
    .max(20)
    .default([])
    .meta({ description: 'Offers to try even when not active (a draft being written): they count as active' }),
  ...meta,
});
const appliedSchema = z.object({
  offer_id: z.number().int(),
  name: z.string(),
  kind: z.enum(OFFER_KINDS),
  amount: z.number(),
  code: z.string().nullable(),
  lines: z.array(z.object({ line_no: z.number().int(), amount: z.number() })),
  delivery: z.number(),
});
export const quoteSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  delivery_fee: z.number(),
  delivery_discount: z.number(),
  total: z.number(),
  currency: z.string(),
  lines: z.array(
    z.object({
      line_no: z.number().int(),
      foodid: z.string(),
      amount: z.number(),
      discount: z.number(),
      total: z.number(),
    }),
  ),
  applied: z.array(appliedSchema),
  not_applied: z.array(
    z.object({
      offer_id: z.number().int(),
      name: z.string(),
      reason: z.enum(NOT_APPLIED_REASONS),
      message: z.string(),
    }),
  ),
  codes: z
    .array(
      z.object({
        code: z.string(),
        status: z.enum(['ok', 'unknown', 'used', 'expired']),
        offer_id: z.number().int().nullable(),
      }),
    )
    .meta({ description: 'Each code of the cart and what it unlocked' }),
  suggest: z.array(z.string()),
  upsells: z.array(
    z.object({
      rule_id: z.number().int(),
      rule: z.string(),
      foodid: z.string(),
      name: z.string(),
      price: z.number().nullable(),
      placement: z.enum(UPSELL_PLACEMENTS),
    }),
  ),
});
export type QuoteView = z.infer<typeof quoteSchema>;
export const quoteAnswer = successEnvelope({ quote: quoteSchema });

/** What an ingested order says about the offers that paid part of it. */
export const orderOfferInput = z.object({
  offer_id: z.number().int().min(1),
  code: z.string().trim().max(OFFER_LIMITS.codeLength).optional(),
  amount: money().refine((v) => v > 0, 'Must be more than zero'),
});

// ---------- campaigns ----------

export const CAMPAIGN_CHANNELS = ['push', 'email', 'sms'] as const;
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** 001 §9: the campaign list shows 10 a page. */
export const CAMPAIGN_PAGE_SIZE = 10;
export const CAMPAIGN_LIMITS = { subject: 150, message: 1000, controlPct: 50 } as const;

export const campaignBody = z
  .object({
    name: z.string().trim().min(1, 'Enter the campaign name').max(100),
    channel: z.enum(CAMPAIGN_CHANNELS),
    group_id: z.number().int().min(1, 'Choose the group').max(INT4_MAX),
    offer_id: z
      .number()
      .int()
      .min(1)
      .max(INT4_MAX)
      .nullable()
      .default(null)
      .meta({ description: 'A code offer it carries' }),
    subject: z.string().trim().max(CAMPAIGN_LIMITS.subject).default(''),
    message: z.string().trim().min(1, 'Write the message').max(CAMPAIGN_LIMITS.message),
    send_at: z.iso.datetime({ offset: true }).nullable().default(null).meta({ description: 'Empty: a draft' }),
    control_pct: z
      .number()
      .int()
      .min(0)
      .max(CAMPAIGN_LIMITS.controlPct, `At most ${CAMPAIGN_LIMITS.controlPct}%`)
      .default(10)
      .meta({ description: 'Share of the group held out as the control group' }),
    version: version.optional(),
    ...meta,
  })
  .superRefine((c, ctx) => {
    if (c.channel === 'email' && !c.subject)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'An e-mail needs a subject' });
  });
export type CampaignBody = z.output<typeof campaignBody>;

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  group_id: z.number().int(),
  group_name: z.string(),
  offer_id: z.number().int().nullable(),
  offer_name: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  send_at: z.string().nullable(),
  control_pct: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  sent_at: z.string().nullable(),
  reached: z.number().int(),
  ...stamp,
});
export type Campaign = z.infer<typeof campaignSchema>;
export const CAMPAIGN_SORT = ['name', 'status', 'send_at', 'updated_at'] as const;
const campaignFilters = { status: z.enum(CAMPAIGN_STATUSES).optional() };
export const campaignListQuery = listQuerySchema(CAMPAIGN_SORT, campaignFilters).extend({
  page_size: z.coerce.number().int().min(1).max(CAMPAIGN_PAGE_SIZE).default(CAMPAIGN_PAGE_SIZE),
});
export const campaignListAnswer = listAnswerSchema('campaigns', campaignSchema);
export const campaignAnswer = successEnvelope({ message: z.string(), campaign: campaignSchema });

const armSchema = z.object({
  members: z.number().int(),
  reached: z.number().int().meta({ description: 'Messages delivered (treatment only)' }),
  redeemed: z.number().int().meta({ description: 'Members who used the offer since the send' }),
  buyers: z.number().int().meta({ description: 'Members who ordered since the send' }),
  revenue: z.number(),
  revenue_per_member: z.number(),
});
export const campaignResultsAnswer = successEnvelope({
  campaign_id: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  sent_at: z.string().nullable(),
  unreachable: z.number().int().meta({ description: 'Members without a contact for the channel or opted out' }),
  treatment: armSchema,
  control: armSchema,
  uplift_per_member: z.number().meta({ description: 'Revenue per treated member minus per control member' }),
});
export type CampaignResults = z.infer<typeof campaignResultsAnswer>;

// ---------- upselling ----------

export const upsellRuleBody = z.object({ ...upsellRuleFields, version: version.optional(), ...meta });
export const upsellRuleSchema = z.object({
  id: z.number().int(),
  ...upsellRuleFields,
  ...stamp,
});
export type UpsellRule = z.infer<typeof upsellRuleSchema>;
export const UPSELL_SORT = ['name', 'priority', 'updated_at'] as const;
export const upsellListQuery = listQuerySchema(UPSELL_SORT, { active: z.enum(['true', 'false']).optional() });
export const upsellListAnswer = listAnswerSchema('rules', upsellRuleSchema);
export const upsellRuleAnswer = successEnvelope({ message: z.string(), rule: upsellRuleSchema });
export const upsellResultsAnswer = successEnvelope({
  rule_id: z.number().int(),
  days: z.number().int(),
  trigger_orders: z
    .number()
    .int()
    .meta({ description: 'Orders in scope that held a trigger item (any order if none)' }),
  take_up_orders: z.number().int().meta({ description: 'Of those, orders that also held a suggested item' }),
  take_up_rate: z.number().meta({ description: 'take_up_orders / trigger_orders (0 to 1)' }),
  by_item: z.array(z.object({ foodid: z.string(), orders: z.number().int(), quantity: z.number().int() })),
});

// ---------- item picker ----------

/** GET /marketing/items?restaurant=&search=: items to pick for offers and upsells (any marketing page; ≤ 50). */
export const marketingItemsQuery = z.object({
  restaurant: z.string().min(1).max(200),
  search: z.string().trim().max(100).optional(),
});
export const marketingItemSchema = z.object({
  foodid: z.string(),
  name: z.string(),
  price: z.number(),
  categories: z.array(z.string()),
});
export type MarketingItem = z.infer<typeof marketingItemSchema>;
export const marketingItemsAnswer = successEnvelope({ items: z.array(marketingItemSchema) });
