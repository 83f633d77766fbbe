import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifyAll } from 'csv-stringify/sync';
import { csvCell } from '@cd/core';

/**
 * The one way the server writes CSV (report exports, scheduled e-mails, SAP postings). Every text cell —
 * header, data, totals — goes through core's `csvCell`: one a spreadsheet would run as a formula (`=`, `+`, `-`,
 * `@`, tab, carriage return first) is written as `"'=…"`. Numbers stay numbers. Modules never import
 * csv-stringify themselves (eslint.config.js refuses it outside this file), so no CSV can skip the rule.
 */
export type CsvOptions = Omit<Options, 'cast' | 'escape_formulas'>;

const castString = (text: string) => {
  const cell = csvCell(text);
  return cell.quoted ? { value: cell.value, quoted: true } : text;
};

const withCast = (options: CsvOptions): Options => ({ ...options, cast: { string: castString } });

/** A streaming CSV writer (write records, pipe it to a file). */
export function csvStream(options: CsvOptions = {}): Stringifier {
  return stringify(withCast(options));
}

/** Records as one CSV text. */
export function toCsv(records: unknown[], options: CsvOptions = {}): string {
  return stringifyAll(records, withCast(options));
}
