import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  planRefund,
  lineShare,
  refundableAmount,
  MAX_REFUNDS_PER_ORDER,
  type RefundableOrder,
} from './refund-rules.js';

const line = (line_id: number, quantity: number, total: number) => ({
  line_id,
  quantity,
  line_total: total,
  refunded_quantity: 0,
  refunded_amount: 0,
});
/** 3 × 100.00 and 1 × 50.00, paid 350.00 in full. */
const order = (over: Partial<RefundableOrder> = {}): RefundableOrder => ({
  paid: 350_000,
  refunded: 0,
  refund_count: 0,
  decimals: 2,
  lines: [line(1, 3, 300_000), line(2, 1, 50_000)],
  ...over,
});

describe('refund rules', () => {
  it('refunds everything left with a full refund, every line included', () => {
    const out = planRefund(order({ refunded: 50_000 }), { kind: 'full' });
    expect(out).toEqual({
      ok: true,
      plan: {
        amount: 300_000,
        lines: [
          { line_id: 1, quantity: 3, amount: 300_000 },
          { line_id: 2, quantity: 1, amount: 50_000 },
        ],
      },
    });
  });

  it('refunds an amount up to what is left, never more', () => {
    expect(planRefund(order(), { kind: 'amount', amount: 350 })).toMatchObject({ ok: true, plan: { amount: 350_000 } });
    const over = planRefund(order({ refunded: 100_000 }), { kind: 'amount', amount: 250.01 });
    expect(over).toMatchObject({ ok: false, refusal: { status: 409, code: 'refundExceedsPaid', field: 'amount' } });
    expect(over.ok || over.refusal.message).toContain('At most 250.00 can be refunded');
  });

  it('refuses amounts finer than the currency and amounts of nothing', () => {
    expect(planRefund(order(), { kind: 'amount', amount: 1.005 })).toMatchObject({
      ok: false,
      refusal: { status: 400, field: 'amount' },
    });
    expect(planRefund(order({ decimals: 3 }), { kind: 'amount', amount: 1.005 }).ok).toBe(true);
    expect(planRefund(order(), { kind: 'amount', amount: 0 })).toMatchObject({ ok: false, refusal: { status: 400 } });
  });

  it('refunds units of lines at their share, the last unit taking the rounding', () => {
    const three = { ...order(), lines: [line(1, 3, 100_000)] };
    const first = planRefund(three, { kind: 'lines', lines: [{ line_id: 1, quantity: 1 }] });
    expect(first).toEqual({ ok: true, plan: { amount: 33_330, lines: [{ line_id: 1, quantity: 1, amount: 33_330 }] } });
    const after = { ...three.lines[0]!, refunded_quantity: 1, refunded_amount: 33_330 };
    expect(lineShare(after, 1, 2)).toBe(33_340);
    expect(lineShare({ ...after, refunded_quantity: 2, refunded_amount: 66_670 }, 1, 2)).toBe(33_330);
  });

  it('refuses more units than are left, unknown and repeated lines', () => {
    const partly = order({ lines: [{ ...line(1, 3, 300_000), refunded_quantity: 2, refunded_amount: 200_000 }] });
    expect(planRefund(partly, { kind: 'lines', lines: [{ line_id: 1, quantity: 2 }] })).toMatchObject({
      ok: false,
      refusal: { status: 409, code: 'refundQuantityTooHigh', field: 'lines.0.quantity' },
    });
    expect(planRefund(order(), { kind: 'lines', lines: [{ line_id: 9, quantity: 1 }] })).toMatchObject({
      ok: false,
      refusal: { status: 400, field: 'lines.0.line_id' },
    });
    expect(
      planRefund(order(), {
        kind: 'lines',
        lines: [
          { line_id: 2, quantity: 1 },
          { line_id: 2, quantity: 1 },
        ],
      }),
    ).toMatchObject({ ok: false, refusal: { field: 'lines.1.line_id' } });
  });

  it('refuses lines worth more than is left to refund (a discounted order)', () => {
    const discounted = order({ paid: 300_000 });
    expect(
      planRefund(discounted, {
        kind: 'lines',
        lines: [
          { line_id: 1, quantity: 3 },
          { line_id: 2, quantity: 1 },
        ],
      }),
    ).toMatchObject({ ok: false, refusal: { code: 'refundExceedsPaid', field: 'lines' } });
  });

  it('refuses orders with nothing paid, nothing left, or too many refunds', () => {
    expect(planRefund(order({ paid: 0 }), { kind: 'full' })).toMatchObject({
      ok: false,
      refusal: { code: 'nothingPaid' },
    });
    expect(planRefund(order({ refunded: 350_000 }), { kind: 'full' })).toMatchObject({
      ok: false,
      refusal: { code: 'alreadyRefunded' },
    });
    expect(planRefund(order({ refund_count: MAX_REFUNDS_PER_ORDER }), { kind: 'amount', amount: 1 })).toMatchObject({
      ok: false,
      refusal: { code: 'tooManyRefunds' },
    });
  });

  it('never refunds more than was paid, whatever the sequence of refunds', () => {
    const step = fc.oneof(
      fc.constant({ kind: 'full' as const }),
      fc.integer({ min: 1, max: 400_00 }).map((cents) => ({ kind: 'amount' as const, amount: cents / 100 })),
      fc
        .record({ line_id: fc.constantFrom(1, 2, 3), quantity: fc.integer({ min: 1, max: 4 }) })
        .map((l) => ({ kind: 'lines' as const, lines: [l] })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 350_00 }), fc.array(step, { maxLength: 30 }), (paidCents, steps) => {
        let state = order({
          paid: paidCents * 10,
          lines: [line(1, 3, 100_000), line(2, 1, 50_000), line(3, 4, 99_990)],
        });
        for (const request of steps) {
          const out = planRefund(state, request);
          if (!out.ok) continue;
          expect(out.plan.amount).toBeGreaterThan(0);
          const lines = state.lines.map((l) => {
            const r = out.plan.lines.find((p) => p.line_id === l.line_id);
            return r
              ? {
                  ...l,
                  refunded_quantity: l.refunded_quantity + r.quantity,
                  refunded_amount: l.refunded_amount + r.amount,
                }
              : l;
          });
          state = { ...state, refunded: state.refunded + out.plan.amount, refund_count: state.refund_count + 1, lines };
          expect(state.refunded).toBeLessThanOrEqual(state.paid);
          for (const l of state.lines) {
            expect(l.refunded_quantity).toBeLessThanOrEqual(l.quantity);
            expect(l.refunded_amount).toBeLessThanOrEqual(l.line_total);
          }
        }
        expect(refundableAmount(state)).toBe(state.paid - state.refunded);
      }),
    );
  });
});
