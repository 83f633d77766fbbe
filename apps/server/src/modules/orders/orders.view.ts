import {
  fromMilli,
  refundStateOf,
  toMilli,
  type IngestedOrder,
  type OrderChannel,
  type OrderLine,
  type OrderStatus,
  type OrderSummary,
  type OrderType,
  type RefundKind,
  type RefundView,
} from '@cd/core';
import type { OrderLineRow, OrderRow, RefundRow } from '../../db/schema/index.js';

/** numeric's text → the API's number (exact: at most 3 decimals). */
export const amountOf = (value: string) => fromMilli(toMilli(value));

export function toIngestedOrder(o: OrderRow): IngestedOrder {
  return {
    order_id: o.id,
    order_number: o.order_number,
    restaurant: o.restaurant,
    status: o.status as OrderStatus,
    business_date: o.business_date,
    currency: o.currency,
    total: amountOf(o.total),
    paid: amountOf(o.paid),
    refunded: amountOf(o.refunded),
    version: o.version,
  };
}

export function toOrderSummary(o: OrderRow, restaurantName: string | null): OrderSummary {
  return {
    order_id: o.id,
    order_number: o.order_number,
    restaurant: o.restaurant,
    restaurant_name: restaurantName ?? '',
    foodcourt: o.foodcourt,
    channel: o.channel as OrderChannel,
    order_type: o.order_type as OrderType,
    status: o.status as OrderStatus,
    session: o.session,
    business_date: o.business_date,
    placed_at: o.placed_at.toISOString(),
    customer_ref: o.customer_ref,
    currency: o.currency,
    total: amountOf(o.total),
    paid: amountOf(o.paid),
    refunded: amountOf(o.refunded),
    refund_state: refundStateOf(toMilli(o.paid), toMilli(o.refunded)),
    item_count: o.item_count,
  };
}

export function toOrderLine(l: OrderLineRow): OrderLine {
  return {
    line_id: l.id,
    line_no: l.line_no,
    foodid: l.foodid,
    name: l.name,
    options: l.options,
    quantity: l.quantity,
    unit_price: amountOf(l.unit_price),
    line_total: amountOf(l.line_total),
    tax: amountOf(l.tax),
    refunded_quantity: l.refunded_quantity,
    refunded_amount: amountOf(l.refunded_amount),
  };
}

export function toRefundView(
  r: RefundRow,
  lines: { line_id: number; name: string; quantity: number; amount: string }[],
): RefundView {
  return {
    refund_id: r.id,
    order_id: r.order_id,
    kind: r.kind as RefundKind,
    amount: amountOf(r.amount),
    reason: r.reason,
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
    lines: lines.map((l) => ({ line_id: l.line_id, name: l.name, quantity: l.quantity, amount: amountOf(l.amount) })),
  };
}
