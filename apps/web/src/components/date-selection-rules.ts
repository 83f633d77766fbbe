import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, daysInRange, expandRange, mergeDates, toIsoDate } from './date-values';

/** Default cap on how many dates one selection holds: a year, leap day included. */
export const DEFAULT_MAX_DATES = 366;

export type DateAddition = {
  /** A single date, or the start of a range. */
  start: Dayjs | null;
  /** The end of a range; undefined in single-date mode. */
  end?: Dayjs | null;
  current: readonly string[];
  maxDates: number;
  minDate?: Dayjs | null;
  maxEndDate?: Dayjs | null;
};

export type AdditionError =
  | { key: 'endBeforeStart' }
  | { key: 'afterMax'; date: string }
  | { key: 'beforeMin'; date: string }
  | { key: 'tooMany'; max: number };

/** What pressing Add would do: nothing yet (incomplete input), refuse with a reason, or the new selection. */
export type AdditionPlan =
  { kind: 'incomplete' } | { kind: 'refused'; error: AdditionError } | { kind: 'ready'; next: string[] };

/** A field holds a usable date only once it is valid and its year has four digits (typing '2' is not year 2). */
export function isCompleteDate(date: Dayjs | null | undefined): date is Dayjs {
  return Boolean(date && date.isValid() && date.year() >= 1000);
}

/** The rules of spec 000 §5 for a date range, plus the caps the widget takes as props. */
export function planAddition({ start, end, current, maxDates, minDate, maxEndDate }: DateAddition): AdditionPlan {
  const isRange = end !== undefined;
  if (!isCompleteDate(start) || (isRange && !isCompleteDate(end))) return { kind: 'incomplete' };
  const last = isRange && end ? end : start;

  if (last.isBefore(start, 'day')) return { kind: 'refused', error: { key: 'endBeforeStart' } };
  if (maxEndDate && last.isAfter(maxEndDate, 'day')) {
    return { kind: 'refused', error: { key: 'afterMax', date: maxEndDate.format(DATE_FORMAT) } };
  }
  if (minDate && start.isBefore(minDate, 'day')) {
    return { kind: 'refused', error: { key: 'beforeMin', date: minDate.format(DATE_FORMAT) } };
  }
  // Refuse an oversized range before expanding it, so a typo like 2025 → 2925 stays cheap.
  if (daysInRange(start, last) > maxDates) return { kind: 'refused', error: { key: 'tooMany', max: maxDates } };

  const added = isRange ? expandRange(start, last) : [toIsoDate(start)];
  const next = mergeDates(current, added);
  if (next.length > maxDates) return { kind: 'refused', error: { key: 'tooMany', max: maxDates } };
  return { kind: 'ready', next };
}
