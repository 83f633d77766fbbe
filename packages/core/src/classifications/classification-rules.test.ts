import { describe, expect, it } from 'vitest';
import { assignBody, classificationBody, isSingleKind, MAX_ASSIGN_ITEMS } from './classification-rules.js';

describe('classification rules', () => {
  it('an item holds one sales category and one accounting group; tags stack', () => {
    expect(isSingleKind('sales_category')).toBe(true);
    expect(isSingleKind('accounting_group')).toBe(true);
    expect(isSingleKind('diet_tag')).toBe(false);
    expect(isSingleKind('other')).toBe(false);
  });

  it('refuses an empty name, a bad code and an unknown kind with messages', () => {
    const r = classificationBody.safeParse({ kind: 'colour', name: ' ', code: 'GL 41' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      kind: 'Choose the kind',
      name: 'Enter the name',
      code: 'Letters, digits and . _ - / only',
    });
    expect(classificationBody.parse({ kind: 'diet_tag', name: ' Vegan ' })).toMatchObject({ name: 'Vegan', code: '' });
  });

  it(`assigns at most ${MAX_ASSIGN_ITEMS} items at once`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);
    expect(assignBody.safeParse({ foodids: ids(MAX_ASSIGN_ITEMS) }).data?.mode).toBe('add');
    expect(assignBody.safeParse({ foodids: ids(MAX_ASSIGN_ITEMS + 1) }).success).toBe(false);
    expect(assignBody.safeParse({ foodids: [] }).success).toBe(false);
  });
});
