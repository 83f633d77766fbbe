import { z } from 'zod';
import { money, quantity } from '../numbers.js';
import { ORDER_CHANNELS } from '../orders/order-rules.js';
import { toMilli } from '../orders/money.js';

/**
 * Loyalty (issue 18): points programs and stamp cards on one ledger. A member's balance in a program is the sum
 * of their ledger entries; an order earns at most once per program (the ledger's unique key), a refund reverses
 * its share of what the order earned, a redemption is checked against the balance under the account's lock, and
 * points that expire are taken out once by the nightly job.
 */

export const LOYALTY_KINDS = ['points', 'stamps'] as const;
export type LoyaltyKind = (typeof LOYALTY_KINDS)[number];
export const LOYALTY_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export const LEDGER_ENTRY_TYPES = ['earn', 'reverse', 'redeem', 'expire', 'adjust'] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];
/** Square's ceiling on a points multiplier (peers §3). */
export const MAX_MULTIPLIER = 10;

const id = z.string().trim().min(1).max(200);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

export const pointsEarnSchema = z.object({
  per_amount: z
    .object({
      points: z.number().int().min(1).max(10_000),
      per: money().refine((v) => v > 0, 'Must be more than zero'),
    })
    .nullable()
    .default(null)
    .meta({ description: '`points` for every `per` of the order (after discounts, before charges)' }),
  per_item: z
    .array(z.object({ foodid: id, points: z.number().int().min(1).max(10_000) }))
    .max(500)
    .default([])
    .meta({ description: 'Points per unit of these items' }),
  per_visit: z.number().int().min(0).max(10_000).default(0).meta({ description: 'Points once per order' }),
  visit_min_spend: money().default(0),
  multipliers: z
    .array(
      z.object({
        from: isoDate,
        to: isoDate,
        factor: z.number().gt(1, 'More than 1').max(MAX_MULTIPLIER, `At most ${MAX_MULTIPLIER}×`),
      }),
    )
    .max(20)
    .default([])
    .meta({ description: 'Double points and the like: the highest factor whose dates hold the business date' }),
});
export type PointsEarn = z.output<typeof pointsEarnSchema>;

export const stampsEarnSchema = z.object({
  required: z.number().int().min(2, 'At least 2 stamps').max(50, 'At most 50 stamps'),
  items: z
    .array(id)
    .max(500)
    .default([])
    .meta({ description: 'Qualifying items (empty with no categories: every item)' }),
  categories: z.array(id).max(200).default([]),
  max_per_order: z.number().int().min(0).max(50).default(0).meta({ description: '0: no limit' }),
});
export type StampsEarn = z.output<typeof stampsEarnSchema>;

export const loyaltyProgramBody = z
  .object({
    name: z.string().trim().min(1, 'Enter the program name').max(100),
    kind: z.enum(LOYALTY_KINDS),
    status: z.enum(LOYALTY_STATUSES).default('draft'),
    points_name: z.string().trim().max(30).default('points'),
    foodcourts: z.array(id).max(500).default([]),
    restaurants: z.array(id).max(500).default([]),
    channels: z.array(z.enum(ORDER_CHANNELS)).default([]),
    groups: z.array(z.number().int().min(1)).max(50).default([]),
    points: pointsEarnSchema.nullable().default(null),
    stamps: stampsEarnSchema.nullable().default(null),
    expiry_days: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .nullable()
      .default(null)
      .meta({ description: 'Points expire this many days after they are earned (empty: never)' }),
    version: z.number().int().min(1).optional(),
    sender: z.string().max(20).optional(),
    lang: z.string().max(10).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'points' && !p.points)
      ctx.addIssue({ code: 'custom', path: ['points'], message: 'Set how points are earned' });
    if (
      p.kind === 'points' &&
      p.points &&
      !p.points.per_amount &&
      p.points.per_item.length === 0 &&
      p.points.per_visit === 0
    )
      ctx.addIssue({ code: 'custom', path: ['points'], message: 'Give at least one way to earn points' });
    if (p.kind === 'stamps' && !p.stamps)
      ctx.addIssue({ code: 'custom', path: ['stamps'], message: 'Set the stamp card' });
  });
export type LoyaltyProgramBody = z.output<typeof loyaltyProgramBody>;
export type EngineProgram = Pick<
  LoyaltyProgramBody,
  'kind' | 'foodcourts' | 'restaurants' | 'channels' | 'groups' | 'points' | 'stamps'
> & { id: number; status: string };

/** What an order earns needs of it. */
export type EarningOrder = {
  restaurant: string;
  foodcourt: string;
  channel: string;
  business_date: string;
  /** Goods paid for: lines after discounts, before charges. */
  spend: number;
  lines: { foodid: string; category?: string; quantity: number }[];
};

/** Whether a program takes an order at all (its sites, channels and the customer's groups). */
export function programApplies(p: EngineProgram, o: EarningOrder, groups: readonly number[]) {
  return (
    p.status === 'active' &&
    (p.foodcourts.length === 0 || p.foodcourts.includes(o.foodcourt)) &&
    (p.restaurants.length === 0 || p.restaurants.includes(o.restaurant)) &&
    (p.channels.length === 0 || (p.channels as readonly string[]).includes(o.channel)) &&
    (p.groups.length === 0 || p.groups.some((g) => groups.includes(g)))
  );
}

/** Points (or stamps) an order earns in a program: a whole number, never negative. */
export function earnedBy(p: EngineProgram, o: EarningOrder): number {
  if (p.kind === 'stamps') {
    const s = p.stamps;
    if (!s) return 0;
    const any = s.items.length === 0 && s.categories.length === 0;
    const units = o.lines
      .filter((l) => any || s.items.includes(l.foodid) || (l.category && s.categories.includes(l.category)))
      .reduce((n, l) => n + l.quantity, 0);
    return s.max_per_order > 0 ? Math.min(units, s.max_per_order) : units;
  }
  const e = p.points;
  if (!e) return 0;
  let points = 0;
  if (e.per_amount) points += Math.floor(toMilli(o.spend) / toMilli(e.per_amount.per)) * e.per_amount.points;
  for (const rule of e.per_item)
    points += o.lines.filter((l) => l.foodid === rule.foodid).reduce((n, l) => n + l.quantity, 0) * rule.points;
  if (e.per_visit > 0 && toMilli(o.spend) >= toMilli(e.visit_min_spend)) points += e.per_visit;
  const factor = e.multipliers
    .filter((m) => m.from <= o.business_date && o.business_date <= m.to)
    .reduce((f, m) => Math.max(f, m.factor), 1);
  return Math.floor(points * factor);
}

/**
 * What a refund takes back: the order's earned points in proportion to what has been refunded of what was paid,
 * less what earlier refunds already took. Whole points, rounded so that a full refund takes back exactly all.
 */
export function reversalDue(earned: number, alreadyReversed: number, refundedMilli: number, paidMilli: number) {
  if (earned <= 0 || paidMilli <= 0) return 0;
  const share = Math.min(1, refundedMilli / paidMilli);
  const target = share >= 1 ? earned : Math.floor(earned * share);
  return Math.max(0, target - alreadyReversed);
}

// ---------- the API ----------

const stamp = { version: z.number().int(), updated_by: z.string().nullable(), updated_at: z.string() };
export const loyaltyProgramSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(LOYALTY_KINDS),
  status: z.enum(LOYALTY_STATUSES),
  points_name: z.string(),
  foodcourts: z.array(z.string()),
  restaurants: z.array(z.string()),
  channels: z.array(z.enum(ORDER_CHANNELS)),
  groups: z.array(z.number().int()),
  points: pointsEarnSchema.nullable(),
  stamps: stampsEarnSchema.nullable(),
  expiry_days: z.number().int().nullable(),
  members: z.number().int(),
  outstanding: z.number().int().meta({ description: 'Points (or stamps) members hold now' }),
  currency: z.string().meta({
    description:
      "The currency of the program's restaurants (ISO code), that its amounts are in; empty when they have several or none",
  }),
  currencies: z.array(z.string()).meta({ description: "Every currency of the program's restaurants, in code order" }),
  ...stamp,
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgramSchema>;

/**
 * The currency a program's amounts are in (issue 33): its restaurants' one currency; none ('') when they have
 * several (no one symbol is right for all of them) or none known.
 */
export const programCurrency = (currencies: readonly string[]) =>
  new Set(currencies).size === 1 ? currencies[0]! : '';

export const LOYALTY_REWARD_KINDS = ['free_item', 'amount', 'percent'] as const;
export const loyaltyRewardBody = z.object({
  program_id: z.number().int().min(1),
  name: z.string().trim().min(1, 'Enter the reward name').max(100),
  active: z.boolean().default(true),
  cost: z.number().int().min(1, 'At least 1').max(1_000_000).meta({ description: 'Points, or stamps (a full card)' }),
  reward: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('free_item'), foodid: id, quantity: quantity(1).default(1) }),
    z.object({ kind: z.literal('amount'), amount: money().refine((v) => v > 0, 'Must be more than zero') }),
    z.object({ kind: z.literal('percent'), percent: z.number().gt(0).max(100) }),
  ]),
  valid_days: z
    .number()
    .int()
    .min(1)
    .max(365)
    .default(30)
    .meta({ description: 'How long the code a redemption gives is valid' }),
  version: z.number().int().min(1).optional(),
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
});
export type LoyaltyRewardBody = z.output<typeof loyaltyRewardBody>;
export const loyaltyRewardSchema = z.object({
  id: z.number().int(),
  program_id: z.number().int(),
  program_name: z.string(),
  name: z.string(),
  active: z.boolean(),
  cost: z.number().int(),
  reward: loyaltyRewardBody.shape.reward,
  item_name: z
    .string()
    .nullable()
    .meta({ description: "A free item's name (null for other rewards, or an item not on the program's sites)" }),
  valid_days: z.number().int(),
  offer_id: z.number().int().meta({ description: 'The offer the pricing engine applies for it' }),
  redeemed: z.number().int(),
  ...stamp,
});
export type LoyaltyReward = z.infer<typeof loyaltyRewardSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  entry_type: z.enum(LEDGER_ENTRY_TYPES),
  points: z.number().int(),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  reward_name: z.string().nullable(),
  code: z.string(),
  reason: z.string(),
  actor: z.string(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const loyaltyMemberSchema = z.object({
  customer_ref: z.string(),
  name: z.string(),
  balance: z.number().int(),
  earned: z.number().int(),
  last_activity: z.string(),
});
export type LoyaltyMember = z.infer<typeof loyaltyMemberSchema>;
export const adjustBody = z.object({
  points: z
    .number()
    .int('A whole number')
    .refine((n) => n !== 0, 'Give the points to add (or take away with a minus)')
    .refine((n) => Math.abs(n) <= 1_000_000, 'At most 1,000,000'),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(300),
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
});
export const redeemBody = z.object({
  customer_ref: z.string().trim().min(1).max(100),
  reward_id: z.number().int().min(1),
});
export const LOYALTY_ADJUST_PERMISSION = 'loyalty_adjust';
