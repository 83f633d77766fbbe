import { describe, expect, it } from 'vitest';
import type { ReportRunAnswer } from '@cd/core';
import { runAnswer } from '../testing/reports-api';
import { headlineColumns, reportCardOf } from './report-cards';

const labels = { compared: (c: string) => `${c} (compared)`, change: (c: string) => `${c} change` };
const col = (key: string, type: 'text' | 'date' | 'money' | 'count' | 'percent' = 'money') => ({
  key,
  label: key,
  type,
  compared: false,
});

/** A sales answer's columns: the lead, the currency, then the figures with net and total among them. */
const sales = {
  columns: [
    col('restaurant_name', 'text'),
    col('restaurant', 'text'),
    col('currency', 'text'),
    col('orders', 'count'),
    col('gross'),
    col('net'),
    col('total'),
  ],
  chart: { type: 'bar' as const, x: 'restaurant_name', series: ['net'] },
  comparison: null,
  compare_rows: null,
} satisfies Partial<ReportRunAnswer>;

describe('a report row as a card (issue 35)', () => {
  it('is titled by the first column and leads with net and total, the other columns after in their order', () => {
    const card = reportCardOf(
      sales,
      {
        restaurant_name: 'Spice Route',
        restaurant: 'fc:spice',
        currency: 'GBP',
        orders: 3,
        gross: 12,
        net: 10,
        total: 11,
      },
      null,
      labels,
    );
    expect(card.title).toBe('Spice Route');
    expect(card.headline.map((f) => [f.label, f.value])).toEqual([
      ['net', '£10.00'],
      ['total', '£11.00'],
    ]);
    expect(card.details.map((f) => [f.label, f.value])).toEqual([
      ['restaurant', 'fc:spice'],
      ['currency', 'GBP'],
      ['orders', '3'],
      ['gross', '£12.00'],
    ]);
  });

  it("leads with the chart's series when the report has no net or total (tenders, tax), and adds them to net", () => {
    const tenders = {
      ...sales,
      columns: [col('tender', 'text'), col('currency', 'text'), col('payments', 'count'), col('amount')],
      chart: { type: 'bar' as const, x: 'tender', series: ['amount'] },
    };
    expect(headlineColumns(tenders).map((c) => c.key)).toEqual(['amount']);
    const items = {
      ...sales,
      columns: [col('name', 'text'), col('quantity', 'count'), col('net')],
      chart: { type: 'bar' as const, x: 'name', series: ['quantity'] },
    };
    expect(headlineColumns(items).map((c) => c.key)).toEqual(['net', 'quantity']);
    // The title column is never a headline figure, even when it is the chart's series.
    expect(headlineColumns({ ...items, chart: { ...items.chart, series: ['name'] } }).map((c) => c.key)).toEqual([
      'net',
    ]);
  });

  it('writes dates DD-MM-YYYY, and with a comparison gives each compared figure its compared value and change', () => {
    const answer = runAnswer({
      report: 'demo:daily_sales',
      from: '2026-03-01',
      to: '2026-03-07',
      compare: 'previous_period',
    });
    const first = reportCardOf(answer, answer.rows[0]!, answer.compare_rows![0]!, labels);
    expect(first.title).toBe('01-03-2026');
    expect(first.headline).toEqual([
      {
        key: 'net',
        label: 'Net sales',
        value: '£100.00',
        compared: { label: 'Net sales (compared)', value: '£80.00' },
        change: { label: 'Net sales change', value: '+25.0%' },
      },
    ]);
    expect(first.details.map((f) => [f.label, f.value, f.compared?.value, f.change?.value])).toEqual([
      ['Orders', '10', '10', '0.0%'],
      ['Discount share', '2.5%', undefined, undefined],
    ]);
    // A row without a counterpart in the compared period.
    const second = reportCardOf(answer, answer.rows[1]!, null, labels);
    expect(second.headline[0]).toMatchObject({ value: '£150.50', compared: { value: '—' }, change: { value: '—' } });
  });

  it('titles a totals row by its label and leaves out the columns a total has no value for', () => {
    const card = reportCardOf(
      sales,
      { currency: 'GBP', orders: 9, gross: 30, net: 25, total: 27 },
      null,
      labels,
      'Total',
    );
    expect(card.title).toBe('Total');
    expect(card.headline.map((f) => f.value)).toEqual(['£25.00', '£27.00']);
    expect(card.details.map((f) => f.key)).toEqual(['currency', 'orders', 'gross']);
  });
});
