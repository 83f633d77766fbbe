import { MONEY_DECIMALS } from '../numbers.js';

/**
 * Exact order arithmetic (DESIGN.md §5): amounts are numeric(12,3) in the database and at most 3 decimals in the
 * API, so every sum and comparison is done on whole thousandths ("milli" units), never on floats.
 */
const SCALE = 10 ** MONEY_DECIMALS;

/** An amount (a number, or numeric's text from the database) in thousandths. */
export function toMilli(amount: number | string): number {
  return Math.round(Number(amount) * SCALE);
}

/** Thousandths back to an amount for the API (a number with at most 3 decimals). */
export function fromMilli(milli: number): number {
  return milli / SCALE;
}

/** Thousandths as numeric's text, for the database. */
export function milliText(milli: number): string {
  return (milli / SCALE).toFixed(MONEY_DECIMALS);
}

/** Rounds thousandths to a currency's decimal digits (half away from zero). */
export function roundMilli(milli: number, decimals: number): number {
  const step = 10 ** Math.max(0, MONEY_DECIMALS - Math.min(decimals, MONEY_DECIMALS));
  return Math.sign(milli) * Math.round(Math.abs(milli) / step) * step;
}
