import dayjs from 'dayjs';
import { SYNC_TIME_FORMAT } from '../../lib/format';
import { currentRegion } from '../../lib/region';

/** A time of the API (ISO with offset) as DD-MM-YYYY HH:mm local time (spec 000 §9); '—' when none. */
export const formatTime = (value: string | Date | null | undefined) =>
  value ? (dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : String(value)) : '—';

const counts = new Intl.NumberFormat(currentRegion().language);
/** A count as this deployment writes numbers. */
export const formatCount = (value: number) => counts.format(value);

/** The local hour of a send time (now when none): what the region's sending hours are checked against. */
export const localHourOf = (iso: string | null) => (iso ? new Date(iso) : new Date()).getHours();
