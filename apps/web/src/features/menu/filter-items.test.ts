import { describe, expect, it } from 'vitest';
import { filterItems } from './filter-items';
import { aSummary } from './testing/menu-fixtures';

const items = [
  aSummary({ foodid: 'r_paneer', foodname: 'Paneer Tikka', listofcategories: ['Starters'] }),
  aSummary({ foodid: 'r_biryani', foodname: 'Chicken Biryani', short_name: 'Biryani', listofcategories: ['Mains'] }),
  aSummary({ foodid: 'r_lassi', foodname: 'Mango Lassi', listofcategories: ['Drinks', 'Mains'] }),
];

describe('filterItems', () => {
  it('matches the name, short name or id in any case', () => {
    expect(filterItems(items, 'TIKKA').map((i) => i.foodid)).toEqual(['r_paneer']);
    expect(filterItems(items, 'biryani').map((i) => i.foodid)).toEqual(['r_biryani']);
    expect(filterItems(items, 'r_lassi').map((i) => i.foodid)).toEqual(['r_lassi']);
  });

  it('keeps only the chosen category, with the search on top', () => {
    expect(filterItems(items, '', 'Mains').map((i) => i.foodid)).toEqual(['r_biryani', 'r_lassi']);
    expect(filterItems(items, 'mango', 'Mains').map((i) => i.foodid)).toEqual(['r_lassi']);
    expect(filterItems(items, 'mango', 'Starters')).toEqual([]);
  });
});
