import { MONEY_DECIMALS } from '../numbers.js';
import { roundMilli, toMilli } from './money.js';

/**
 * Refund rules (issue 13 point 5; peers §1(b): Square's rules). Pure: the server runs them on the order it has
 * locked (SELECT … FOR UPDATE), so two refunds of one order are planned one after the other and can never
 * together give back more than was paid. All amounts here are thousandths (see money.ts).
 */
export const REFUND_KINDS = ['full', 'lines', 'amount'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/** Square allows at most 20 refunds per payment; we allow as many per order. */
export const MAX_REFUNDS_PER_ORDER = 20;
export const REFUND_REASON_MAX = 500;

export type RefundableLine = {
  line_id: number;
  quantity: number;
  /** Thousandths. */
  line_total: number;
  refunded_quantity: number;
  /** Thousandths. */
  refunded_amount: number;
};

export type RefundableOrder = {
  /** Thousandths paid and already refunded. */
  paid: number;
  refunded: number;
  /** Refunds made so far. */
  refund_count: number;
  /** The currency's decimal digits (0, 2 or 3): line shares are rounded to them. */
  decimals: number;
  lines: readonly RefundableLine[];
};

export type RefundRequest =
  | { kind: 'full' }
  | { kind: 'lines'; lines: readonly { line_id: number; quantity: number }[] }
  /** `amount` in the currency's units (as the API takes it). */
  | { kind: 'amount'; amount: number };

export type RefundPlan = {
  /** Thousandths given back. */
  amount: number;
  lines: { line_id: number; quantity: number; amount: number }[];
};

export type RefundRefusal = { status: 400 | 409; code: string; message: string; field?: string };
export type RefundOutcome = { ok: true; plan: RefundPlan } | { ok: false; refusal: RefundRefusal };

const show = (milli: number, decimals: number) => (milli / 1000).toFixed(Math.min(decimals, MONEY_DECIMALS));
const refuse = (status: 400 | 409, code: string, message: string, field?: string): RefundOutcome => ({
  ok: false,
  refusal: { status, code, message, ...(field ? { field } : {}) },
});

/** What can still be given back: what was paid less what was refunded (never below zero). */
export function refundableAmount(order: Pick<RefundableOrder, 'paid' | 'refunded'>): number {
  return Math.max(0, order.paid - order.refunded);
}

/**
 * The share of a line's total that `quantity` more units are worth after `refunded` units, rounded to the
 * currency. Shares are taken from the running total, so refunding every unit, in any steps, gives back exactly
 * the line total.
 */
export function lineShare(line: RefundableLine, quantity: number, decimals: number): number {
  const done = line.refunded_quantity + quantity;
  if (done >= line.quantity) return Math.max(0, line.line_total - line.refunded_amount);
  const upTo = roundMilli((line.line_total * done) / line.quantity, decimals);
  return Math.max(0, upTo - line.refunded_amount);
}

/** Plans a refund of an order, or says why it cannot be made. */
export function planRefund(order: RefundableOrder, request: RefundRequest): RefundOutcome {
  const left = refundableAmount(order);
  const d = order.decimals;
  if (order.paid <= 0) return refuse(409, 'nothingPaid', 'Nothing was paid for this order, so nothing can be refunded');
  if (left <= 0)
    return refuse(409, 'alreadyRefunded', `The whole ${show(order.paid, d)} paid for this order has been refunded`);
  if (order.refund_count >= MAX_REFUNDS_PER_ORDER) {
    return refuse(409, 'tooManyRefunds', `An order can be refunded at most ${MAX_REFUNDS_PER_ORDER} times`);
  }
  const tooMuch = (amount: number, field?: string) =>
    refuse(
      409,
      'refundExceedsPaid',
      `At most ${show(left, d)} can be refunded (${show(order.paid, d)} paid, ${show(order.refunded, d)} already ` +
        `refunded); this refund comes to ${show(amount, d)}`,
      field,
    );

  if (request.kind === 'full') {
    const lines = order.lines
      .filter((l) => l.refunded_quantity < l.quantity)
      .map((l) => ({
        line_id: l.line_id,
        quantity: l.quantity - l.refunded_quantity,
        amount: lineShare(l, l.quantity - l.refunded_quantity, d),
      }));
    return { ok: true, plan: { amount: left, lines } };
  }

  if (request.kind === 'amount') {
    const amount = toMilli(request.amount);
    if (amount <= 0) return refuse(400, 'invalidRefund', 'The amount must be more than zero', 'amount');
    if (roundMilli(amount, d) !== amount)
      return refuse(400, 'invalidRefund', `Use at most ${d} decimal places for this currency`, 'amount');
    if (amount > left) return tooMuch(amount, 'amount');
    return { ok: true, plan: { amount, lines: [] } };
  }

  if (request.lines.length === 0) return refuse(400, 'invalidRefund', 'Choose at least one line', 'lines');
  const byId = new Map(order.lines.map((l) => [l.line_id, l]));
  const seen = new Set<number>();
  const lines: RefundPlan['lines'] = [];
  for (const [i, want] of request.lines.entries()) {
    const line = byId.get(want.line_id);
    if (!line)
      return refuse(400, 'invalidRefund', `Line ${want.line_id} is not a line of this order`, `lines.${i}.line_id`);
    if (seen.has(want.line_id))
      return refuse(400, 'invalidRefund', `Line ${want.line_id} is named twice`, `lines.${i}.line_id`);
    seen.add(want.line_id);
    const remaining = line.quantity - line.refunded_quantity;
    if (!Number.isInteger(want.quantity) || want.quantity < 1)
      return refuse(400, 'invalidRefund', 'Refund at least one unit', `lines.${i}.quantity`);
    if (want.quantity > remaining) {
      return refuse(
        409,
        'refundQuantityTooHigh',
        remaining === 0
          ? 'Every unit of this line has been refunded'
          : `Only ${remaining} of ${line.quantity} can still be refunded`,
        `lines.${i}.quantity`,
      );
    }
    lines.push({ line_id: line.line_id, quantity: want.quantity, amount: lineShare(line, want.quantity, d) });
  }
  const amount = lines.reduce((a, l) => a + l.amount, 0);
  if (amount <= 0) return refuse(409, 'invalidRefund', 'These lines come to nothing to refund', 'lines');
  if (amount > left) return tooMuch(amount, 'lines');
  return { ok: true, plan: { amount, lines } };
}
