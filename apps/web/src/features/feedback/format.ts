import { formatSyncTime } from '../../lib/format';

/** A time of the API (ISO with offset) as DD-MM-YYYY HH:mm local time (spec 000 §9). */
export const formatTime = (value: string) => formatSyncTime(value) ?? value;

/** "★★☆☆☆ 2/5", or a dash for a ticket without a rating. */
export const stars = (rating: number | null, max = 5) =>
  rating === null ? '—' : `${'★'.repeat(rating)}${'☆'.repeat(Math.max(0, max - rating))} ${rating}/${max}`;
