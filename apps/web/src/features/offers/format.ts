import dayjs from 'dayjs';
import { DATE_FORMAT, SYNC_TIME_FORMAT } from '../../lib/format';

/** A time of the API (ISO) as DD-MM-YYYY HH:mm local time (spec 000 §9); '—' when none. */
export const formatTime = (value: string | null | undefined) =>
  value ? (dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : value) : '—';

/** A calendar day 'YYYY-MM-DD' as DD-MM-YYYY. */
export const formatDay = (value: string) => (dayjs(value).isValid() ? dayjs(value).format(DATE_FORMAT) : value);

/** Now as the local `YYYY-MM-DDTHH:mm` a cart is priced at. */
export const localNow = (now = new Date()) => dayjs(now).format('YYYY-MM-DDTHH:mm');
