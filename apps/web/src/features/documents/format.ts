import dayjs from 'dayjs';
import { DATE_FORMAT, SYNC_TIME_FORMAT } from '../../lib/format';
import { currentRegion } from '../../lib/region';

/** A time of the API as DD-MM-YYYY HH:mm local time (spec 000 §9); '—' when none. */
export const formatTime = (value: string | null | undefined) =>
  value ? (dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : value) : '—';

/** A date (YYYY-MM-DD) as DD-MM-YYYY; '—' when none. */
export const formatDate = (value: string | null | undefined) =>
  value ? (dayjs(value).isValid() ? dayjs(value).format(DATE_FORMAT) : value) : '—';

const numbers = new Intl.NumberFormat(currentRegion().language, { maximumFractionDigits: 1 });

/** A file's size in KB or MB. */
export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${numbers.format(bytes / 1024 / 1024)} MB`
    : `${numbers.format(Math.max(1, bytes / 1024))} KB`;
