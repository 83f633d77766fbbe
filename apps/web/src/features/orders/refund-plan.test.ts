import { describe, expect, it } from 'vitest';
import { checkRefund, type RefundDraft } from './refund-plan';
import { orderSeven } from './testing/orders-api';

const draft = (patch: Partial<RefundDraft>): RefundDraft => ({
  kind: 'lines',
  units: {},
  amount: '',
  reason: 'x',
  ...patch,
});

describe('checkRefund (core refundBody + planRefund on the order shown)', () => {
  it('plans lines, an amount and a full refund as the server would', () => {
    expect(checkRefund(orderSeven(), draft({ units: { 71: '1', 72: '' } }))).toMatchObject({
      amount: 12.5,
      body: { kind: 'lines', lines: [{ line_id: 71, quantity: 1 }] },
    });
    expect(checkRefund(orderSeven(), draft({ kind: 'amount', amount: '3.25' })).amount).toBe(3.25);
    expect(checkRefund(orderSeven(), draft({ kind: 'full' })).amount).toBe(27.5);
  });

  it('refuses what the server refuses, quietly while nothing is entered', () => {
    expect(checkRefund(orderSeven(), draft({})).problem).toMatchObject({ field: 'lines', quiet: true });
    expect(checkRefund(orderSeven(), draft({ kind: 'amount', amount: '27.51' })).problem).toMatchObject({
      field: 'amount',
      quiet: false,
      message: expect.stringMatching(/^At most 27\.50 can be refunded/),
    });
    expect(checkRefund(orderSeven(), draft({ kind: 'amount', amount: '1.005' })).problem?.message).toMatch(/2 decimal/);
    expect(checkRefund(orderSeven(), draft({ units: { 72: '2' } })).problem?.message).toBe(
      'Only 1 of 1 can still be refunded',
    );
    expect(checkRefund(orderSeven(), draft({ kind: 'full', reason: ' ' })).problem).toMatchObject({
      field: 'reason',
      quiet: true,
    });
    const refunded = { ...orderSeven(), refunded: 27.5, refundable: 0 };
    expect(checkRefund(refunded, draft({ kind: 'full' })).problem?.message).toMatch(/has been refunded/);
  });
});
