import { describe, expect, it, vi } from 'vitest';
import { MENU_ITEM_FIELDS, foodItemFieldsSchema } from '@cd/core';
import { reportUnhandledKey } from './field-view';

describe('fields the item editor cannot handle (spec 001 §8)', () => {
  it('an unhandled input key is logged and, in development, thrown', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => reportUnhandledKey('not_a_field')).toThrow('The item editor has no field "not_a_field" to edit');
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('not_a_field') }));
    log.mockRestore();
  });

  it('every field the editor shows is a field of the item (or the days-and-dates pair)', () => {
    const keys = new Set([...Object.keys(foodItemFieldsSchema.shape), 'daysanddates']);
    expect(MENU_ITEM_FIELDS.filter((def) => !keys.has(def.key.split('.')[0] ?? '')).map((def) => def.key)).toEqual([]);
  });
});
