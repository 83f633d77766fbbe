import type { ReportColumn, ReportRow } from '@cd/core';
import { formatIsoDate } from '../../components/date-values';
import { moneyFormatter } from '../../lib/money';
import { currentRegion } from '../../lib/region';

const language = currentRegion().language;
const counts = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
const percents = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A count (orders, items) as this deployment writes numbers. */
export const formatCount = (value: number) => counts.format(value);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A cell as it is read: money in the row's own currency, dates DD-MM-YYYY, percentages with one decimal. */
export function formatCell(column: Pick<ReportColumn, 'type'>, row: ReportRow | null | undefined, key: string): string {
  const value = row?.[key];
  if (value === null || value === undefined || value === '') return '—';
  switch (column.type) {
    case 'money':
      return isNumber(value) ? moneyFormatter(String(row?.currency ?? ''))(value) : String(value);
    case 'count':
      return isNumber(value) ? counts.format(value) : String(value);
    case 'percent':
      return isNumber(value) ? `${percents.format(value)}%` : String(value);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? formatIsoDate(String(value)) : String(value);
    default:
      return String(value);
  }
}

/**
 * The change from the compared value to this one: "+12.5%" (relative) for amounts and counts, "+1.2 pt" for
 * percentages; '—' when either is missing or the compared amount is zero (no relative change exists).
 */
export function formatChange(
  column: Pick<ReportColumn, 'type'>,
  current: ReportRow | null | undefined,
  compared: ReportRow | null | undefined,
  key: string,
): string {
  const now = current?.[key];
  const before = compared?.[key];
  if (!isNumber(now) || !isNumber(before)) return '—';
  const sign = (n: number) => (n > 0 ? '+' : n < 0 ? '−' : '');
  if (column.type === 'percent') {
    const points = now - before;
    return `${sign(points)}${percents.format(Math.abs(points))} pt`;
  }
  if (before === 0) return '—';
  const change = ((now - before) / Math.abs(before)) * 100;
  return `${sign(change)}${percents.format(Math.abs(change))}%`;
}

/** The compared totals row of a currency (one totals row per currency on each side). */
export function comparedTotal(rows: readonly ReportRow[] | null, currency: unknown): ReportRow | null {
  return rows?.find((r) => r.currency === currency) ?? null;
}
