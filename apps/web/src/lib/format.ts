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

/**
 * The browser's IANA time zone: every time the app shows (the top bar's last sync, list times, the dashboard's
 * hours) is in it, so they agree (issue 35). UTC when the browser names none.
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
