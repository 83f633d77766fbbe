import { describe, expect, it } from 'vitest';
import { clonePreviewBody, planClone, planCounts, type CloneItem, type CloneMenu } from './clone-rules.js';

const ALL = { items: true, prices: true, images: true, submenus: true };
const item = (foodid: string, foodname: string, over: Partial<CloneItem> = {}): CloneItem => ({
  foodid,
  foodname,
  price: '100',
  listofcategories: ['Mains'],
  vegflag: 'V',
  hide_item: false,
  imageurl: '',
  short_name: '',
  extras: {},
  locked_field: [],
  details: {},
  sequence: 1,
  submenus: [],
  ...over,
});
const drinks = (lassi: string) => ({
  submenuid: `sm_${lassi}`,
  title: 'Add a drink',
  body: { list: ['Lassi'], options: { Lassi: 0 }, extras: { Lassi: { type: 'item', foodid: lassi } } },
});

describe('planClone', () => {
  const source: CloneMenu = {
    items: [item('s_tikka', 'Paneer Tikka', { submenus: ['sm_s_lassi'] }), item('s_lassi', 'Lassi')],
    categories: [{ name: 'Mains', sequence: 1 }],
    submenus: [drinks('s_lassi')],
  };

  it('adds everything to an empty menu and points option links at the items it adds', () => {
    const plan = planClone(source, { items: [], categories: [], submenus: [] }, 'only_missing', ALL);
    expect(planCounts(plan).items).toEqual({ add: 2, change: 0, skip: 0, unchanged: 0 });
    const sub = plan.submenus[0]!;
    expect(sub.action).toBe('add');
    expect(sub.action === 'add' && (sub.body.extras as Record<string, { foodid: string }>).Lassi?.foodid).toBe(
      'new:s_lassi',
    );
    expect(plan.items[0]!.action === 'add' && plan.items[0]!.values.submenus).toEqual(['sm_s_lassi']);
  });

  it('matches names ignoring case and spaces; only_missing leaves matches alone, overwrite changes them', () => {
    const target: CloneMenu = {
      items: [item('t_tikka', ' paneer  TIKKA', { price: '90' }), item('t_lassi', 'Lassi')],
      categories: [{ name: 'mains', sequence: 1 }],
      submenus: [],
    };
    expect(planCounts(planClone(source, target, 'only_missing', ALL)).items.skip).toBe(2);
    const plan = planClone(source, target, 'overwrite', ALL);
    const tikka = plan.items[0]!;
    expect(tikka.action).toBe('change');
    expect(tikka.action === 'change' && tikka.fields).toEqual(['price', 'submenus']);
    // Without prices, the target's price stays and only the connection differs.
    const noPrices = planClone(source, target, 'overwrite', { ...ALL, prices: false }).items[0]!;
    expect(noPrices.action === 'change' && noPrices.fields).toEqual(['submenus']);
  });

  it('a name held by two items is a conflict and left alone, and so is a submenu that links it', () => {
    const target: CloneMenu = {
      items: [item('t1', 'Lassi'), item('t2', 'Lassi')],
      categories: [],
      submenus: [],
    };
    const plan = planClone(source, target, 'overwrite', ALL);
    expect(plan.conflicts.map((c) => c.kind)).toEqual(['ambiguous_item', 'unlinked_option']);
    expect(plan.items.find((i) => i.source.foodid === 's_lassi')!.action).toBe('skip');
    expect(plan.submenus[0]!.action).toBe('skip');
    // The tikka is still added, without the drinks submenu it cannot have.
    const tikka = plan.items.find((i) => i.source.foodid === 's_tikka')!;
    expect(tikka.action === 'add' && tikka.values.submenus).toEqual([]);
  });

  it('keeps fields the target locked and says so', () => {
    const target: CloneMenu = {
      items: [item('t_tikka', 'Paneer Tikka', { price: '90', locked_field: ['price'] })],
      categories: [],
      submenus: [],
    };
    const src: CloneMenu = { ...source, items: [item('s_tikka', 'Paneer Tikka', { price: '120' })], submenus: [] };
    const plan = planClone(src, target, 'overwrite', ALL);
    expect(plan.items[0]!.action).toBe('unchanged');
    expect(plan.conflicts).toEqual([
      { kind: 'locked_field', name: 'Paneer Tikka', message: '"Paneer Tikka": price locked there: kept as it is' },
    ]);
  });

  it('refuses a source among its targets, a target twice and a clone of nothing', () => {
    const issues = (body: object) => clonePreviewBody.safeParse(body).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ source: 'a', targets: ['a', 'b', 'b'] })).toEqual([
      'clone.sourceIsTarget',
      'clone.duplicateTarget',
    ]);
    expect(issues({ source: 'a', targets: ['b'], include: { ...ALL, items: false, submenus: false } })).toEqual([
      'clone.nothingIncluded',
    ]);
    expect(issues({ source: 'a', targets: [] })).toEqual(['clone.noTargets']);
  });
});
