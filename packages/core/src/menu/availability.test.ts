import { describe, expect, it } from 'vitest';
import { isUnavailable } from './availability.js';
import { ALL_DAYS } from './item.js';

const noDay = Object.fromEntries(Object.keys(ALL_DAYS).map((d) => [d, false])) as typeof ALL_DAYS;

describe('isUnavailable (issue 21 point 7)', () => {
  it('is true only for an item sold on no weekday and no date', () => {
    expect(isUnavailable({ daysavailable: noDay, datesavailable: [] })).toBe(true);
    expect(isUnavailable({ daysavailable: { ...noDay, Sunday: true }, datesavailable: [] })).toBe(false);
    expect(isUnavailable({ daysavailable: noDay, datesavailable: ['24-12-2026'] })).toBe(false);
    expect(isUnavailable({ daysavailable: ALL_DAYS, datesavailable: [] })).toBe(false);
  });

  it('takes missing days as sold (the field default is every day)', () => {
    expect(isUnavailable({})).toBe(false);
    expect(isUnavailable({ datesavailable: [] })).toBe(false);
    expect(isUnavailable({ daysavailable: { Monday: false }, datesavailable: [] })).toBe(false);
  });
});
