import { describe, expect, it } from 'vitest';
import { listQueryOf, listUrlState } from './list-url-state';
import { applyUrlPatch, param, parseUrlState } from './url-state';

describe('page state in the address', () => {
  it('param.isoDate keeps real calendar dates only', () => {
    const date = param.isoDate();
    expect(date.parse('2026-03-01')).toBe('2026-03-01');
    expect(date.parse(' 2024-02-29 ')).toBe('2024-02-29');
    for (const bad of ['2026-02-30', '2025-02-29', '01-03-2026', '2026-3-1', 'today', '', null]) {
      expect(date.parse(bad)).toBeUndefined();
    }
    expect(date.format(undefined)).toBeUndefined();
  });

  it('?view=<id> opens a detail without being part of the list query', () => {
    const spec = listUrlState({ sort: ['name'] as const, filters: { from: param.isoDate() } });
    const state = parseUrlState(spec, new URLSearchParams('view=7&dialog=x&from=2026-03-01&search=ab'));
    expect(state.view).toBe('7');
    expect(listQueryOf(state)).toEqual({ from: '2026-03-01', search: 'ab', page: 1, page_size: 25 });
    expect(applyUrlPatch(spec, new URLSearchParams('view=7&from=2026-03-01'), { view: undefined }).toString()).toBe(
      'from=2026-03-01',
    );
  });
});
