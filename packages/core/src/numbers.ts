import { z } from 'zod';

/**
 * Number bounds shared by the forms and the API (issue 12): what the database can store, so a value the
 * client controls is refused with a message naming its field instead of failing in SQL.
 *
 * - Money is stored as numeric(12,3): at most 9 whole digits and 3 decimals, so 0 ≤ money < 1,000,000,000.
 * - Quantities (item counts, submenu limits, triggers) are whole numbers up to QUANTITY_MAX.
 * - Versions, ids, path numbers and sequences are PostgreSQL integers (at most 2,147,483,647).
 */
export const MONEY_MAX = 1_000_000_000;
export const MONEY_DECIMALS = 3;
export const QUANTITY_MAX = 100_000;
export const INT4_MAX = 2_147_483_647;

/** Whether a number has at most `places` decimals, read from its shortest decimal form (no float error). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const text = String(value);
  if (/e-/i.test(text)) return value === 0;
  const dot = text.indexOf('.');
  return dot < 0 || text.length - dot - 1 <= places;
}

export const MONEY_MESSAGES = {
  negative: 'Cannot be negative',
  tooLarge: 'Must be less than 1,000,000,000',
  decimals: `Use at most ${MONEY_DECIMALS} decimal places`,
} as const;

/** An amount of money: finite, not negative, below MONEY_MAX, at most 3 decimals. */
export const money = (negative: string = MONEY_MESSAGES.negative) =>
  z
    .number()
    .finite()
    .min(0, negative)
    .lt(MONEY_MAX, MONEY_MESSAGES.tooLarge)
    .refine((v) => hasAtMostDecimals(v, MONEY_DECIMALS), MONEY_MESSAGES.decimals);

/** A price that may be negative (a discount option): |value| below MONEY_MAX, at most 3 decimals. */
export const signedMoney = () =>
  z
    .number()
    .finite()
    .gt(-MONEY_MAX, MONEY_MESSAGES.tooLarge)
    .lt(MONEY_MAX, MONEY_MESSAGES.tooLarge)
    .refine((v) => hasAtMostDecimals(v, MONEY_DECIMALS), MONEY_MESSAGES.decimals);

/**
 * An amount kept inside a JSON document (submenu and price-book option prices): any sign (the rules refuse
 * negatives where they matter, with their own message), magnitude below MONEY_MAX.
 */
export const amount = () =>
  z.number().finite().gt(-MONEY_MAX, MONEY_MESSAGES.tooLarge).lt(MONEY_MAX, MONEY_MESSAGES.tooLarge);

/** A whole quantity from `min` (0) up to QUANTITY_MAX. */
export const quantity = (min = 0) =>
  z
    .number()
    .int('Enter a whole number')
    .min(min, min === 0 ? 'Cannot be negative' : `Must be at least ${min}`)
    .max(QUANTITY_MAX, `Must be at most ${QUANTITY_MAX.toLocaleString('en')}`);

/** A row version as the client sends it back (a PostgreSQL integer, from 1). */
export const versionNumber = () => z.number().int().positive().max(INT4_MAX);
/** The same in a query string. */
export const versionParam = () => z.coerce.number().int().positive().max(INT4_MAX);
/** A numeric id or path number (a PostgreSQL integer), in a body. */
export const intId = () => z.number().int().min(0).max(INT4_MAX);
/** The same in a query string or path parameter. */
export const intIdParam = () => z.coerce.number().int().min(0).max(INT4_MAX);
/** A position in a list (sequence), stored as a PostgreSQL integer. */
export const sequenceNumber = () => z.number().int().min(0).max(INT4_MAX);
