import dayjs from 'dayjs';
import { SYNC_TIME_FORMAT } from '../../lib/format';
import { currentRegion } from '../../lib/region';

/** A time of the API (ISO with offset) as DD-MM-YYYY HH:mm local time (spec 000 §9); '—' when none. */
export const formatTime = (value: string | null | undefined) =>
  value ? (dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : value) : '—';

const counts = new Intl.NumberFormat(currentRegion().language);
/** A count as this deployment writes numbers. */
export const formatCount = (value: number) => counts.format(value);
