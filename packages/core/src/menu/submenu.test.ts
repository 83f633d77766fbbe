import { describe, expect, it } from 'vitest';
import {
  EMPTY_RULES,
  connectionDiff,
  fromStoredSubmenu,
  isLinkedSubmenu,
  storedSubmenuSchema,
  submenuAllowedForItem,
  toStoredSubmenu,
  type SubmenuForm,
  type SubmenuOption,
} from './submenu.js';

const form: SubmenuForm = {
  title: 'Add a drink',
  description: 'Pick up to two',
  ismand: false,
  multiple: true,
  min: 0,
  max: 2,
  free_quantity: 1,
  min_quantity: null,
  max_quantity: 4,
  default: '',
  tags: [],
};
const options: SubmenuOption[] = [
  {
    name: 'Mango Lassi',
    shortName: 'Lassi',
    type: 'item',
    price: 0,
    imageurl: 'https://img.example/lassi.png',
    foodid: 'spice_route_mango_lassi',
    isHidden: false,
    rules: EMPTY_RULES,
  },
  {
    name: 'Sauces',
    shortName: '',
    type: 'group',
    imageurl: '',
    isHidden: true,
    items: { Tamarind: { price: 5 }, Mint: { price: 0, defaultSelect: true } },
    refList: ['Tamarind', 'Mint'],
    rules: { ...EMPTY_RULES, ismand: true, default: 'Mint', display: 'quantity', min_quantity: 1, max_quantity: 3 },
  },
  { name: 'Water', shortName: '', type: 'item', price: 20.5, imageurl: '', isHidden: false, rules: EMPTY_RULES },
];

/** What the server does: JSON over the wire, then the contract's schema. */
const overTheWire = (stored: unknown) => storedSubmenuSchema.parse(JSON.parse(JSON.stringify(stored)));

describe('toStoredSubmenu / fromStoredSubmenu (§3.6)', () => {
  it('round-trips form and options through the stored form and the wire', () => {
    const back = fromStoredSubmenu(form.title, overTheWire(toStoredSubmenu(form, options)));
    expect(back.form).toEqual(form);
    expect(back.options).toEqual(options);
  });

  it('stores the ordered list, name → price (groups 0) and per-option extras', () => {
    const stored = toStoredSubmenu(form, options);
    expect(stored.list).toEqual(['Mango Lassi', 'Sauces', 'Water']);
    expect(stored.options).toEqual({ 'Mango Lassi': 0, Sauces: 0, Water: 20.5 });
    expect(stored.extras['Mango Lassi']).toMatchObject({ foodid: 'spice_route_mango_lassi', type: 'item', price: 0 });
    expect(stored.extras.Sauces).not.toHaveProperty('price');
    expect(stored.extras.Sauces?.refList).toEqual(['Tamarind', 'Mint']);
  });

  it('keeps the option order of the list, not of the maps', () => {
    const reordered = [options[2]!, options[0]!, options[1]!];
    const back = fromStoredSubmenu(form.title, overTheWire(toStoredSubmenu(form, reordered)));
    expect(back.options.map((o) => o.name)).toEqual(['Water', 'Mango Lassi', 'Sauces']);
  });

  it('drops min and max when the submenu is not multiple', () => {
    const stored = toStoredSubmenu({ ...form, multiple: false, min: 1, max: 2 }, options);
    expect(stored.attributes).toMatchObject({ multiple: false, min: null, max: null });
  });

  it('an item with no price is stored at 0', () => {
    const { price: _omit, ...noPrice } = options[2]!;
    const stored = toStoredSubmenu(form, [noPrice]);
    expect(stored.options.Water).toBe(0);
    expect(fromStoredSubmenu('t', stored).options[0]?.price).toBe(0);
  });

  it('reads a stored submenu whose extras are missing: price from the options map, type item, default rules', () => {
    const stored = overTheWire({
      attributes: {
        ismand: true,
        multiple: false,
        min: null,
        max: null,
        free_quantity: null,
        max_quantity: null,
        min_quantity: null,
        default: 'Medium',
        description: '',
      },
      list: ['Mild', 'Medium'],
      options: { Mild: 0, Medium: 10 },
      extras: {},
    });
    const { form: f, options: o } = fromStoredSubmenu('Spice level', stored);
    expect(f).toMatchObject({ title: 'Spice level', ismand: true, default: 'Medium' });
    expect(o).toEqual([
      { name: 'Mild', shortName: '', type: 'item', price: 0, imageurl: '', isHidden: false, rules: EMPTY_RULES },
      { name: 'Medium', shortName: '', type: 'item', price: 10, imageurl: '', isHidden: false, rules: EMPTY_RULES },
    ]);
  });
});

describe('isLinkedSubmenu', () => {
  it('is true only when every option carries a food id', () => {
    expect(isLinkedSubmenu([{ foodid: 'a' }, { foodid: 'b' }])).toBe(true);
    expect(isLinkedSubmenu([{ foodid: 'a' }, {}])).toBe(false);
    expect(isLinkedSubmenu([])).toBe(false);
  });
});

describe('submenuAllowedForItem (§4.2)', () => {
  const item = (enable_as_mealdeal: boolean, enable_as_submenu: boolean) => ({
    extras: { enable_as_mealdeal, enable_as_submenu },
  });
  it('meal deal: only fully linked submenus', () => {
    expect(submenuAllowedForItem(item(true, false), true)).toBe(true);
    expect(submenuAllowedForItem(item(true, false), false)).toBe(false);
  });
  it('item enabled as submenu: not fully linked submenus only', () => {
    expect(submenuAllowedForItem(item(false, true), true)).toBe(false);
    expect(submenuAllowedForItem(item(false, true), false)).toBe(true);
  });
  it('general item: any', () => {
    expect(submenuAllowedForItem(item(false, false), true)).toBe(true);
    expect(submenuAllowedForItem(item(false, false), false)).toBe(true);
  });
});

describe('connectionDiff (§3.9)', () => {
  it('lists the added and removed items', () => {
    expect(connectionDiff(['a', 'b'], ['b', 'c'])).toEqual({ added_item_list: ['c'], removed_item_list: ['a'] });
    expect(connectionDiff(['a'], ['a'])).toEqual({ added_item_list: [], removed_item_list: [] });
  });
});
