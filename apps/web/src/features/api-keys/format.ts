import { formatSyncTime } from '../../lib/format';

/** A time of the API (ISO with offset) as DD-MM-YYYY HH:mm local time (spec 000 §9). */
export const formatTime = (value: string) => formatSyncTime(value) ?? value;
