import dayjs from 'dayjs';
import type { SubscriptionStatus } from '@cd/core';
import { DATE_FORMAT, SYNC_TIME_FORMAT } from '../../lib/format';

/** A calendar day 'YYYY-MM-DD' as DD-MM-YYYY (spec 000 §9); '—' when none. */
export const formatDay = (value: string | null | undefined) =>
  value ? (dayjs(value).isValid() ? dayjs(value).format(DATE_FORMAT) : value) : '—';

/** A local time 'YYYY-MM-DDTHH:mm' as DD-MM-YYYY HH:mm (read as local time, so it is shown as written). */
export const formatLocalTime = (value: string) =>
  dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : value;

/** Today as 'YYYY-MM-DD' (local). */
export const today = (now = new Date()) => dayjs(now).format('YYYY-MM-DD');

/** The weekday numbers of a plan, Sunday (0) to Saturday (6). */
export const WEEKDAY_NUMBERS = [0, 1, 2, 3, 4, 5, 6] as const;

/** What a subscription of a status may do: pause or cancel while it runs, resume while paused, nothing once cancelled. */
export function actionsFor(status: SubscriptionStatus): ('pause' | 'resume' | 'cancel')[] {
  if (status === 'paused') return ['resume', 'cancel'];
  if (status === 'cancelled') return [];
  return ['pause', 'cancel'];
}
