import { describe, expect, it } from 'vitest';
import { nextFreePlus, pluSchema, syncTargetBody, targetTakes } from './pos-rules.js';

describe('PLU rules', () => {
  it('keeps codes upper-case and refuses signs, spaces and more than 14 characters', () => {
    expect(pluSchema.parse(' bir01 ')).toBe('BIR01');
    expect(pluSchema.parse('12345678901234')).toBe('12345678901234');
    for (const bad of ['', 'AB-1', 'A B', '123456789012345', 'ä1'])
      expect(pluSchema.safeParse(bad).success).toBe(false);
  });

  it('gives the next free numbers, skipping used ones, or none past 14 digits', () => {
    expect(nextFreePlus(1000, 3, ['1001', 'x'])).toEqual(['1000', '1002', '1003']);
    expect(nextFreePlus(99_999_999_999_998, 3, [])).toBeNull();
    expect(nextFreePlus(5, 0, [])).toEqual([]);
  });
});

describe('sync targets', () => {
  it('takes http(s) addresses only, without credentials, and a target with no restaurants takes any', () => {
    const base = { name: 'Till', kind: 'pos' as const };
    expect(syncTargetBody.safeParse({ ...base, url: 'https://pos.example.in/menu' }).success).toBe(true);
    expect(syncTargetBody.safeParse({ ...base, url: 'ftp://pos.example.in/' }).success).toBe(false);
    expect(syncTargetBody.safeParse({ ...base, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(syncTargetBody.safeParse({ ...base, url: 'https://x.in', auth_header: 'a\nb' }).success).toBe(false);
    for (const url of ['https://user:pw@pos.example.in/', 'https://user@pos.example.in/']) {
      const parsed = syncTargetBody.safeParse({ ...base, url });
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([
        'The address must not carry a user name or password; use the Authorization header',
      ]);
    }
    expect(syncTargetBody.safeParse({ ...base, url: 'nonsense' }).error?.issues).toHaveLength(1);
    expect(targetTakes({ enabled: true, restaurants: [] }, 'r1')).toBe(true);
    expect(targetTakes({ enabled: true, restaurants: ['r2'] }, 'r1')).toBe(false);
    expect(targetTakes({ enabled: false, restaurants: [] }, 'r1')).toBe(false);
  });
});
