import { describe, expect, it } from 'vitest';
import { stockChange, stockEntryBody, stockState, stockUpdateBody } from './inventory-rules.js';
import { endOfDay, snoozeBody, snoozeUntil } from './snooze-rules.js';

describe('stock rules', () => {
  it('receipts add, wastage takes away, a count sets the level by its difference', () => {
    expect(stockChange('receipt', 2.5, 1)).toBe(2.5);
    expect(stockChange('wastage', 0.25, 1)).toBe(-0.25);
    expect(stockChange('count', 3.25, 5.5)).toBe(-2.25);
    expect(stockChange('adjust', -1, 5)).toBe(-1);
    expect(stockChange('count', 0.3, 0.1)).toBe(0.2);
  });

  it('is sold out at or below zero and low at or below the threshold', () => {
    expect(stockState(0, null)).toBe('sold_out');
    expect(stockState(-1, 5)).toBe('sold_out');
    expect(stockState(5, 5)).toBe('low');
    expect(stockState(6, 5)).toBe('ok');
    expect(stockState(1, null)).toBe('ok');
  });

  it('refuses negative counts, more than 3 decimals and items listed twice', () => {
    expect(stockEntryBody.safeParse({ entry_type: 'count', quantity: -1 }).success).toBe(false);
    expect(stockEntryBody.safeParse({ entry_type: 'receipt', quantity: 1.0005 }).success).toBe(false);
    expect(stockEntryBody.safeParse({ entry_type: 'receipt', quantity: 1.005 }).success).toBe(true);
    expect(stockEntryBody.safeParse({ entry_type: 'receipt', quantity: 0 }).success).toBe(false);
    const item = { foodid: 'a', quantity: 1, mode: 'set' };
    expect(stockUpdateBody.safeParse({ restaurant: 'r', request_id: 'x', items: [item, item] }).success).toBe(false);
  });
});

describe('snooze rules', () => {
  const now = new Date(2026, 10, 26, 13, 0, 0);
  it('ends after the minutes, at the end of the local day or at a time still to come', () => {
    expect(snoozeUntil({ minutes: 60 }, now)).toEqual({ ok: true, until: new Date(2026, 10, 26, 14, 0, 0) });
    expect(snoozeUntil({ until: 'end_of_day' }, now)).toEqual({ ok: true, until: endOfDay(now) });
    expect(endOfDay(now).getHours()).toBe(23);
    expect(snoozeUntil({ until: new Date(2026, 10, 26, 12).toISOString() }, now).ok).toBe(false);
    expect(snoozeUntil({ until: new Date(2026, 11, 26).toISOString() }, now).ok).toBe(false);
  });

  it('takes either until or minutes', () => {
    const base = { restaurant: 'r', target_type: 'item', target_id: 'a' };
    expect(snoozeBody.safeParse(base).success).toBe(false);
    expect(snoozeBody.safeParse({ ...base, minutes: 60, until: 'end_of_day' }).success).toBe(false);
    expect(snoozeBody.safeParse({ ...base, until: 'end_of_day' }).success).toBe(true);
  });
});
