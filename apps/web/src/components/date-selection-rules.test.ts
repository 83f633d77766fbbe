import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DATES, isCompleteDate, planAddition } from './date-selection-rules';
import { expandRange, formatIsoDate, mergeDates, parseIsoDate } from './date-values';

const d = (iso: string) => dayjs(iso);

describe('date values', () => {
  it('parses only strict YYYY-MM-DD and formats it DD-MM-YYYY', () => {
    expect(parseIsoDate('2025-02-30')).toBeNull();
    expect(parseIsoDate('15-03-2025')).toBeNull();
    expect(formatIsoDate('2025-03-05')).toBe('05-03-2025');
  });

  it('expands a range across a month and a leap day, both ends included', () => {
    expect(expandRange(d('2024-02-28'), d('2024-03-01'))).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('merges sorted without duplicates', () => {
    expect(mergeDates(['2025-01-03', '2025-01-01'], ['2025-01-02', '2025-01-01'])).toEqual([
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
    ]);
  });
});

describe('planAddition', () => {
  const base = { current: [] as string[], maxDates: DEFAULT_MAX_DATES };

  it('waits for complete input', () => {
    expect(planAddition({ ...base, start: null })).toEqual({ kind: 'incomplete' });
    expect(planAddition({ ...base, start: d('2025-01-01'), end: null })).toEqual({ kind: 'incomplete' });
    expect(isCompleteDate(d('0202-03-15'))).toBe(false);
  });

  it('accepts a one-day range', () => {
    expect(planAddition({ ...base, start: d('2025-01-01'), end: d('2025-01-01') })).toEqual({
      kind: 'ready',
      next: ['2025-01-01'],
    });
  });

  it('refuses an end before the start, an end past the cap and a start before the minimum', () => {
    expect(planAddition({ ...base, start: d('2025-01-02'), end: d('2025-01-01') })).toEqual({
      kind: 'refused',
      error: { key: 'endBeforeStart' },
    });
    expect(planAddition({ ...base, start: d('2025-01-02'), maxEndDate: d('2025-01-01') })).toEqual({
      kind: 'refused',
      error: { key: 'afterMax', date: '01-01-2025' },
    });
    expect(planAddition({ ...base, start: d('2025-01-01'), minDate: d('2025-01-02') })).toEqual({
      kind: 'refused',
      error: { key: 'beforeMin', date: '02-01-2025' },
    });
  });

  it('allows a whole leap year by default and refuses a longer range without expanding it', () => {
    const leapYear = planAddition({ ...base, start: d('2024-01-01'), end: d('2024-12-31') });
    expect(leapYear.kind === 'ready' && leapYear.next.length).toBe(366);
    expect(planAddition({ ...base, start: d('2025-01-01'), end: d('2925-01-01') })).toEqual({
      kind: 'refused',
      error: { key: 'tooMany', max: 366 },
    });
  });
});
