import { fromMilli, toMilli } from '../orders/money.js';
import { labelOf, ORDER_CHANNEL_LABELS, ORDER_TYPE_LABELS } from '../orders/order-rules.js';
import { MONEY_DECIMALS } from '../numbers.js';
import {
  OFFER_KIND_LABELS,
  type Cart,
  type EngineOffer,
  type NotAppliedReason,
  type OfferConditions,
  type OfferKind,
  type OfferReward,
} from './offer-rules.js';

/**
 * The pricing engine (issue 17 point 3): one function from a cart and the offers in force to the offers applied,
 * line by line, and the reason each other offer was not. The quote API, the "try a cart" panel and the tests all
 * call it; it reads no clock and no database, so the same cart and offers always give the same answer.
 *
 * Order of play: offers by priority (highest first), then by id. Each offer is measured against what the lines
 * still cost after the offers before it, so no line and no delivery fee can go below zero however offers stack.
 * An exclusive offer applies only alone: first in line it shuts out the rest; after another offer it is skipped.
 * A cap (max_discount) and what is left of a budget bound what one offer takes off. Amounts are in thousandths
 * inside; an offer's amount is rounded down to the currency's smallest unit and spread over its lines by largest
 * remainder, so the lines always add up to the offer.
 */

export type PricingContext = {
  /** The restaurant's food court (conditions may name food courts). */
  foodcourt: string;
  /** The local date and time the offers are judged at: `YYYY-MM-DDTHH:mm`. */
  at: string;
  /** The customer's groups. */
  groups: readonly number[];
  /** Whether this is the customer's first order (false when the customer is unknown). */
  first_order: boolean;
  /** Offers unlocked by a code in the cart: offer id → the code. */
  codes: ReadonlyMap<number, string>;
  /** The currency's decimal digits (2 by default). */
  decimals?: number;
};

export type QuoteLine = { line_no: number; foodid: string; amount: number; discount: number; total: number };
export type AppliedOffer = {
  offer_id: number;
  name: string;
  kind: OfferKind;
  amount: number;
  code: string | null;
  lines: { line_no: number; amount: number }[];
  delivery: number;
};
export type NotAppliedOffer = { offer_id: number; name: string; reason: NotAppliedReason; message: string };
export type Quote = {
  subtotal: number;
  discount: number;
  delivery_fee: number;
  delivery_discount: number;
  total: number;
  lines: QuoteLine[];
  applied: AppliedOffer[];
  not_applied: NotAppliedOffer[];
  /** Items the cart lacks for a free-item offer it otherwise meets (the app can offer to add them). */
  suggest: string[];
};

/** The most sets of a meal deal counted in one cart (a bound on work, far above any real order). */
export const MEAL_DEAL_MAX_SETS = 100;

type Line = { line_no: number; foodid: string; category: string; quantity: number; gross: number; left: number };
type Outcome =
  | { ok: true; shares: number[]; delivery: number }
  | { ok: false; reason: NotAppliedReason; message: string; suggest?: string };

const fail = (reason: NotAppliedReason, message: string, suggest?: string): Outcome => ({
  ok: false,
  reason,
  message,
  ...(suggest ? { suggest } : {}),
});

/** Splits `total` over `weights` in proportion, largest remainder first (ties: earlier first); no share exceeds its weight. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const t = Math.min(total, sum);
  const shares = weights.map((w) => Math.floor((t * w) / sum));
  let rest = t - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, r: (t * w) % sum }))
    .filter((x) => weights[x.i]! > 0)
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; rest > 0 && order.length > 0; k = (k + 1) % order.length) {
    const i = order[k]!.i;
    if (shares[i]! < weights[i]!) {
      shares[i]! += 1;
      rest -= 1;
    }
  }
  return shares;
}

/** `percent` % of an amount in thousandths, rounded down (the epsilon absorbs float error of 12.5 × …). */
const percentOf = (milli: number, percent: number) => Math.floor((milli * percent) / 100 + 1e-6);

const weekday = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

function inTimeWindow(time: string, from: string, to: string) {
  return from < to ? time >= from && time < to : time >= from || time < to;
}

const qualifies = (c: OfferConditions, l: Line) =>
  (c.items.length === 0 && c.categories.length === 0) ||
  c.items.includes(l.foodid) ||
  (l.category !== '' && c.categories.includes(l.category));

/** Units of lines grouped by the value one unit still has (what is left of the line over its quantity). */
function unitGroups(lines: Line[], pick: (l: Line) => boolean) {
  return lines
    .map((l, i) => ({ i, value: Math.floor(l.left / l.quantity), count: l.quantity, line: l }))
    .filter((g) => pick(g.line) && g.value > 0)
    .sort((a, b) => b.value - a.value || a.i - b.i);
}

/** A day 'YYYY-MM-DD' as people read it in a message: DD-MM-YYYY (spec 000 §9), as the web app writes dates. */
const day = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('-') : iso);

function conditionsFail(offer: EngineOffer, cart: Cart, ctx: PricingContext, subtotal: number): Outcome | null {
  const c = offer.conditions;
  const date = ctx.at.slice(0, 10);
  const time = ctx.at.slice(11, 16);
  if (offer.status !== 'active') return fail('not_active', `The offer is ${offer.status}`);
  if (c.valid_from && date < c.valid_from) return fail('not_started', `Starts on ${day(c.valid_from)}`);
  if (c.valid_to && date > c.valid_to) return fail('ended', `Ended on ${day(c.valid_to)}`);
  if (c.days.length > 0 && !c.days.includes(weekday(date))) return fail('wrong_day', 'Not on this day of the week');
  if (c.time_from && c.time_to && !inTimeWindow(time, c.time_from, c.time_to))
    return fail('wrong_time', `Only from ${c.time_from} to ${c.time_to}`);
  if (
    (c.foodcourts.length > 0 && !c.foodcourts.includes(ctx.foodcourt)) ||
    (c.restaurants.length > 0 && !c.restaurants.includes(cart.restaurant))
  )
    return fail('wrong_site', 'Not at this restaurant');
  if (c.channels.length > 0 && !c.channels.includes(cart.channel))
    return fail('wrong_channel', `Not on ${labelOf(ORDER_CHANNEL_LABELS, cart.channel)}`);
  if (c.order_types.length > 0 && !c.order_types.includes(cart.order_type))
    return fail('wrong_order_type', `Not for ${labelOf(ORDER_TYPE_LABELS, cart.order_type).toLowerCase()} orders`);
  if (c.sessions.length > 0 && (!cart.session || !c.sessions.includes(cart.session)))
    return fail('wrong_session', `Only at ${c.sessions.join(', ')}`);
  if (c.groups.length > 0 && !c.groups.some((g) => ctx.groups.includes(g)))
    return fail('not_in_group', "The customer is not in the offer's groups");
  if (c.first_order && !ctx.first_order) return fail('not_first_order', "Only on a customer's first order");
  if (offer.trigger === 'code' && !ctx.codes.has(offer.id)) return fail('needs_code', 'Needs its code');
  const used = offer.used ?? { total: 0, by_customer: 0, spent: 0 };
  const l = offer.limits;
  if (l.uses_total !== undefined && used.total >= l.uses_total)
    return fail('used_up', `Used ${used.total} of ${l.uses_total} times`);
  if (l.uses_per_customer !== undefined) {
    if (!cart.customer_ref) return fail('customer_limit', 'Limited per customer: needs a known customer');
    if (used.by_customer >= l.uses_per_customer)
      return fail('customer_limit', `This customer used it ${used.by_customer} of ${l.uses_per_customer} times`);
  }
  if (l.budget !== undefined && toMilli(used.spent) >= toMilli(l.budget)) return fail('budget_spent', 'Budget spent');
  if (subtotal < toMilli(c.min_spend)) return fail('below_min_spend', `Needs a spend of ${c.min_spend}`);
  return null;
}

function rewardOf(reward: OfferReward, c: OfferConditions, lines: Line[], delivery: number, unit: number): Outcome {
  const floorUnit = (milli: number) => Math.floor(milli / unit) * unit;
  const noShares = lines.map(() => 0);
  const anyQualifying = lines.some((l) => qualifies(c, l));
  if (!anyQualifying && reward.kind !== 'bxgy' && !(reward.kind === 'percent' && reward.applies_to === 'items'))
    return fail('no_qualifying_items', 'No qualifying item in the cart');
  switch (reward.kind) {
    case 'percent':
    case 'amount': {
      const weights = lines.map((l) => (reward.applies_to === 'order' || qualifies(c, l) ? l.left : 0));
      const base = weights.reduce((a, b) => a + b, 0);
      if (reward.applies_to === 'items' && !anyQualifying)
        return fail('no_qualifying_items', 'No qualifying item in the cart');
      const raw =
        reward.kind === 'percent' ? floorUnit(percentOf(base, reward.percent)) : Math.min(toMilli(reward.amount), base);
      return { ok: true, shares: allocate(raw, weights), delivery: 0 };
    }
    case 'bxgy': {
      const groups = unitGroups(lines, (l) => qualifies(c, l));
      const units = groups.reduce((n, g) => n + g.count, 0);
      let times = Math.floor(units / (reward.buy + reward.get));
      if (reward.max_times > 0) times = Math.min(times, reward.max_times);
      if (times === 0)
        return fail(
          'no_qualifying_items',
          `Needs ${reward.buy + reward.get} qualifying items (buy ${reward.buy} get ${reward.get})`,
        );
      // The Y units are the cheapest of the qualifying units.
      let free = times * reward.get;
      const shares = [...noShares];
      for (let k = groups.length - 1; k >= 0 && free > 0; k--) {
        const g = groups[k]!;
        const n = Math.min(free, g.count);
        shares[g.i] = percentOf(n * g.value, reward.get_percent);
        free -= n;
      }
      return { ok: true, shares, delivery: 0 };
    }
    case 'free_item': {
      const groups = unitGroups(lines, (l) => l.foodid === reward.foodid);
      if (groups.length === 0) return fail('missing_item', 'Add the free item to the cart to get it', reward.foodid);
      let left = reward.quantity;
      const shares = [...noShares];
      for (const g of groups) {
        if (left === 0) break;
        const n = Math.min(left, g.count);
        shares[g.i] = n * g.value;
        left -= n;
      }
      return { ok: true, shares, delivery: 0 };
    }
    case 'meal_deal': {
      const groups = unitGroups(lines, () => true).map((g) => ({ ...g, free: g.count }));
      const shares = [...noShares];
      let sets = 0;
      while (sets < MEAL_DEAL_MAX_SETS) {
        const taken: { g: (typeof groups)[number]; n: number }[] = [];
        const complete = reward.components.every((comp) => {
          let need = comp.quantity;
          for (const g of groups) {
            if (need === 0) break;
            if (g.free === 0 || !comp.items.includes(g.line.foodid)) continue;
            const n = Math.min(need, g.free);
            g.free -= n;
            need -= n;
            taken.push({ g, n });
          }
          return need === 0;
        });
        if (!complete) {
          for (const t of taken) t.g.free += t.n;
          break;
        }
        sets += 1;
        const worth = taken.reduce((s, t) => s + t.n * t.g.value, 0);
        const off = worth - toMilli(reward.price);
        if (off > 0) {
          const part = allocate(
            off,
            taken.map((t) => t.n * t.g.value),
          );
          taken.forEach((t, k) => (shares[t.g.i]! += part[k]!));
        }
      }
      if (sets === 0) return fail('no_qualifying_items', 'The cart does not hold every part of the meal deal');
      return { ok: true, shares, delivery: 0 };
    }
    case 'delivery_fee': {
      if (delivery <= 0) return fail('nothing_left', 'No delivery fee to take off');
      return {
        ok: true,
        shares: noShares,
        delivery: reward.percent === 100 ? delivery : floorUnit(percentOf(delivery, reward.percent)),
      };
    }
  }
}

export function priceCart(cart: Cart, offers: readonly EngineOffer[], ctx: PricingContext): Quote {
  const decimals = ctx.decimals ?? 2;
  const unit = 10 ** Math.max(0, MONEY_DECIMALS - Math.min(decimals, MONEY_DECIMALS));
  const lines: Line[] = cart.lines.map((l, i) => {
    const gross = toMilli(l.unit_price) * l.quantity;
    return {
      line_no: l.line_no ?? i + 1,
      foodid: l.foodid,
      category: l.category ?? '',
      quantity: l.quantity,
      gross,
      left: gross,
    };
  });
  const subtotal = lines.reduce((s, l) => s + l.gross, 0);
  const deliveryFee = toMilli(cart.delivery_fee ?? 0);
  let deliveryLeft = deliveryFee;

  const ordered = [...offers].sort((a, b) => b.priority - a.priority || a.id - b.id);
  const applied: AppliedOffer[] = [];
  const notApplied: NotAppliedOffer[] = [];
  const suggest: string[] = [];
  let exclusive: string | null = null;

  for (const offer of ordered) {
    const skip = (reason: NotAppliedReason, message: string) =>
      notApplied.push({ offer_id: offer.id, name: offer.name, reason, message });
    const blocked = conditionsFail(offer, cart, ctx, subtotal);
    if (blocked && !blocked.ok) {
      skip(blocked.reason, blocked.message);
      continue;
    }
    if (exclusive !== null) {
      skip('not_combinable', `Does not stack: "${exclusive}" applies alone`);
      continue;
    }
    if (offer.stacking === 'exclusive' && applied.length > 0) {
      skip('exclusive_taken', `Applies only alone, and "${applied[0]!.name}" was applied first`);
      continue;
    }
    const outcome = rewardOf(offer.reward, offer.conditions, lines, deliveryLeft, unit);
    if (!outcome.ok) {
      skip(outcome.reason, outcome.message);
      if (outcome.suggest && !suggest.includes(outcome.suggest)) suggest.push(outcome.suggest);
      continue;
    }
    // Caps: the offer's own cap per order and what is left of its budget.
    let cap = Number.POSITIVE_INFINITY;
    if (offer.limits.max_discount !== undefined) cap = toMilli(offer.limits.max_discount);
    if (offer.limits.budget !== undefined)
      cap = Math.min(cap, toMilli(offer.limits.budget) - toMilli(offer.used?.spent ?? 0));
    let shares = outcome.shares.map((s, i) => Math.min(s, lines[i]!.left));
    let delivery = Math.min(outcome.delivery, deliveryLeft);
    const raw = shares.reduce((a, b) => a + b, 0) + delivery;
    if (raw > cap) {
      const capped = Math.max(0, Math.floor(cap / unit) * unit);
      const part = allocate(capped, [...shares, delivery]);
      delivery = part.pop()!;
      shares = part;
    }
    const amount = shares.reduce((a, b) => a + b, 0) + delivery;
    if (amount <= 0) {
      skip('nothing_left', 'Nothing left to take off');
      continue;
    }
    shares.forEach((s, i) => (lines[i]!.left -= s));
    deliveryLeft -= delivery;
    applied.push({
      offer_id: offer.id,
      name: offer.name,
      kind: offer.reward.kind,
      amount: fromMilli(amount),
      code: ctx.codes.get(offer.id) ?? null,
      lines: lines.flatMap((l, i) => (shares[i]! > 0 ? [{ line_no: l.line_no, amount: fromMilli(shares[i]!) }] : [])),
      delivery: fromMilli(delivery),
    });
    if (offer.stacking === 'exclusive') exclusive = offer.name;
  }

  const discount = lines.reduce((s, l) => s + (l.gross - l.left), 0);
  const deliveryDiscount = deliveryFee - deliveryLeft;
  return {
    subtotal: fromMilli(subtotal),
    discount: fromMilli(discount),
    delivery_fee: fromMilli(deliveryFee),
    delivery_discount: fromMilli(deliveryDiscount),
    total: fromMilli(subtotal - discount + deliveryLeft),
    lines: lines.map((l) => ({
      line_no: l.line_no,
      foodid: l.foodid,
      amount: fromMilli(l.gross),
      discount: fromMilli(l.gross - l.left),
      total: fromMilli(l.left),
    })),
    applied,
    not_applied: notApplied,
    suggest,
  };
}

/** A one-line summary of an offer's reward, for lists ("20% off the order", "Buy 2 get 1 free"). */
export function describeReward(reward: OfferReward): string {
  switch (reward.kind) {
    case 'percent':
      return `${reward.percent}% off ${reward.applies_to === 'order' ? 'the order' : 'qualifying items'}`;
    case 'amount':
      return `${reward.amount} off ${reward.applies_to === 'order' ? 'the order' : 'qualifying items'}`;
    case 'bxgy':
      return `Buy ${reward.buy} get ${reward.get} ${reward.get_percent === 100 ? 'free' : `${reward.get_percent}% off`}`;
    case 'free_item':
      return `${reward.quantity} × ${reward.foodid} free`;
    case 'meal_deal':
      return `${reward.components.length} parts for ${reward.price}`;
    case 'delivery_fee':
      return reward.percent === 100 ? 'Free delivery' : `${reward.percent}% off delivery`;
    default:
      return OFFER_KIND_LABELS[(reward as { kind: OfferKind }).kind];
  }
}
