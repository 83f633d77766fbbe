/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet opening a CSV runs a cell that begins with `=`,
 * `+`, `-` or `@` as a formula (`=HYPERLINK(…)`, `+cmd|' /C calc'!A0`, `@SUM(1)`), and a leading tab or carriage
 * return can hide one. Every CSV the product writes passes its text cells through `csvCell`; numbers written
 * as numbers are not touched.
 */

/**
 * The characters that make a spreadsheet read a cell as a formula: OWASP's list, plus the full-width forms
 * (＝ ＋ － ＠) that Apple Numbers normalises to them.
 */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/** A negative decimal written as text (`-12.500`, as `toFixed` gives it): every spreadsheet reads it as a number. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** True when a spreadsheet would take this text cell for a formula. */
export function isFormulaLike(text: string): boolean {
  return text.length > 0 && FORMULA_START.has(text[0]!) && !NEGATIVE_NUMBER.test(text);
}

/**
 * A text cell as it is safe to write to a CSV: one a spreadsheet would run as a formula gets a leading single
 * quote (shown as text, the quote hidden by Excel) and `quoted: true` (the writer puts it in double quotes);
 * any other text is returned as it is.
 */
export function csvCell(text: string): { value: string; quoted: boolean } {
  return isFormulaLike(text) ? { value: `'${text}`, quoted: true } : { value: text, quoted: false };
}
