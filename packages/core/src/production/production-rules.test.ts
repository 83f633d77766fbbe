import { describe, expect, it } from 'vitest';
import {
  productionLinesBody,
  productionSessions,
  productionMethodSchema,
  proposeLines,
  proposeQuantity,
  refreshLines,
  sameWeekdays,
  weekdayOf,
} from './production-rules.js';

const avg = productionMethodSchema.parse({});
const peak = productionMethodSchema.parse({ method: 'peak' });

describe('production proposal', () => {
  it('averages the same weekdays, weeks without a sale counting as 0, rounded up to whole portions', () => {
    expect(proposeQuantity([10, 12, 11, 13], avg)).toBe(12); // 11.5 → 12
    expect(proposeQuantity([10, 0, 0, 10], avg)).toBe(5);
    expect(proposeQuantity([1, 0, 0, 0], avg)).toBe(1); // 0.25 → 1
    expect(proposeQuantity([8, 8, 8, 8], avg)).toBe(8); // exact stays
  });

  it('peak takes its share of the highest day; a buffer adds on top', () => {
    expect(proposeQuantity([10, 20, 15, 5], peak)).toBe(16); // 80 % of 20
    expect(proposeQuantity([10, 20, 15, 5], { ...peak, peak_pct: 100 })).toBe(20);
    expect(proposeQuantity([10, 12, 11, 13], { ...avg, buffer_pct: 10 })).toBe(13); // 12.65 → 13
    expect(proposeQuantity([10, 10], { ...avg, buffer_pct: 10 })).toBe(11); // 11.000000000000002 stays 11
    expect(proposeQuantity([3], { ...peak, buffer_pct: 100 })).toBe(5); // 2.4 × 2 = 4.8 → 5
  });

  it('proposes nothing for an item that did not sell in the window; refunds below zero count as 0', () => {
    expect(proposeQuantity([0, 0, 0, 0], avg)).toBeNull();
    expect(proposeQuantity([0, -2, 0, 0], avg)).toBeNull();
    expect(proposeQuantity([4, -2, 0, 0], avg)).toBe(1);
    expect(proposeQuantity([], avg)).toBeNull();
  });

  it('looks at the same weekday of the N weeks before, oldest first', () => {
    expect(sameWeekdays('2031-03-13', 4)).toEqual(['2031-02-13', '2031-02-20', '2031-02-27', '2031-03-06']);
    expect(sameWeekdays('2031-01-02', 1)).toEqual(['2030-12-26']);
    expect(weekdayOf('2031-03-13')).toBe('Thursday');
  });

  it('lists the items sold, most first, with their history', () => {
    const dates = sameWeekdays('2031-03-13', 2);
    const lines = proposeLines(
      [
        { foodid: 'a', foodname: 'Chai', byDate: { [dates[0]!]: 3, [dates[1]!]: 5 } },
        { foodid: 'b', foodname: 'Biryani', byDate: { [dates[1]!]: 20 } },
        { foodid: 'c', foodname: 'Old', byDate: { '2031-01-01': 9 } },
      ],
      dates,
      avg,
    );
    expect(lines).toEqual([
      { foodid: 'b', foodname: 'Biryani', history: [0, 20], proposed: 10 },
      { foodid: 'a', foodname: 'Chai', history: [3, 5], proposed: 4 },
    ]);
  });

  it('a refresh keeps hand changes, drops untouched lines no longer sold, and counts what it kept', () => {
    const existing = [
      { foodid: 'a', foodname: 'A', proposed: 4, planned: 6, history: [4, 4], note: '' },
      { foodid: 'b', foodname: 'B', proposed: 3, planned: 3, history: [3, 3], note: '' },
      { foodid: 'c', foodname: 'C', proposed: 2, planned: 2, history: [2, 2], note: 'event' },
      { foodid: 'd', foodname: 'D', proposed: 2, planned: 2, history: [2, 2], note: '' },
    ];
    const { lines, kept } = refreshLines(
      existing,
      [
        { foodid: 'a', foodname: 'A', history: [5, 5], proposed: 5 },
        { foodid: 'b', foodname: 'B', history: [7, 7], proposed: 7 },
      ],
      2,
    );
    expect(kept).toBe(2);
    expect(lines).toEqual([
      { foodid: 'a', foodname: 'A', history: [5, 5], proposed: 5, planned: 6, note: '' },
      { foodid: 'b', foodname: 'B', history: [7, 7], proposed: 7, planned: 7, note: '' },
      { foodid: 'c', foodname: 'C', history: [0, 0], proposed: 0, planned: 2, note: 'event' },
    ]);
  });

  it('checks hand adjustments: 0 to 999,999, notes up to 200 characters, an item once', () => {
    const ok = productionLinesBody.safeParse({
      lines: [
        { foodid: 'a', planned: 0 },
        { foodid: 'b', planned: 999_999 },
      ],
    });
    expect(ok.success).toBe(true);
    const bad = (lines: object[]) => productionLinesBody.safeParse({ lines }).error?.issues[0]?.path.join('.');
    expect(bad([{ foodid: 'a', planned: -1 }])).toBe('lines.0.planned');
    expect(bad([{ foodid: 'a', planned: 1_000_000 }])).toBe('lines.0.planned');
    expect(bad([{ foodid: 'a', planned: 1, note: 'x'.repeat(201) }])).toBe('lines.0.note');
    expect(
      bad([
        { foodid: 'a', planned: 1 },
        { foodid: 'a', planned: 2 },
      ]),
    ).toBe('lines.1.foodid');
  });

  it('offers all day first, then the session list and the sessions sold in', () => {
    expect(productionSessions(['Breakfast', 'Lunch'], ['Lunch', 'Dinner', ''])).toEqual([
      'all_day',
      'Breakfast',
      'Lunch',
      'Dinner',
    ]);
  });
});
