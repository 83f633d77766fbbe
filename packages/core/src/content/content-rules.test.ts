import { describe, expect, it } from 'vitest';
import {
  bannerProgramBody,
  documentState,
  matchPicture,
  newsPostBody,
  nextOccurrences,
  notificationBody,
  notificationRegionProblems,
  pollSchema,
} from './content-rules.js';

const items = [
  { foodid: 'F-101', name: 'Paneer Tikka' },
  { foodid: 'F-102', name: 'Crème Brûlée' },
  { foodid: 'F-103', name: 'Masala Chai' },
  { foodid: 'F-104', name: 'Masala chai' },
];

describe('matchPicture', () => {
  it('matches by item id first, then by name without case, accents or punctuation', () => {
    expect(matchPicture('f-101.jpg', items)).toEqual({ kind: 'id', foodid: 'F-101', name: 'Paneer Tikka' });
    expect(matchPicture('paneer_tikka.PNG', items)).toMatchObject({ kind: 'name', foodid: 'F-101' });
    expect(matchPicture('creme-brulee.jpeg', items)).toMatchObject({ kind: 'name', foodid: 'F-102' });
  });
  it('leaves two items of one name to the user, and no match as none', () => {
    const m = matchPicture('Masala Chai.jpg', items);
    expect(m.kind).toBe('ambiguous');
    expect(m.kind === 'ambiguous' && m.candidates.map((c) => c.foodid)).toEqual(['F-103', 'F-104']);
    expect(matchPicture('pizza.jpg', items)).toEqual({ kind: 'none' });
  });
});

describe('nextOccurrences', () => {
  it('repeats daily with an interval and stops at until', () => {
    const r = { freq: 'daily' as const, interval: 2, weekdays: [], until: '2026-01-07T09:00:00Z' };
    const next = nextOccurrences('2026-01-01T09:00:00Z', r, new Date('2026-01-01T09:00:00Z'), 5);
    expect(next.map((d) => d.toISOString())).toEqual([
      '2026-01-03T09:00:00.000Z',
      '2026-01-05T09:00:00.000Z',
      '2026-01-07T09:00:00.000Z',
    ]);
  });
  it('a one-off time is next only while it is ahead', () => {
    expect(nextOccurrences('2026-01-01T09:00:00Z', null, new Date('2025-12-31T00:00:00Z'))).toHaveLength(1);
    expect(nextOccurrences('2026-01-01T09:00:00Z', null, new Date('2026-01-02T00:00:00Z'))).toHaveLength(0);
  });
  it('weekly on chosen weekdays', () => {
    const r = { freq: 'weekly' as const, interval: 1, weekdays: ['MO' as const, 'FR' as const], until: null };
    // 2026-01-01 is a Thursday
    const next = nextOccurrences('2026-01-01T08:00:00Z', r, new Date('2026-01-01T08:00:00Z'), 3);
    expect(next.map((d) => d.toISOString().slice(0, 10))).toEqual(['2026-01-02', '2026-01-05', '2026-01-09']);
  });
});

describe('notification rules', () => {
  const base = { title: 'Lunch', body: 'Hot today', channels: ['push'], audience: 'sites', foodcourts: ['fc1'] };
  it('needs sites for a site audience and a first time for a repeat', () => {
    expect(notificationBody.safeParse({ ...base, foodcourts: [] }).success).toBe(false);
    const r = notificationBody.safeParse({ ...base, recurrence: { freq: 'daily' } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['send_at']);
  });
  it('follows the region flags', () => {
    const none = { hideNotificationSelectAll: false, notificationRestriction: false, notificationRecurrence: false };
    const hour = (h: number) => () => h;
    const rec = {
      audience: 'everyone' as const,
      send_at: '2026-01-01T09:00:00Z',
      recurrence: { freq: 'daily' as const, interval: 1, weekdays: [], until: null },
    };
    expect(notificationRegionProblems(rec, none, hour(12)).map((p) => p.field)).toEqual(['recurrence']);
    expect(notificationRegionProblems(rec, { ...none, notificationRecurrence: true }, hour(12))).toEqual([]);
    const india = { ...none, notificationRestriction: true };
    expect(notificationRegionProblems({ ...rec, recurrence: null }, india, hour(22)).map((p) => p.field)).toEqual([
      'audience',
      'send_at',
    ]);
    expect(notificationRegionProblems({ ...rec, audience: 'sites', recurrence: null }, india, hour(10))).toEqual([]);
  });
});

describe('links and text fields refuse script', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    ' javascript:alert(1)',
  ])('refuses %s as a banner or post link', (link) => {
    const banner = { id: 'b1', media: '/files/media/x.png', link_type: 'url', link };
    expect(
      bannerProgramBody.safeParse({ name: 'P', slot: 'app_home', channels: ['app'], banners: [banner] }).success,
    ).toBe(false);
    expect(newsPostBody.safeParse({ title: 'T', link }).success).toBe(false);
  });
  it('an item link cannot smuggle markup either', () => {
    const banner = { id: 'b1', media: '/files/x.png', link_type: 'item', link: '"><img src=x onerror=alert(1)>' };
    expect(
      bannerProgramBody.safeParse({ name: 'P', slot: 'app_home', channels: ['app'], banners: [banner] }).success,
    ).toBe(false);
  });
  it('polls need two different options', () => {
    expect(pollSchema.safeParse({ question: 'Q?', options: ['Yes', 'yes'] }).success).toBe(false);
    expect(pollSchema.safeParse({ question: 'Q?', options: ['Yes', 'No'] }).success).toBe(true);
  });
});

describe('documentState', () => {
  it('is expiring inside the reminder window and expired after the date', () => {
    const d = { expires_on: '2026-12-31', remind_days: 30, has_file: true };
    expect(documentState(d, '2026-11-30')).toBe('valid');
    expect(documentState(d, '2026-12-01')).toBe('expiring');
    expect(documentState(d, '2026-12-31')).toBe('expiring');
    expect(documentState(d, '2027-01-01')).toBe('expired');
    expect(documentState({ ...d, has_file: false }, '2026-01-01')).toBe('no_file');
  });
});
