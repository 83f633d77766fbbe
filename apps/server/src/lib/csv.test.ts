import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FORMULA_NAMES, neutralised } from '../../test/csv-fixtures.js';
import { csvStream, toCsv } from './csv.js';

describe('the CSV writer every CSV goes through', () => {
  it('writes text a spreadsheet would run as a formula with a leading quote, in double quotes', () => {
    const csv = toCsv(
      FORMULA_NAMES.map((name, i) => ({ name, amount: -12.5 * (i + 1) })),
      { header: true, columns: ['name', 'amount'] },
    );
    const lines = csv.split('\n');
    expect(lines[0]).toBe('name,amount');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"",""y"")",-12.5`);
    expect(lines[2]).toBe(`"'+cmd|' /C calc'!A0",-25`);
    expect(lines[3]).toBe(`"'@SUM(1)",-37.5`);
    expect(lines[4]).toBe(`"'-2+3",-50`);
    // Read back as a spreadsheet would: every name is text behind its quote, every amount still a number.
    const rows = parse(csv, { columns: true, cast: true }) as { name: string; amount: number }[];
    expect(rows.map((r) => r.name)).toEqual(FORMULA_NAMES.map(neutralised));
    expect(rows.map((r) => r.amount)).toEqual([-12.5, -25, -37.5, -50, -62.5, -75]);
  });

  it('neutralises header cells too, and leaves ordinary text and numbers as they were', () => {
    const csv = toCsv([['Paneer Tikka', 'a=b', '-12.500', 3, true, null]], {
      header: true,
      columns: ['item', '=1+1', 'amount', 'qty', 'hidden', 'note'],
    });
    expect(csv).toBe(`item,"'=1+1",amount,qty,hidden,note\nPaneer Tikka,a=b,-12.500,3,1,\n`);
  });

  it('streams the same cells', async () => {
    const stream = csvStream({ header: true, columns: [{ key: 'name', header: 'Name' }] });
    const done = text(stream);
    for (const name of FORMULA_NAMES.slice(0, 2)) stream.write({ name });
    stream.end();
    expect(await done).toBe(`Name\n"'=HYPERLINK(""http://x"",""y"")"\n"'+cmd|' /C calc'!A0"\n`);
  });
});
