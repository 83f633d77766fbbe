import { MONEY_MAX } from '../numbers.js';
import { toMilli } from './money.js';

/** Where an order was placed (issue 13). */
export const ORDER_CHANNELS = ['app', 'kiosk', 'pos', 'web'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
/** A channel's name for people (reports, exports, SAP line texts); the web app's strings say the same. */
export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = {
  app: 'App',
  kiosk: 'Kiosk',
  pos: 'POS',
  web: 'Web',
};

export const ORDER_TYPES = ['dine_in', 'takeaway', 'delivery', 'preorder', 'subscription', 'event'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  dine_in: 'Dine-in',
  takeaway: 'Takeaway',
  delivery: 'Delivery',
  preorder: 'Pre-order',
  subscription: 'Subscription',
  event: 'Event',
};

/** The fulfilment lifecycle; refunds are recorded beside it (refund_state), not as a status. */
export const ORDER_STATUSES = ['placed', 'accepted', 'preparing', 'ready', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_TENDERS = ['cash', 'card', 'upi', 'wallet', 'voucher', 'subsidy', 'other'] as const;
export type PaymentTender = (typeof PAYMENT_TENDERS)[number];
export const PAYMENT_TENDER_LABELS: Record<PaymentTender, string> = {
  cash: 'Cash',
  card: 'Card',
  upi: 'UPI',
  wallet: 'Wallet',
  voucher: 'Voucher',
  subsidy: 'Subsidy',
  other: 'Other',
};

/** The name of a stored code from one of the label tables above; an unknown code (older data) shows as it is. */
export function labelOf(labels: Record<string, string>, code: string): string {
  return Object.hasOwn(labels, code) ? labels[code]! : code;
}

/** How much of what was paid has been given back. */
export const REFUND_STATES = ['none', 'partial', 'full'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Limits of one ingested order. */
export const ORDER_LIMITS = {
  lines: 200,
  optionsPerLine: 50,
  payments: 20,
  text: 200,
  orderNumber: 60,
  customerRef: 100,
  idempotencyKey: 255,
} as const;

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['accepted', 'preparing', 'ready', 'completed', 'cancelled'],
  accepted: ['preparing', 'ready', 'completed', 'cancelled'],
  preparing: ['ready', 'completed', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/**
 * Whether an order may move from one status to another: forwards only, and completed and cancelled are final.
 * Setting the status it already has is allowed (a retried update changes nothing).
 */
export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || NEXT[from].includes(to);
}

export type OrderLineInput = { quantity: number; unit_price: number; tax: number };
export type OrderTotalsInput = {
  lines: readonly OrderLineInput[];
  charges: number;
  discount: number;
  payments: readonly { amount: number }[];
};

/** What an order's amounts come to, in thousandths. */
export type OrderTotals = {
  lineTotals: number[];
  subtotal: number;
  tax: number;
  total: number;
  paid: number;
};

export type OrderIssue = { field: string; message: string };

/**
 * The amounts of an order from its lines: a line costs unit price × quantity (the unit price includes the options
 * chosen and the tax); the total is the lines plus charges less the discount. Payments may not come to more than
 * the total. Exact: every amount is summed in thousandths.
 */
export function orderTotals(order: OrderTotalsInput): OrderTotals {
  const lineTotals = order.lines.map((l) => toMilli(l.unit_price) * l.quantity);
  const subtotal = lineTotals.reduce((a, b) => a + b, 0);
  const tax = order.lines.reduce((a, l) => a + toMilli(l.tax), 0);
  const total = subtotal + toMilli(order.charges) - toMilli(order.discount);
  const paid = order.payments.reduce((a, p) => a + toMilli(p.amount), 0);
  return { lineTotals, subtotal, tax, total, paid };
}

/** The rules of an order's amounts (the first issue of each field). */
export function orderAmountIssues(order: OrderTotalsInput & { total?: number }, totals = orderTotals(order)) {
  const issues: OrderIssue[] = [];
  const tooLarge = `Comes to ${MONEY_MAX.toLocaleString('en')} or more`;
  order.lines.forEach((l, i) => {
    if (totals.lineTotals[i]! >= MONEY_MAX * 1000) issues.push({ field: `lines.${i}.quantity`, message: tooLarge });
    else if (toMilli(l.tax) > totals.lineTotals[i]!)
      issues.push({ field: `lines.${i}.tax`, message: 'Tax cannot be more than the line total' });
  });
  if (issues.length === 0 && totals.subtotal >= MONEY_MAX * 1000) issues.push({ field: 'lines', message: tooLarge });
  if (totals.total >= MONEY_MAX * 1000) issues.push({ field: 'charges', message: tooLarge });
  if (totals.total < 0) issues.push({ field: 'discount', message: 'The discount is more than the order' });
  if (order.total !== undefined && toMilli(order.total) !== totals.total) {
    issues.push({
      field: 'total',
      message: `Does not match the lines, charges and discount (${(totals.total / 1000).toFixed(3)})`,
    });
  }
  if (totals.paid > Math.max(totals.total, 0))
    issues.push({ field: 'payments', message: 'Payments come to more than the order total' });
  return issues;
}

/** none, partial or full, from what was paid and what was refunded. */
export function refundStateOf(paidMilli: number, refundedMilli: number): RefundState {
  if (refundedMilli <= 0) return 'none';
  return refundedMilli >= paidMilli ? 'full' : 'partial';
}
