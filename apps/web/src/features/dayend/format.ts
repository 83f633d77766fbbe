import dayjs from 'dayjs';
import type { DayState, SapLog } from '@cd/core';
import { formatIsoDate, ISO_DATE } from '../../components/date-values';
import { SYNC_TIME_FORMAT } from '../../lib/format';

/** A time of the API (ISO with offset) as DD-MM-YYYY HH:mm local time (spec 000 §9). */
export const formatTime = (value: string | null | undefined) =>
  value ? (dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : value) : '—';
export const formatDate = formatIsoDate;

/** The business day a page opens on: yesterday, the last day that can be closed whole. */
export const yesterday = () => dayjs().subtract(1, 'day').format(ISO_DATE);
export const today = () => dayjs().format(ISO_DATE);
/** 'YYYY-MM-DD' moved by days. */
export const addDays = (date: string, days: number) => dayjs(date, ISO_DATE).add(days, 'day').format(ISO_DATE);

type ChipColor = 'default' | 'success' | 'warning' | 'error' | 'info';

export const DAY_STATE_COLOR: Record<DayState, ChipColor> = { open: 'warning', closed: 'success', reopened: 'info' };
export const SAP_STATUS_COLOR: Record<SapLog['status'], ChipColor> = {
  built: 'default',
  sent: 'success',
  downloaded: 'info',
  failed: 'error',
};
