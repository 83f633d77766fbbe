import { describe, expect, it } from 'vitest';
import { EMPTY_RULES, type SubmenuForm, type SubmenuOption } from './submenu.js';
import {
  SUBMENU_MESSAGES,
  canAddManually,
  filterPricebookSearch,
  isValidOptionName,
  normaliseOption,
  reorder,
  sanitizePrice,
  sanitizeWholeNumber,
  setAllHidden,
  validateOption,
  validateSubOption,
  validateSubmenuSave,
  withDisplay,
  withMandatory,
  withMultiple,
} from './submenu-rules.js';

const form = (over: Partial<SubmenuForm> = {}): SubmenuForm => ({
  title: 'Spice level',
  description: '',
  ismand: false,
  multiple: false,
  min: null,
  max: null,
  free_quantity: null,
  min_quantity: null,
  max_quantity: null,
  default: '',
  tags: [],
  ...over,
});
const item = (name: string, over: Partial<SubmenuOption> = {}): SubmenuOption => ({
  name,
  shortName: '',
  type: 'item',
  price: 0,
  imageurl: '',
  isHidden: false,
  rules: EMPTY_RULES,
  ...over,
});
const group = (
  name: string,
  subs: Record<string, number>,
  rules: Partial<SubmenuOption['rules']> = {},
): SubmenuOption => ({
  name,
  shortName: '',
  type: 'group',
  imageurl: '',
  isHidden: false,
  items: Object.fromEntries(Object.entries(subs).map(([k, price]) => [k, { price }])),
  refList: Object.keys(subs),
  rules: { ...EMPTY_RULES, ...rules },
});
const three = [item('Mild'), item('Medium'), item('Hot')];
const menu = { mode: 'menu' as const };
const keyOf = (e: { key: string } | null) => e?.key ?? null;

describe('validateSubmenuSave (§5.3 Save)', () => {
  it('accepts a valid mandatory single-choice submenu with a default', () => {
    expect(validateSubmenuSave(form({ ismand: true, default: 'medium' }), three, menu)).toBeNull();
  });

  it('refuses an option named like a connected item, case-insensitively (connectSelf)', () => {
    const e = validateSubmenuSave(form(), [item('paneer tikka ')], {
      mode: 'menu',
      connectedItemNames: ['Paneer Tikka'],
    });
    expect(e).toEqual({
      key: 'submenu.connectSelf',
      message: 'Cannot connect a submenu with a specific option to itslef',
      field: 'options',
    });
  });

  it('connectSelf is checked before every other rule', () => {
    const e = validateSubmenuSave(form({ title: '' }), [item('Gyoza')], {
      mode: 'menu',
      connectedItemNames: ['Gyoza'],
      pendingOption: true,
    });
    expect(keyOf(e)).toBe('submenu.connectSelf');
  });

  it('a half-typed option blocks save (saveOption) before the title check', () => {
    expect(keyOf(validateSubmenuSave(form({ title: ' ' }), three, { mode: 'menu', pendingOption: true }))).toBe(
      'submenu.saveOption',
    );
  });

  it('requires a trimmed title (emptyTitle)', () => {
    expect(validateSubmenuSave(form({ title: '   ' }), three, menu)).toMatchObject({
      key: 'submenu.emptyTitle',
      field: 'title',
    });
  });

  it('refuses a description over 150 characters but accepts exactly 150', () => {
    expect(keyOf(validateSubmenuSave(form({ description: 'x'.repeat(151) }), three, menu))).toBe(
      'submenu.descriptionTooLong',
    );
    expect(validateSubmenuSave(form({ description: 'x'.repeat(150) }), three, menu)).toBeNull();
  });

  describe('when multiple', () => {
    const multi = (min: number | null, max: number | null) => form({ multiple: true, min, max });
    it('requires min (emptyMin) then max (emptyMax)', () => {
      expect(keyOf(validateSubmenuSave(multi(null, null), three, menu))).toBe('submenu.emptyMin');
      expect(keyOf(validateSubmenuSave(multi(1, null), three, menu))).toBe('submenu.emptyMax');
    });
    it('refuses negative limits (min_max_less_zero)', () => {
      expect(keyOf(validateSubmenuSave(multi(-1, 2), three, menu))).toBe('submenu.min_max_less_zero');
      expect(keyOf(validateSubmenuSave(multi(0, -2), three, menu))).toBe('submenu.min_max_less_zero');
    });
    it('refuses min above max (max_less_min)', () => {
      expect(keyOf(validateSubmenuSave(multi(3, 2), three, menu))).toBe('submenu.max_less_min');
    });
    it('refuses max above the number of options (max_exceed_total) and accepts max equal to it', () => {
      expect(keyOf(validateSubmenuSave(multi(0, 4), three, menu))).toBe('submenu.max_exceed_total');
      expect(validateSubmenuSave(multi(0, 3), three, menu)).toBeNull();
    });
    it('ignores min and max when not multiple', () => {
      expect(validateSubmenuSave(form({ min: 9, max: 1 }), three, menu)).toBeNull();
    });
    it('does not require a default even when mandatory', () => {
      expect(validateSubmenuSave(form({ multiple: true, ismand: true, min: 1, max: 2 }), three, menu)).toBeNull();
    });
  });

  it('refuses min quantity above max quantity (maxQuantity_less_minQuantity); one side unset is fine', () => {
    expect(keyOf(validateSubmenuSave(form({ min_quantity: 3, max_quantity: 2 }), three, menu))).toBe(
      'submenu.maxQuantity_less_minQuantity',
    );
    expect(validateSubmenuSave(form({ min_quantity: 3, max_quantity: null }), three, menu)).toBeNull();
    expect(validateSubmenuSave(form({ min_quantity: 2, max_quantity: 2 }), three, menu)).toBeNull();
  });

  it('needs at least one option (atleastOneOption)', () => {
    expect(keyOf(validateSubmenuSave(form(), [], menu))).toBe('submenu.atleastOneOption');
    expect(keyOf(validateSubmenuSave(form(), [], { mode: 'pricebook' }))).toBe('submenu.atleastOneOption');
  });

  it('mandatory single-choice needs a default matching an option (defaultOption)', () => {
    expect(keyOf(validateSubmenuSave(form({ ismand: true, default: '' }), three, menu))).toBe('submenu.defaultOption');
    expect(keyOf(validateSubmenuSave(form({ ismand: true, default: 'Extra hot' }), three, menu))).toBe(
      'submenu.defaultOption',
    );
    expect(validateSubmenuSave(form({ ismand: true, default: 'HOT' }), three, menu)).toBeNull();
  });

  it('refuses invalid and duplicate option names so a crafted payload fails', () => {
    expect(validateSubmenuSave(form(), [item('Mild'), item('Hot!')], menu)).toMatchObject({
      key: 'submenu.invalidName',
      field: 'options.1.name',
    });
    expect(keyOf(validateSubmenuSave(form(), [item('Mild'), item('mild')], { mode: 'pricebook' }))).toBe(
      'submenu.alreadyexist',
    );
    expect(keyOf(validateSubmenuSave(form(), [item('Mild', { price: -1 })], { mode: 'pricebook' }))).toBe(
      'submenu.negprice',
    );
  });

  it('in menu mode re-checks group rules of each option; price-book mode leaves group limits to the price book', () => {
    const badGroup = group('Sauces', { Mint: 0, Tamarind: 0 }, { multiple: true, min: 0, max: 5 });
    expect(keyOf(validateSubmenuSave(form(), [badGroup], menu))).toBe('submenu.max_exceed_total');
    expect(validateSubmenuSave(form(), [badGroup], { mode: 'pricebook' })).toBeNull();
    expect(keyOf(validateSubmenuSave(form(), [group('Empty', {})], { mode: 'pricebook' }))).toBe(
      'submenu.emptySubOption',
    );
  });

  it('every error carries the English message of its key', () => {
    const e = validateSubmenuSave(form({ title: '' }), three, menu);
    expect(e?.message).toBe(SUBMENU_MESSAGES['submenu.emptyTitle']);
  });
});

describe('validateOption (§5.3 Add/Done option)', () => {
  it('accepts a plain item and an item without price (defaults to 0)', () => {
    expect(validateOption(item('Mild'), [])).toBeNull();
    expect(validateOption(item('Mild', { price: undefined }), [])).toBeNull();
  });
  it('requires a name (emptyname)', () => {
    expect(validateOption(item('  '), [])).toMatchObject({ key: 'submenu.emptyname', field: 'name' });
  });
  it('refuses forbidden characters (invalidName)', () => {
    expect(keyOf(validateOption(item('Mild/Hot'), []))).toBe('submenu.invalidName');
  });
  it('refuses a name already in the list, case-insensitively (alreadyexist)', () => {
    expect(keyOf(validateOption(item(' MILD'), three))).toBe('submenu.alreadyexist');
  });
  it('requires a type (emptyType)', () => {
    expect(keyOf(validateOption(item('Mild', { type: '' as 'item' }), []))).toBe('submenu.emptyType');
  });
  it('refuses a negative item price (negprice)', () => {
    expect(validateOption(item('Mild', { price: -0.5 }), [])).toMatchObject({
      key: 'submenu.negprice',
      field: 'price',
    });
  });
  it('refuses max quantity below min quantity', () => {
    const o = item('Mild', { rules: { ...EMPTY_RULES, min_quantity: 4, max_quantity: 1 } });
    expect(keyOf(validateOption(o, []))).toBe('submenu.maxQuantity_less_minQuantity');
  });
  it('a group needs at least one sub-option (emptySubOption)', () => {
    expect(keyOf(validateOption(group('Sauces', {}), []))).toBe('submenu.emptySubOption');
  });
  it('group sub-options are unique case-insensitively and not negative', () => {
    const dup: SubmenuOption = { ...group('Sauces', { Mint: 0 }), refList: ['Mint', 'mint'] };
    expect(keyOf(validateOption(dup, []))).toBe('submenu.alreadyexist');
    expect(keyOf(validateOption(group('Sauces', { Mint: -2 }), []))).toBe('submenu.negprice');
  });
  it('a multiple group applies the min/max rules against its sub-options', () => {
    const subs = { Mint: 0, Tamarind: 0 };
    expect(keyOf(validateOption(group('S', subs, { multiple: true }), []))).toBe('submenu.emptyMin');
    expect(keyOf(validateOption(group('S', subs, { multiple: true, min: 0 }), []))).toBe('submenu.emptyMax');
    expect(keyOf(validateOption(group('S', subs, { multiple: true, min: -1, max: 1 }), []))).toBe(
      'submenu.min_max_less_zero',
    );
    expect(keyOf(validateOption(group('S', subs, { multiple: true, min: 2, max: 1 }), []))).toBe(
      'submenu.max_less_min',
    );
    expect(keyOf(validateOption(group('S', subs, { multiple: true, min: 1, max: 3 }), []))).toBe(
      'submenu.max_exceed_total',
    );
    expect(validateOption(group('S', subs, { multiple: true, min: 1, max: 2 }), [])).toBeNull();
  });
  it('a mandatory single-choice group needs a default among its sub-options', () => {
    const subs = { Mint: 0, Tamarind: 0 };
    expect(keyOf(validateOption(group('S', subs, { ismand: true }), []))).toBe('submenu.defaultOption');
    expect(keyOf(validateOption(group('S', subs, { ismand: true, default: 'Ketchup' }), []))).toBe(
      'submenu.defaultOption',
    );
    expect(validateOption(group('S', subs, { ismand: true, default: 'tamarind' }), [])).toBeNull();
  });
});

describe('validateSubOption', () => {
  it('requires a name (emptyOption)', () => {
    expect(keyOf(validateSubOption(' ', 1, []))).toBe('submenu.emptyOption');
  });
  it('refuses a duplicate in the group (alreadyexist)', () => {
    expect(keyOf(validateSubOption('MINT', null, ['Mint']))).toBe('submenu.alreadyexist');
  });
  it('price is optional but not negative', () => {
    expect(validateSubOption('Mint', null, [])).toBeNull();
    expect(keyOf(validateSubOption('Mint', -1, []))).toBe('submenu.negprice');
  });
  it('refuses invalid characters', () => {
    expect(keyOf(validateSubOption('Mint+', 0, []))).toBe('submenu.invalidName');
  });
});

describe('isValidOptionName', () => {
  it('allows letters, digits, spaces, hyphens and ampersands', () => {
    expect(isValidOptionName('Extra-hot & spicy 2')).toBe(true);
  });
  it('refuses forbidden characters and names over 120 characters', () => {
    for (const c of ['*', '"', '<', '(', '.', ',', '@', '#', '~']) expect(isValidOptionName(`Mild${c}`)).toBe(false);
    expect(isValidOptionName('x'.repeat(121))).toBe(false);
  });
  it('refuses __proto__, which would vanish as a key of the stored maps', () => {
    expect(isValidOptionName('__proto__')).toBe(false);
    expect(keyOf(validateSubmenuSave(form(), [item('__proto__')], menu))).toBe('submenu.invalidName');
  });
});

describe('rule toggles (§4.3)', () => {
  const base = { ...EMPTY_RULES, ismand: true, default: 'Medium', min: 1, max: 2 };
  it('turning on multiple clears the default', () => {
    expect(withMultiple(base, true)).toMatchObject({ multiple: true, default: '', min: 1, max: 2 });
  });
  it('turning off multiple drops min and max and keeps the default', () => {
    expect(withMultiple({ ...base, multiple: true }, false)).toMatchObject({
      multiple: false,
      min: null,
      max: null,
      default: 'Medium',
    });
  });
  it('works on the submenu form too', () => {
    expect(withMultiple(form({ ismand: true, default: 'Hot' }), true).default).toBe('');
  });
  it('turning off mandatory clears the default; turning it on keeps it', () => {
    expect(withMandatory(base, false)).toMatchObject({ ismand: false, default: '' });
    expect(withMandatory({ ...base, ismand: false }, true)).toMatchObject({ ismand: true, default: 'Medium' });
  });
  it('switching display clears min and max quantity; same display changes nothing', () => {
    const r = { ...EMPTY_RULES, min_quantity: 1, max_quantity: 3, free_quantity: 1 };
    expect(withDisplay(r, 'quantity')).toMatchObject({
      display: 'quantity',
      min_quantity: null,
      max_quantity: null,
      free_quantity: 1,
    });
    expect(withDisplay(r, 'selection')).toEqual(r);
  });
  it('hide-all sets every option hidden or visible', () => {
    const hidden = setAllHidden([item('A'), item('B', { isHidden: true })], true);
    expect(hidden.map((o) => o.isHidden)).toEqual([true, true]);
    expect(setAllHidden(hidden, false).map((o) => o.isHidden)).toEqual([false, false]);
  });
});

describe('canAddManually', () => {
  it('is blocked in menu mode once an option is linked by foodid', () => {
    expect(canAddManually([item('Mild')], 'menu')).toBe(true);
    expect(canAddManually([item('Mango Lassi', { foodid: 'spice_route_mango_lassi' })], 'menu')).toBe(false);
  });
  it('is always allowed in price-book mode', () => {
    expect(canAddManually([item('Mango Lassi', { foodid: 'x' })], 'pricebook')).toBe(true);
  });
});

describe('numeric inputs', () => {
  it('whole numbers only for quantities: decimals, negatives and junk clear', () => {
    expect(sanitizeWholeNumber('3')).toBe(3);
    expect(sanitizeWholeNumber(' 0 ')).toBe(0);
    for (const raw of ['', '1.5', '-1', 'abc', '1e2']) expect(sanitizeWholeNumber(raw)).toBeNull();
  });
  it('prices: decimals allowed, negatives and junk clear', () => {
    expect(sanitizePrice('12.50')).toBe(12.5);
    expect(sanitizePrice('0')).toBe(0);
    for (const raw of ['', '-1', 'abc']) expect(sanitizePrice(raw)).toBeNull();
  });
});

describe('normaliseOption', () => {
  it('gives an item without price the price 0 and trims the name', () => {
    expect(normaliseOption(item(' Mild ', { price: undefined }))).toMatchObject({ name: 'Mild', price: 0 });
  });
  it('drops the price of a group and fills refList from items', () => {
    const g = { ...group('Sauces', { Mint: 1 }), price: 5, refList: undefined };
    const n = normaliseOption(g);
    expect(n).not.toHaveProperty('price');
    expect(n.refList).toEqual(['Mint']);
  });
});

describe('filterPricebookSearch', () => {
  const results = [
    { foodid: 'a', path: 1, extras: '{"enable_as_submenu":true}' },
    { foodid: 'b', path: 1, extras: '{"enable_as_submenu":false}' },
    { foodid: 'c', path: 2, extras: '{"enable_as_submenu":true}' },
    { foodid: 'd', path: 1, extras: 'not json' },
    { foodid: 'e', path: 1, extras: { enable_as_submenu: true } },
  ];
  it('keeps only items enabled as submenu on the chosen path', () => {
    expect(filterPricebookSearch(results, 1).map((r) => r.foodid)).toEqual(['a', 'e']);
    expect(filterPricebookSearch(results, 2).map((r) => r.foodid)).toEqual(['c']);
  });
});

describe('reorder', () => {
  it('moves an entry and leaves the input unchanged', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(reorder(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(reorder(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
  it('ignores out-of-range indexes', () => {
    expect(reorder(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
