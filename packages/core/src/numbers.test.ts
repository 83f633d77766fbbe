import { describe, expect, it } from 'vitest';
import { foodItemFieldsSchema } from './menu/item.js';
import { pricebookFoodItemPriceBody } from './contracts/menu.js';
import { hasAtMostDecimals, INT4_MAX, money, quantity, versionNumber } from './numbers.js';

describe('number bounds shared by the forms and the API', () => {
  it('accepts money that numeric(12,3) holds and refuses the rest with a message', () => {
    const m = money();
    for (const ok of [0, 0.5, 12.345, 999_999_999.999]) expect(m.safeParse(ok).success, String(ok)).toBe(true);
    const message = (v: number) => m.safeParse(v).error?.issues[0]?.message;
    expect(message(1e9)).toBe('Must be less than 1,000,000,000');
    expect(message(5e12)).toBe('Must be less than 1,000,000,000');
    expect(message(-1)).toBe('Cannot be negative');
    expect(message(12.3456)).toBe('Use at most 3 decimal places');
    expect(message(1e-7)).toBe('Use at most 3 decimal places');
  });

  it('reads decimals from the shortest form of the number, without float error', () => {
    expect(hasAtMostDecimals(0.1 + 0.2, 3)).toBe(false);
    expect(hasAtMostDecimals(1.005, 3)).toBe(true);
    expect(hasAtMostDecimals(999_999_999.123, 3)).toBe(true);
    expect(hasAtMostDecimals(0, 0)).toBe(true);
  });

  it('bounds item prices, price-book prices, quantities and versions', () => {
    const item = (fields: object) => foodItemFieldsSchema.safeParse({ foodname: 'Tea', ...fields });
    expect(item({ price: 40 }).success).toBe(true);
    expect(item({ price: 1e9 }).error?.issues[0]?.path).toEqual(['price']);
    expect(item({ deliverycharges: 1e12 }).success).toBe(false);
    expect(item({ itemsincontainer: 100_001 }).error?.issues[0]?.path).toEqual(['itemsincontainer']);
    const price = (p: number) => pricebookFoodItemPriceBody.safeParse({ path: 1, foodid: 'x', price: p, version: 1 });
    expect(price(10).success).toBe(true);
    expect(price(1e9).success).toBe(false);
    expect(quantity().safeParse(3.5).success).toBe(false);
    expect(versionNumber().safeParse(INT4_MAX).success).toBe(true);
    expect(versionNumber().safeParse(INT4_MAX + 1).success).toBe(false);
  });
});
