import { describe, expect, it } from 'vitest';
import { MenuCache } from './menu-cache.js';

describe('menu cache', () => {
  it('serves an answer only for the stamp it was built under', () => {
    const cache = new MenuCache();
    cache.set('r1', '1:4:0', Buffer.from('{"a":1}'));
    expect(cache.get('r1', '1:4:0')?.toString()).toBe('{"a":1}');
    expect(cache.get('r1', '1:5:0')).toBeUndefined();
    expect(cache.get('r2', '1:4:0')).toBeUndefined();
    cache.set('r1', '1:5:0', Buffer.from('{"a":2}'));
    expect(cache.get('r1', '1:4:0')).toBeUndefined();
    expect(cache.get('r1', '1:5:0')?.toString()).toBe('{"a":2}');
  });

  it('drops the least recently read menus beyond its size', () => {
    const cache = new MenuCache(10);
    cache.set('a', 's', Buffer.from('aaaa'));
    cache.set('b', 's', Buffer.from('bbbb'));
    expect(cache.get('a', 's')?.toString()).toBe('aaaa');
    cache.set('c', 's', Buffer.from('cccc'));
    expect(cache.get('b', 's')).toBeUndefined();
    expect(cache.get('a', 's')?.toString()).toBe('aaaa');
    expect(cache.get('c', 's')?.toString()).toBe('cccc');
    cache.set('huge', 's', Buffer.from('x'.repeat(11)));
    expect(cache.get('huge', 's')).toBeUndefined();
    expect(cache.get('c', 's')?.toString()).toBe('cccc');
  });
});
