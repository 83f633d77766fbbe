import { describe, expect, it } from 'vitest';
import {
  countingDate,
  countsAsSale,
  ledgerDays,
  ledgerKey,
  lineTaxRate,
  salesFigures,
  type LedgerOrder,
} from './figures.js';

const order = (over: Partial<LedgerOrder>): LedgerOrder => ({
  restaurant: 'r',
  currency: 'INR',
  business_date: '2026-11-20',
  status: 'completed',
  subtotal: 130_000,
  discount: 0,
  charges: 0,
  tax: 6_190,
  item_count: 2,
  payments: [{ tender: 'upi', amount: 130_000, business_date: '2026-11-20' }],
  refunds: [],
  ...over,
});

describe('the figures of a business day', () => {
  it('counts a paid order that was cancelled and refunded as a sale given back, never twice', () => {
    const o = order({ status: 'cancelled', refunds: [{ amount: 130_000, business_date: '2026-11-20' }] });
    expect(countsAsSale({ status: 'cancelled', paid: 130_000 })).toBe(true);
    const day = ledgerDays([o, order({})]).get(ledgerKey('r', 'INR', '2026-11-20'))!;
    const f = salesFigures(day.sums);
    // Spice Route's case: ₹130 kept, not −₹130 (the sale left out and the refund deducted).
    expect(f.total).toBe(130_000);
    expect(f).toMatchObject({ orders: 2, cancelled: 1, gross: 260_000, refunds: 130_000, net: 130_000 });
  });

  it('counts a cancelled order that was never paid only as cancelled', () => {
    expect(countsAsSale({ status: 'cancelled', paid: 0 })).toBe(false);
    const day = ledgerDays([order({ status: 'cancelled', payments: [] })]).get(ledgerKey('r', 'INR', '2026-11-20'))!;
    expect(salesFigures(day.sums)).toMatchObject({ orders: 0, cancelled: 1, gross: 0, total: 0 });
  });

  it('puts payments and refunds on their own business dates', () => {
    const days = ledgerDays([order({ refunds: [{ amount: 20_000, business_date: '2026-11-21' }] })]);
    expect(salesFigures(days.get(ledgerKey('r', 'INR', '2026-11-20'))!.sums).total).toBe(130_000);
    expect(salesFigures(days.get(ledgerKey('r', 'INR', '2026-11-21'))!.sums)).toMatchObject({
      refunds: 20_000,
      total: -20_000,
    });
  });
});

describe('the business date a change counts on', () => {
  const closed =
    (...days: string[]) =>
    (d: string) =>
      days.includes(d);
  it("is the order's own while that day is open", () => {
    expect(countingDate('2026-11-20', '2026-11-28', closed())).toBe('2026-11-20');
  });
  it('is the first open day on or after max(today, the order day) once it is closed', () => {
    // A refund on the same UTC date as the closed day goes to the next open one.
    expect(countingDate('2026-11-28', '2026-11-28', closed('2026-11-28'))).toBe('2026-11-29');
    expect(countingDate('2026-11-20', '2026-11-28', closed('2026-11-20'))).toBe('2026-11-28');
    expect(countingDate('2026-11-20', '2026-11-28', closed('2026-11-20', '2026-11-28', '2026-11-29'))).toBe(
      '2026-11-30',
    );
    expect(countingDate('2026-12-05', '2026-11-28', closed('2026-12-05'))).toBe('2026-12-06');
  });
});

describe("a line's tax rate when the app sent none", () => {
  it('snaps what rounded amounts give to the nearest 0.5 %', () => {
    expect(lineTaxRate(40_000, 1_900)).toBe(5); // 4.99 %
    expect(lineTaxRate(105_000, 5_000)).toBe(5); // 5.00 %
    expect(lineTaxRate(10_000, 480)).toBe(5); // 5.04 %
    expect(lineTaxRate(120_000, 20_000)).toBe(20);
    expect(lineTaxRate(100_000, 0)).toBe(0);
  });
});
