import { describe, expect, it } from 'vitest';
import { CURRENCIES, POINTS_CURRENCY_CODE, currencyByCode, roundToCurrency } from './currencies.js';
import { COUNTRIES, currencyDecimals } from './regions.js';

describe('currency table (spec 001 §3.4)', () => {
  it('lists each code once, with a symbol, a name and 0, 2 or 3 decimal digits', () => {
    const codes = CURRENCIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(CURRENCIES.length).toBeGreaterThan(100);
    for (const c of CURRENCIES) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.symbol).not.toBe('');
      expect(c.name).not.toBe('');
      expect([0, 2, 3]).toContain(c.decimals);
      expect(c.rounding).toBeGreaterThanOrEqual(0);
    }
  });

  it('holds every regional currency (spec 000 §9, Chile CLP) with the regions’ decimal digits', () => {
    const regional = [
      'INR',
      'GBP',
      'NZD',
      'AUD',
      'EUR',
      'USD',
      'JPY',
      'MXN',
      'CLP',
      'HKD',
      'SGD',
      'AED',
      'SEK',
      'PHP',
      'CAD',
    ];
    for (const code of [...regional, ...COUNTRIES.map((c) => c.currency)]) {
      const currency = currencyByCode(code);
      expect(currency, code).toBeDefined();
      expect(currency?.decimals, code).toBe(currencyDecimals(code));
    }
  });

  it('has a Points unit and the Swiss franc rounding of 0.05; three-decimal dinars', () => {
    expect(currencyByCode(POINTS_CURRENCY_CODE)).toMatchObject({ name: 'Points', decimals: 0 });
    expect(currencyByCode('chf')).toMatchObject({ rounding: 0.05, decimals: 2 });
    expect(currencyByCode('KWD')?.decimals).toBe(3);
    expect(CURRENCIES.filter((c) => c.rounding > 0).map((c) => c.code)).toEqual(['CHF']);
    expect(currencyByCode('XXX')).toBeUndefined();
  });

  it('rounds amounts by decimal digits and cash rounding', () => {
    expect(roundToCurrency(12.345, currencyByCode('GBP')!)).toBe(12.35);
    expect(roundToCurrency(12.5, currencyByCode('JPY')!)).toBe(13);
    expect(roundToCurrency(1.2345, currencyByCode('KWD')!)).toBe(1.235);
    expect(roundToCurrency(4.27, currencyByCode('CHF')!)).toBe(4.25);
    expect(roundToCurrency(4.28, currencyByCode('CHF')!)).toBe(4.3);
  });
});
