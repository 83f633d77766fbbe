import { describe, expect, it } from 'vitest';
import {
  comparisonPeriod,
  nextReportRun,
  reportPermissionKeys,
  reportRefOf,
  reportsNamed,
  resolveSchedulePeriod,
  visibleReports,
} from './report-catalog.js';

const lists = {
  generalReport: {
    daily_sales: { label: 'Daily sales' },
    item_wise: { label: 'Item-wise', kind: 'item_wise' as const },
  },
  standardSalesReport: { sales_summary: { label: 'Sales summary' } },
  standardItemWiseReport: { item_summary: { label: 'Item summary' } },
};

describe('visibleReports', () => {
  it('shows a user the listed reports whose key and group page they hold', () => {
    const user = {
      admin: false,
      pagepermissionaccess: ['generalReports'],
      permissions: ['daily_sales', 'item_summary'],
    };
    const seen = visibleReports(user, [{ client: 'acme', reportListJSON: lists }], new Set(['generalReports']));
    // item_summary is held, but not the item-wise group's page.
    expect(seen).toEqual([
      { client: 'acme', group: 'generalReport', key: 'acme:daily_sales', label: 'Daily sales', kind: 'sales_by_day' },
    ]);
  });

  it('shows an administrator every listed report, with its kind or its group default', () => {
    const admin = { admin: true, pagepermissionaccess: [], permissions: [] };
    const seen = visibleReports(admin, [{ client: 'acme', reportListJSON: lists }], new Set());
    expect(seen.map((r) => [r.key, r.kind])).toEqual([
      ['acme:daily_sales', 'sales_by_day'],
      ['acme:item_wise', 'item_wise'],
      ['acme:sales_summary', 'sales_by_restaurant'],
      ['acme:item_summary', 'item_wise'],
    ]);
  });

  it('ignores a kind the group may not list', () => {
    const odd = { ...lists, standardItemWiseReport: { x: { label: 'X', kind: 'sales_by_day' as const } } };
    const admin = { admin: true, pagepermissionaccess: [], permissions: [] };
    expect(
      visibleReports(admin, [{ client: 'a', reportListJSON: odd }], new Set()).find((r) => r.key === 'a:x')?.kind,
    ).toBe('item_wise');
  });

  it("keeps the same key of two clients as two reports, each labelled with its client's name (issue 33)", () => {
    const admin = { admin: true, pagepermissionaccess: [], permissions: [] };
    const daily = { generalReport: { daily_sales: { label: 'Daily sales' } } };
    const seen = visibleReports(
      admin,
      [
        { client: 'acme', name: 'Acme Foods', reportListJSON: daily },
        { client: 'globex', name: 'Globex', reportListJSON: daily },
      ],
      new Set(),
    );
    expect(seen.map((r) => [r.client, r.key, r.label])).toEqual([
      ['acme', 'acme:daily_sales', 'Daily sales · Acme Foods'],
      ['globex', 'globex:daily_sales', 'Daily sales · Globex'],
    ]);
    // An id names one report; a bare key (an older address or schedule) every report listed under it.
    expect(reportsNamed(seen, 'globex:daily_sales').map((r) => r.client)).toEqual(['globex']);
    expect(reportsNamed(seen, 'daily_sales').map((r) => r.client)).toEqual(['acme', 'globex']);
    expect(reportsNamed(seen, 'acme:other')).toEqual([]);
    expect(reportRefOf('fc:odd:daily_sales')).toEqual({ client: 'fc:odd', key: 'daily_sales' });
    expect(reportRefOf('tax_log')).toEqual({ client: null, key: 'tax_log' });
  });

  it('builds the report permissions from the lists', () => {
    expect(reportPermissionKeys(lists)).toEqual(['daily_sales', 'item_summary', 'item_wise', 'sales_summary']);
  });
});

describe('periods', () => {
  it('compares with the days just before, or the same dates a year earlier', () => {
    expect(comparisonPeriod('2026-03-01', '2026-03-31', 'previous_period')).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
    expect(comparisonPeriod('2024-02-29', '2024-02-29', 'previous_year')).toEqual({
      from: '2023-02-28',
      to: '2023-02-28',
    });
    expect(comparisonPeriod('2026-03-01', '2026-03-02', 'none')).toBeNull();
  });

  it('resolves relative periods on the day a report is sent', () => {
    expect(resolveSchedulePeriod('yesterday', '2026-11-26')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    // 2026-11-26 is a Thursday: last week is Monday 16 to Sunday 22 November.
    expect(resolveSchedulePeriod('last_week', '2026-11-26')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(resolveSchedulePeriod('month_to_date', '2026-12-01')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(resolveSchedulePeriod('last_month', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('schedules the next sending daily or on the weekday', () => {
    const after = new Date('2026-11-26T07:30:00Z');
    expect(nextReportRun({ frequency: 'daily', weekday: 1, hour: 6 }, after).toISOString()).toBe(
      '2026-11-27T06:00:00.000Z',
    );
    expect(nextReportRun({ frequency: 'daily', weekday: 1, hour: 8 }, after).toISOString()).toBe(
      '2026-11-26T08:00:00.000Z',
    );
    expect(nextReportRun({ frequency: 'weekly', weekday: 1, hour: 6 }, after).toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
    expect(nextReportRun({ frequency: 'weekly', weekday: 4, hour: 8 }, after).toISOString()).toBe(
      '2026-11-26T08:00:00.000Z',
    );
  });
});
