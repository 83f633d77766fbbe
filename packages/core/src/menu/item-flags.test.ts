import { describe, expect, it } from 'vitest';
import { clientFlagsSchema } from '../branding.js';
import { itemFieldsFor, newItemDays } from './item-flags.js';

const keys = (flags: Record<string, boolean>) => itemFieldsFor(clientFlagsSchema.parse(flags)).map((d) => d.key);

describe('client settings flags in the item editor (spec 001 §3.4)', () => {
  it('shows every field when a client names no flag', () => {
    expect(keys({})).toEqual(expect.arrayContaining(['allergens', 'artificialSubstance', 'nutrition', 'imageurl']));
  });

  it('hides the fields of each flag that is off, and only those', () => {
    const all = keys({});
    expect(keys({ allergensMapping: false })).toEqual(all.filter((k) => k !== 'allergens'));
    expect(keys({ artificialSubstance: false })).toEqual(all.filter((k) => k !== 'artificialSubstance'));
    expect(keys({ nutritionalInfo: false })).toEqual(all.filter((k) => k !== 'calories' && k !== 'nutrition'));
    expect(keys({ commonItemImages: false })).toEqual(all.filter((k) => k !== 'imageurl'));
  });

  it('starts a new item on every day, or on none when defaultAllDaysAvailablity is off', () => {
    expect(Object.values(newItemDays(clientFlagsSchema.parse({})))).toEqual(Array(7).fill(true));
    expect(Object.values(newItemDays(clientFlagsSchema.parse({ defaultAllDaysAvailablity: false })))).toEqual(
      Array(7).fill(false),
    );
  });
});
