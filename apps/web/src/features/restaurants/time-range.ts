/** Serving-time ranges are stored as 'HH:mm-HH:mm' (spec 001 §3.1, §3.2: delservingtime, genservingtime). */
export type TimeRange = { start: string; end: string };

const pad = (part: string) => part.padStart(2, '0');

/** One 'H:m' time as 'HH:mm' ('8:0' → '08:00'), or null. */
export function normaliseTime(text: string): string | null {
  const m = /^\s*(\d{1,2}):(\d{1,2})\s*$/.exec(text);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h > 23 || min > 59) return null;
  return `${pad(String(h))}:${pad(String(min))}`;
}

/** 'HH:mm-HH:mm' (also the legacy '8:0-21:00') as a range; null when unreadable. */
export function parseTimeRange(text: string | null | undefined): TimeRange | null {
  const [a, b, ...rest] = (text ?? '').split('-');
  if (rest.length || a === undefined || b === undefined) return null;
  const start = normaliseTime(a);
  const end = normaliseTime(b);
  return start && end ? { start, end } : null;
}

export function formatTimeRange(range: { start: string | null; end: string | null }): string {
  return `${range.start ?? ''}-${range.end ?? ''}`;
}
