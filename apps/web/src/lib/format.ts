import dayjs from 'dayjs';

/** Spec 000 §9 formats. */
export const DATE_FORMAT = 'DD-MM-YYYY';
export const SYNC_TIME_FORMAT = 'DD-MM-YYYY HH:mm';

/** The last data-sync time as DD-MM-YYYY HH:mm in local time; null when unknown or unreadable. */
export function formatSyncTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = dayjs(value);
  return time.isValid() ? time.format(SYNC_TIME_FORMAT) : null;
}
