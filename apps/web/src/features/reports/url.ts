import dayjs from 'dayjs';
import { addDays, ORDER_CHANNELS, ORDER_TYPES, REPORT_COMPARISONS, SESSION_NAMES, type ReportRunBody } from '@cd/core';
import { defineUrlState, param, type UrlState } from '../../lib/url-state';

export const REPORT_SESSIONS = [...SESSION_NAMES, 'none'] as const;

/**
 * A report runner's address (linkable, survives reload): the report, its filters and the comparison, and the
 * schedule dialog. A runner on a page with other state (the hub's tax log) keeps its keys apart with a prefix.
 */
export const runnerUrl = defineUrlState({
  report: param.id(),
  from: param.isoDate(),
  to: param.isoDate(),
  foodcourt: param.id(),
  restaurant: param.id(),
  session: param.oneOf(REPORT_SESSIONS),
  channel: param.oneOf(ORDER_CHANNELS),
  order_type: param.oneOf(ORDER_TYPES),
  compare: param.oneOfOr(REPORT_COMPARISONS, 'none'),
  dialog: param.oneOf(['schedule'] as const),
});
export type RunnerState = UrlState<typeof runnerUrl>;

/** Today as the browser's calendar has it (YYYY-MM-DD). */
export const today = () => dayjs().format('YYYY-MM-DD');

/** The period a report shows when the address names none: the last 7 days, ending yesterday. */
export function defaultPeriod(day = today()): { from: string; to: string } {
  return { from: addDays(day, -7), to: addDays(day, -1) };
}

/** The period of the address, each end defaulting to the last 7 days'. */
export function periodOf(state: Pick<RunnerState, 'from' | 'to'>, day = today()): { from: string; to: string } {
  const fallback = defaultPeriod(day);
  return { from: state.from ?? fallback.from, to: state.to ?? fallback.to };
}

/** The body of POST /reports/run (and /export) for a report and the address's filters. */
export function runBodyOf(report: string, state: RunnerState, day = today()): ReportRunBody {
  const { from, to } = periodOf(state, day);
  return {
    report,
    from,
    to,
    restaurants: state.restaurant ? [state.restaurant] : [],
    ...(state.foodcourt ? { foodcourt: state.foodcourt } : {}),
    ...(state.session ? { session: state.session } : {}),
    ...(state.channel ? { channel: state.channel } : {}),
    ...(state.order_type ? { order_type: state.order_type } : {}),
    compare: state.compare,
  };
}
