import { describe, expect, it } from 'vitest';
import { fromMilli, milliText, roundMilli, toMilli } from './money.js';
import { canChangeOrderStatus, orderAmountIssues, orderTotals, refundStateOf } from './order-rules.js';

describe('order amounts', () => {
  it('sums exactly, in thousandths', () => {
    expect(toMilli(0.1) + toMilli(0.2)).toBe(toMilli(0.3));
    expect(toMilli('12.345')).toBe(12_345);
    expect(fromMilli(12_345)).toBe(12.345);
    expect(milliText(480_000)).toBe('480.000');
    expect(roundMilli(33_333, 2)).toBe(33_330);
    expect(roundMilli(33_335, 2)).toBe(33_340);
    expect(roundMilli(1_500, 0)).toBe(2_000);
  });

  it('totals the lines, charges and discount, and checks payments and a given total', () => {
    const order = {
      lines: [
        { quantity: 2, unit_price: 220, tax: 20.95 },
        { quantity: 3, unit_price: 0.1, tax: 0 },
      ],
      charges: 10,
      discount: 0.3,
      payments: [{ amount: 450 }],
    };
    const totals = orderTotals(order);
    expect(totals).toEqual({
      lineTotals: [440_000, 300],
      subtotal: 440_300,
      tax: 20_950,
      total: 450_000,
      paid: 450_000,
    });
    expect(orderAmountIssues({ ...order, total: 450 })).toEqual([]);
    expect(orderAmountIssues({ ...order, total: 449.99 }).map((i) => i.field)).toEqual(['total']);
    expect(orderAmountIssues({ ...order, payments: [{ amount: 450.001 }] }).map((i) => i.field)).toEqual(['payments']);
    expect(orderAmountIssues({ ...order, discount: 1000, payments: [] }).map((i) => i.field)).toEqual(['discount']);
    expect(
      orderAmountIssues({ ...order, lines: [{ quantity: 1, unit_price: 1, tax: 2 }], payments: [] })[0]!.field,
    ).toBe('lines.0.tax');
  });
});

describe('order status', () => {
  it('moves forwards only; completed and cancelled are final', () => {
    expect(canChangeOrderStatus('placed', 'ready')).toBe(true);
    expect(canChangeOrderStatus('ready', 'ready')).toBe(true);
    expect(canChangeOrderStatus('ready', 'preparing')).toBe(false);
    expect(canChangeOrderStatus('completed', 'cancelled')).toBe(false);
    expect(canChangeOrderStatus('cancelled', 'placed')).toBe(false);
  });

  it('says how much of the payment was refunded', () => {
    expect(refundStateOf(100, 0)).toBe('none');
    expect(refundStateOf(100, 40)).toBe('partial');
    expect(refundStateOf(100, 100)).toBe('full');
  });
});
