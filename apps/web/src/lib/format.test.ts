import { describe, expect, it } from 'vitest';
import { browserTimeZone, formatSyncTime } from './format';

describe('formatSyncTime', () => {
  it('writes DD-MM-YYYY HH:mm in local time, 24-hour', () => {
    expect(formatSyncTime('2026-03-05T09:07:00')).toBe('05-03-2026 09:07');
    expect(formatSyncTime('2026-12-31T23:59:59')).toBe('31-12-2026 23:59');
  });

  it('converts an ISO time with an offset to local time', () => {
    const iso = '2026-03-05T09:07:00.000Z';
    const local = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(local.getDate())}-${pad(local.getMonth() + 1)}-${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
    expect(formatSyncTime(iso)).toBe(expected);
  });

  it('is null when unknown or unreadable', () => {
    expect(formatSyncTime(null)).toBeNull();
    expect(formatSyncTime(undefined)).toBeNull();
    expect(formatSyncTime('')).toBeNull();
    expect(formatSyncTime('not a time')).toBeNull();
  });
});

describe('browserTimeZone', () => {
  it("is the browser's IANA zone, the one every shown time is in", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
