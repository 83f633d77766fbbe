import dayjs from 'dayjs';
import { SYNC_TIME_FORMAT } from '../../lib/format';

/** A time of the API (ISO with offset) as DD-MM-YYYY HH:mm local time (spec 000 §9); '—' when none. */
export const formatTime = (value: string | null | undefined) =>
  value ? (dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : value) : '—';
