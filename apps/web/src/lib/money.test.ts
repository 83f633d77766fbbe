import { regionForHost } from '@cd/core';
import { describe, expect, it } from 'vitest';
import { moneyFormatter, moneySymbol } from './money';

const belgium = regionForHost('be.controldesk.app');
const germany = regionForHost('de.controldesk.app');

describe('one money format (issue 21 point 7)', () => {
  it('writes a record in its own currency the way the region writes numbers', () => {
    expect(moneyFormatter('INR')(330)).toBe('₹330.00');
    expect(moneyFormatter('GBP')(1234.5)).toBe('£1,234.50');
    expect(moneyFormatter('GBP', germany)(1234.5)).toBe('£ 1.234,50');
  });

  it('takes the region currency for a record without one, or with an unknown one', () => {
    expect(moneyFormatter()(330)).toBe('₹330.00');
    expect(moneyFormatter('')(330)).toBe('₹330.00');
    expect(moneyFormatter('XXX', germany)(5)).toBe('€ 5,00');
  });

  it('gives money inputs the symbol the amounts show, and none where the region shows none', () => {
    expect(moneySymbol()).toBe('₹');
    expect(moneySymbol('gbp')).toBe('£');
    expect(moneySymbol(undefined, germany)).toBe('€');
    expect(moneySymbol('EUR', belgium)).toBe('');
    expect(moneyFormatter('EUR', belgium)(5)).toBe('5,00');
  });
});
