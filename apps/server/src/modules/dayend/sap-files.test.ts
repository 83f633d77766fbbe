import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { SapDocument, SapPostingLine } from '@cd/core';
import { FORMULA_NAMES, neutralised } from '../../../test/csv-fixtures.js';
import { postingCsv, type PostingHeader } from './sap-files.js';

const header: PostingHeader = {
  id: 7,
  kind: 'posting',
  restaurant: 'fc-ldn-river:noodle_house',
  business_date: '2032-01-09',
  currency: 'GBP',
  created_at: new Date('2032-01-10T00:00:00Z'),
};

const line = (text: string, side: 'debit' | 'credit', amount: number, gl = 'GL-sales'): SapPostingLine => ({
  kind: side === 'debit' ? 'tender' : 'sales',
  text,
  amount,
  client: '',
  foodcourt: '',
  restaurant: header.restaurant,
  category: text,
  tax_rate: null,
  tender: '',
  channel: 'app',
  side,
  rule_id: 1,
  gl_account: gl,
  cost_center: '',
  profit_center: '',
  tax_code: '',
});

describe('the SAP posting as CSV', () => {
  it('writes typed texts that would run as formulas behind a quote, and amounts as they were', () => {
    const doc: SapDocument = {
      number: 1,
      lines: [
        ...FORMULA_NAMES.map((name) => line(name, 'credit', 10)),
        line('Tender card', 'debit', 60.25, '-A1'),
        line('Rounding', 'credit', 0.25),
      ],
      debit: 60.25,
      credit: 60.25,
    };
    const csv = postingCsv(header, [doc]);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.slice(0, FORMULA_NAMES.length).map((r) => r.text)).toEqual(FORMULA_NAMES.map(neutralised));
    expect(rows.map((r) => r.amount)).toEqual([...FORMULA_NAMES.map(() => '10.000'), '60.250', '0.250']);
    expect(rows[FORMULA_NAMES.length]).toMatchObject({ gl_account: "'-A1", debit_credit: 'S', text: 'Tender card' });
    // What SAP reads for an ordinary line is unchanged.
    expect(csv).toContain('CD00000007,1,8,2032-01-09,2032-01-09,GL-sales,H,0.250,GBP,,,,Rounding,');
  });
});
