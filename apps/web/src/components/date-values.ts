import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** Spec 000 §9: dates show as DD-MM-YYYY, times as HH:mm (24-hour). */
export const DATE_FORMAT = 'DD-MM-YYYY';
export const TIME_FORMAT = 'HH:mm';
/** How the widgets exchange dates with pages and the API: ISO calendar dates, no time zone. */
export const ISO_DATE = 'YYYY-MM-DD';

/** A strict 'YYYY-MM-DD' parse; anything else is null. */
export function parseIsoDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value, ISO_DATE, true);
  return parsed.isValid() ? parsed : null;
}

/** A strict 'HH:mm' parse (on today's date); anything else is null. */
export function parseTime(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value, TIME_FORMAT, true);
  return parsed.isValid() ? parsed : null;
}

export function toIsoDate(date: Dayjs): string {
  return date.format(ISO_DATE);
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY'; an unparsable value is shown as it is. */
export function formatIsoDate(value: string): string {
  return parseIsoDate(value)?.format(DATE_FORMAT) ?? value;
}

/** Number of calendar days from start to end, both included (0 when end is before start). */
export function daysInRange(start: Dayjs, end: Dayjs): number {
  const span = end.startOf('day').diff(start.startOf('day'), 'day');
  return span < 0 ? 0 : span + 1;
}

/** Every date from start to end, both included, as 'YYYY-MM-DD'. */
export function expandRange(start: Dayjs, end: Dayjs): string[] {
  const count = daysInRange(start, end);
  return Array.from({ length: count }, (_, index) => toIsoDate(start.add(index, 'day')));
}

/** Sorted ascending without duplicates; ISO dates sort as strings. */
export function mergeDates(current: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...current, ...added])].sort();
}
