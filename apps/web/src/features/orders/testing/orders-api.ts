import type { OrderDetail, OrderSummary, RefundSummary, RefundView } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};
/** Order history only: no Refund. */
export const VIEWER = {
  name: 'Viewer',
  userid: 'demo.viewer',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: false, pagepermissionaccess: ['preorderhistory'] },
};

/** Order 7 in pounds: 2 × Ramen (with an option) and 1 × Tea, paid 27.50 by card. */
export function orderSeven(): OrderDetail {
  return {
    order_id: 7,
    order_number: 'RVK-0007',
    restaurant: 'fc-ldn-river:noodle-house',
    restaurant_name: 'Noodle House',
    foodcourt: 'fc-ldn-river',
    foodcourt_name: 'Riverside Kitchen',
    channel: 'kiosk',
    order_type: 'dine_in',
    status: 'completed',
    session: 'Lunch',
    business_date: '2026-03-02',
    placed_at: '2026-03-02T12:41:07Z',
    customer_ref: 'EMP-1',
    currency: 'GBP',
    total: 27.5,
    paid: 27.5,
    refunded: 0,
    refund_state: 'none',
    item_count: 3,
    subtotal: 27.5,
    charges: 0,
    discount: 0,
    tax: 4.58,
    refundable: 27.5,
    api_client: 'kiosk-river',
    created_at: '2026-03-02T12:41:08Z',
    updated_at: '2026-03-02T12:41:08Z',
    version: 1,
    lines: [
      {
        line_id: 71,
        line_no: 1,
        foodid: 'ramen',
        name: 'Tonkotsu Ramen',
        options: [{ name: 'Extra egg', group: 'Toppings', price: 1.5 }],
        quantity: 2,
        unit_price: 12.5,
        line_total: 25,
        tax: 4.16,
        refunded_quantity: 0,
        refunded_amount: 0,
      },
      {
        line_id: 72,
        line_no: 2,
        foodid: 'tea',
        name: 'Green Tea',
        options: [],
        quantity: 1,
        unit_price: 2.5,
        line_total: 2.5,
        tax: 0.42,
        refunded_quantity: 0,
        refunded_amount: 0,
      },
    ],
    payments: [{ payment_id: 1, tender: 'card', amount: 27.5, reference: 'TXN-1', paid_at: '2026-03-02T12:41:07Z' }],
    status_history: [
      { status: 'placed', at: '2026-03-02T12:41:07Z', source: 'kiosk-river', note: '' },
      { status: 'completed', at: '2026-03-02T12:55:00Z', source: 'kiosk-river', note: 'Collected' },
    ],
    refunds: [],
    subscription_id: null,
    offers: [],
  };
}

const summaryOf = (o: OrderDetail): OrderSummary => {
  const { foodcourt_name: _f, subtotal: _s, charges: _c, discount: _d, tax: _t, refundable: _r, ...rest } = o;
  const { api_client: _a, created_at: _ca, updated_at: _u, version: _v, lines: _l, payments: _p, ...summary } = rest;
  const { status_history: _h, refunds: _rf, offers: _of, subscription_id: _sub, ...row } = summary;
  return row;
};

/** The order endpoints as the server answers them; a refund changes the order the next read returns. */
export function ordersApi(options: { refundReply?: () => MockReply | undefined } = {}) {
  const order = orderSeven();
  const other: OrderSummary = { ...summaryOf(order), order_id: 8, order_number: 'RVK-0008', total: 5, paid: 5 };
  const refunds: RefundSummary[] = [];
  const record: MockCall[] = [];
  const fetchMock = mockApiRoutes(
    {
      'GET orders': () => ({ body: { orders: [summaryOf(order), other], total: 2 } }),
      'GET orders/7': () => ({ body: { order } }),
      'GET refunds': () => ({ body: { refunds, total: refunds.length } }),
      'POST orders/7/refunds': ({ body }) => {
        const early = options.refundReply?.();
        if (early) return early;
        const lines = (body.lines as { line_id: number; quantity: number }[]).map((l) => {
          const line = order.lines.find((x) => x.line_id === l.line_id)!;
          const amount = (line.line_total / line.quantity) * l.quantity;
          line.refunded_quantity += l.quantity;
          line.refunded_amount += amount;
          return { line_id: l.line_id, name: line.name, quantity: l.quantity, amount };
        });
        const amount = lines.reduce((a, l) => a + l.amount, 0);
        const refund: RefundView = {
          refund_id: 900,
          order_id: 7,
          kind: 'lines',
          amount,
          reason: String(body.reason),
          created_by: 'demo.admin',
          created_at: '2026-03-03T09:00:00Z',
          lines,
        };
        order.refunds.push(refund);
        order.refunded += amount;
        order.refundable -= amount;
        order.refund_state = 'partial';
        refunds.push({
          ...refund,
          order_number: order.order_number,
          restaurant: order.restaurant,
          restaurant_name: order.restaurant_name,
          currency: 'GBP',
        });
        return { body: { message: 'Refund recorded', refund, order } };
      },
    },
    { record },
  );
  return { fetchMock, record, order };
}
