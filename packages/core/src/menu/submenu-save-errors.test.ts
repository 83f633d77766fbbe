import { describe, expect, it } from 'vitest';
import { EMPTY_RULES, type SubmenuForm, type SubmenuOption } from './submenu.js';
import { optionErrors, submenuSaveErrors, validateOption, validateSubmenuSave } from './submenu-rules.js';

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
const fields = (errors: { key: string; field?: string }[]) => errors.map((e) => `${e.field}: ${e.key}`);

describe('submenuSaveErrors (issue 21 point 7: every refusal at its field)', () => {
  it('lists every refusal of a save, one per field, in the order of spec 001 §5.3', () => {
    const errors = submenuSaveErrors(
      form({ title: ' ', multiple: true, ismand: true, min_quantity: 3, max_quantity: 1 }),
      [item('Mild'), item('mild', { price: -1 })],
      { mode: 'menu', connectedItemNames: ['MILD'], pendingOption: true },
    );
    expect(fields(errors)).toEqual([
      'options: submenu.connectSelf',
      'options: submenu.saveOption',
      'title: submenu.emptyTitle',
      'min: submenu.emptyMin',
      'max: submenu.emptyMax',
      'max_quantity: submenu.maxQuantity_less_minQuantity',
      'options.1.name: submenu.alreadyexist',
    ]);
    expect(errors[0]!.message).toBe('Cannot connect a submenu with a specific option to itslef');
  });

  it('marks the field of a limit refused and the default, and is empty for a valid submenu', () => {
    const three = [item('Mild'), item('Medium'), item('Hot')];
    expect(fields(submenuSaveErrors(form({ multiple: true, min: 0, max: -1 }), three, { mode: 'pricebook' }))).toEqual([
      'max: submenu.min_max_less_zero',
    ]);
    expect(fields(submenuSaveErrors(form({ ismand: true }), [], { mode: 'menu' }))).toEqual([
      'options: submenu.atleastOneOption',
      'default: submenu.defaultOption',
    ]);
    expect(submenuSaveErrors(form({ ismand: true, default: 'hot' }), three, { mode: 'menu' })).toEqual([]);
  });

  it('the API refuses with the first of them (validateSubmenuSave)', () => {
    const cases: [SubmenuForm, SubmenuOption[]][] = [
      [form({ title: '' }), []],
      [form({ multiple: true, min: 2 }), [item('A')]],
      [form({ multiple: true, min: 2, max: 1, max_quantity: 1, min_quantity: 2 }), [item('A')]],
      [form(), [item('A'), item('a'), item('')]],
    ];
    for (const [f, options] of cases) {
      expect(validateSubmenuSave(f, options, { mode: 'menu' })).toEqual(
        submenuSaveErrors(f, options, { mode: 'menu' })[0],
      );
    }
  });
});

describe('optionErrors (the option dialog, every refusal at its field)', () => {
  const group = (over: Partial<SubmenuOption> = {}): SubmenuOption =>
    item('Toppings', { type: 'group', price: undefined, items: {}, refList: [], ...over });

  it("lists a group's refusals at once: name, quantities, sub-options, limits and default", () => {
    const errors = optionErrors(
      group({
        name: 'mild',
        items: { Cheese: { price: 1 }, cheese: { price: 2 } },
        refList: ['Cheese', 'cheese'],
        rules: { ...EMPTY_RULES, min_quantity: 2, max_quantity: 1, multiple: true, min: 1, max: 5 },
      }),
      [item('Mild')],
    );
    expect(fields(errors)).toEqual([
      'name: submenu.alreadyexist',
      'max_quantity: submenu.maxQuantity_less_minQuantity',
      'items: submenu.alreadyexist',
      'max: submenu.max_exceed_total',
    ]);
    expect(fields(optionErrors(group({ rules: { ...EMPTY_RULES, ismand: true } }), []))).toEqual([
      'items: submenu.emptySubOption',
      'default: submenu.defaultOption',
    ]);
  });

  it('is empty for a valid option, and its first is what validateOption answers', () => {
    expect(optionErrors(item('Hot', { price: 10 }), [item('Mild')])).toEqual([]);
    const bad = item('', { price: -1 });
    expect(fields(optionErrors(bad, []))).toEqual(['name: submenu.emptyname', 'price: submenu.negprice']);
    expect(validateOption(bad, [])).toEqual(optionErrors(bad, [])[0]);
  });
});
