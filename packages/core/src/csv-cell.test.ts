import { describe, expect, it } from 'vitest';
import { csvCell, isFormulaLike } from './csv-cell.js';

describe('CSV cells a spreadsheet would run as formulas', () => {
  it('prefixes a single quote to text that begins with = + - @, tab or carriage return, and quotes it', () => {
    for (const text of [
      '=HYPERLINK("http://x","y")',
      "+cmd|' /C calc'!A0",
      '@SUM(1)',
      '-2+3',
      '\tX',
      '\rX',
      '=',
      '-',
      '-1e5',
      '-12,5',
    ]) {
      expect(csvCell(text), JSON.stringify(text)).toEqual({ value: `'${text}`, quoted: true });
    }
  });

  it('also catches the full-width forms Apple Numbers reads as = + - @', () => {
    for (const text of ['＝1+1', '＋1', '－1', '＠SUM(1)']) expect(isFormulaLike(text), text).toBe(true);
  });

  it('leaves other text, empty text and negative numbers written as text as they are', () => {
    for (const text of ['Paneer Tikka', '', "'=1", 'a=b', '2031-03-02', 'x-1', '12.500', '-12.500', '-3']) {
      expect(csvCell(text), JSON.stringify(text)).toEqual({ value: text, quoted: false });
    }
  });
});
