import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMULA_NAMES, neutralised } from '../../../test/csv-fixtures.js';
import { writeReportFile, type ReportFile } from './report-files.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-report-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a report written as CSV', () => {
  it('shows names a spreadsheet would run as formulas as text, and keeps amounts as numbers', async () => {
    const report: ReportFile = {
      title: 'Items',
      subtitle: '',
      columns: [
        { key: 'name', label: 'Item', type: 'text', compared: false },
        // A column named after a session someone typed.
        { key: 's_x', label: '@Lunch', type: 'count', compared: false },
        { key: 'net', label: 'Net sales', type: 'money', compared: false },
      ],
      rows: FORMULA_NAMES.map((name, i) => ({ name, s_x: i, net: -12.5 * (i + 1), currency: 'GBP' })),
      totals: [{ name: null, s_x: 15, net: -262.5, currency: 'GBP' }],
    };
    const file = path.join(dir, 'items.csv');
    await writeReportFile(file, 'csv', report);
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw.startsWith('\uFEFFItem,"\'@Lunch",Net sales\n')).toBe(true);
    expect(raw).toContain(`"'=HYPERLINK(""http://x"",""y"")",0,-12.5\n`);
    const rows = parse(raw, { bom: true, cast: true }) as (string | number)[][];
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual(FORMULA_NAMES.map(neutralised));
    expect(rows.slice(1).map((r) => r[2])).toEqual([-12.5, -25, -37.5, -50, -62.5, -75, -262.5]);
    expect(rows.at(-1)![0]).toBe('Total');
  });
});
