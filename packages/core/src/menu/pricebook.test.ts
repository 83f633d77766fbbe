import { describe, expect, it } from 'vitest';
import { fromPricebookSubmenu, pricebookSubmenuSchema, toPricebookSubmenu } from './pricebook.js';
import { EMPTY_RULES, type SubmenuForm, type SubmenuOption } from './submenu.js';

const PATH = 1;
const form: SubmenuForm = {
  title: 'Beverages',
  description: 'Cold drinks',
  ismand: true,
  multiple: false,
  min: null,
  max: null,
  free_quantity: null,
  min_quantity: 1,
  max_quantity: 3,
  default: 'Masala Chai',
  tags: ['drinks', 'cold'],
};
const options: SubmenuOption[] = [
  {
    name: 'Mango Lassi',
    shortName: 'Lassi',
    type: 'item',
    price: 95,
    imageurl: '',
    path: PATH,
    foodid: 'spice_route_mango_lassi',
    isHidden: false,
    rules: { ...EMPTY_RULES, free_quantity: 1, display: 'quantity' },
  },
  {
    name: 'Masala Chai',
    shortName: '',
    type: 'item',
    price: 45,
    imageurl: 'https://img.example/chai.png',
    path: 2,
    foodid: 'spice_route_masala_chai',
    isHidden: true,
    rules: EMPTY_RULES,
  },
  {
    name: 'Syrups',
    shortName: 'Syr',
    type: 'group',
    imageurl: '',
    path: PATH,
    isHidden: false,
    items: { Rose: { price: 10 }, Vanilla: { price: 12.5 } },
    refList: ['Rose', 'Vanilla'],
    rules: { ...EMPTY_RULES, multiple: true, min: 0, max: 2 },
  },
];

const overTheWire = (payload: unknown) => pricebookSubmenuSchema.parse(JSON.parse(JSON.stringify(payload)));

describe('toPricebookSubmenu / fromPricebookSubmenu (§3.8)', () => {
  it('round-trips form and options through the payload and the wire', () => {
    const back = fromPricebookSubmenu(overTheWire(toPricebookSubmenu(form, options, PATH, 'sm-1')));
    expect(back.form).toEqual(form);
    expect(back.options).toEqual(options);
  });

  it('sends missing numeric limits as -1 and reads -1 back as not set', () => {
    const payload = toPricebookSubmenu(form, options, PATH);
    expect(payload.rules).toMatchObject({ min: -1, max: -1, free_quantity: -1, min_quantity: 1, max_quantity: 3 });
    expect(payload.subitems[1]).toMatchObject({
      min: -1,
      max: -1,
      min_quantity: -1,
      max_quantity: -1,
      free_quantity: -1,
    });
    expect(fromPricebookSubmenu(overTheWire(payload)).form).toMatchObject({
      min: null,
      max: null,
      free_quantity: null,
    });
  });

  it('joins tags with commas, names the type and omits the submenu id when new', () => {
    const payload = toPricebookSubmenu(form, options, PATH);
    expect(payload).toMatchObject({
      submenuname: 'Beverages',
      submenutype: 'pricebooksubmenu',
      tags: 'drinks,cold',
      path: PATH,
    });
    expect(payload).not.toHaveProperty('submenuid');
    expect(payload.subitems[0]).not.toHaveProperty('submenuid');
  });

  it('numbers the sequence, marks the default option, gives groups price 0 and their sub-options in order', () => {
    const payload = toPricebookSubmenu(form, options, PATH, 'sm-1');
    expect(payload.subitems.map((s) => [s.subitemname, s.sequence, s.defaultSelect, s.price])).toEqual([
      ['Mango Lassi', 0, false, 95],
      ['Masala Chai', 1, true, 45],
      ['Syrups', 2, false, 0],
    ]);
    expect(payload.subitems[2]?.subitem_extras).toEqual([
      { name: 'Rose', price: 10, defaultSelect: false },
      { name: 'Vanilla', price: 12.5, defaultSelect: false },
    ]);
    expect(JSON.parse(payload.subitems[0]!.extras)).toEqual({ shortName: 'Lassi' });
  });

  it('reads subitems in sequence order whatever the array order', () => {
    const payload = toPricebookSubmenu(form, options, PATH, 'sm-1');
    const shuffled = { ...payload, subitems: [...payload.subitems].reverse() };
    expect(fromPricebookSubmenu(overTheWire(shuffled)).options.map((o) => o.name)).toEqual([
      'Mango Lassi',
      'Masala Chai',
      'Syrups',
    ]);
  });

  it('the submenu is hidden only when every option is hidden', () => {
    expect(toPricebookSubmenu(form, options, PATH).isHidden).toBe(false);
    const allHidden = options.map((o) => ({ ...o, isHidden: true }));
    expect(toPricebookSubmenu(form, allHidden, PATH).isHidden).toBe(true);
  });

  it('an option without a path takes the submenu path; unreadable extras give an empty short name', () => {
    const { path: _omit, ...noPath } = options[0]!;
    const payload = toPricebookSubmenu(form, [noPath], 7);
    expect(payload.subitems[0]?.path).toBe(7);
    const broken = { ...payload, subitems: [{ ...payload.subitems[0]!, extras: 'not json' }] };
    expect(fromPricebookSubmenu(overTheWire(broken)).options[0]?.shortName).toBe('');
  });
});
