import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportQuerySchema, listAnswerSchema, listQuerySchema, wholeListQuerySchema } from './list.js';

const SORT = ['name', 'updated_at'] as const;

describe('list contract', () => {
  it('defaults a paged list to the first 25 rows in ascending order', () => {
    const query = listQuerySchema(SORT, { status: z.string().optional() });
    expect(query.parse({})).toEqual({ order: 'asc', page: 1, page_size: 25 });
    expect(query.parse({ page: '3', page_size: '200', sort: 'name', order: 'desc', status: 'active', x: '1' })).toEqual(
      { page: 3, page_size: 200, sort: 'name', order: 'desc', status: 'active' },
    );
  });

  it('refuses unknown sort columns, orders and page sizes, naming the field', () => {
    const query = listQuerySchema(SORT);
    for (const [input, field] of [
      [{ sort: 'password' }, 'sort'],
      [{ order: 'up' }, 'order'],
      [{ page_size: '10' }, 'page_size'],
      [{ page: '0' }, 'page'],
      [{ search: 'x'.repeat(101) }, 'search'],
    ] as const) {
      const result = query.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual([field]);
    }
  });

  it('leaves a whole list unpaged unless a page is asked for, and exports without paging', () => {
    expect(wholeListQuerySchema(SORT).parse({})).toEqual({ order: 'asc' });
    expect(wholeListQuerySchema(SORT).parse({ page_size: '50' })).toEqual({ order: 'asc', page_size: 50 });
    expect(exportQuerySchema(SORT).parse({ page: '2', sort: 'updated_at' })).toEqual({
      order: 'asc',
      sort: 'updated_at',
    });
  });

  it('answers rows under their own key with the total', () => {
    const answer = listAnswerSchema('locations', z.object({ location: z.string() }));
    expect(answer.parse({ result: 'success', locations: [{ location: 'a' }], total: 7 })).toEqual({
      result: 'success',
      locations: [{ location: 'a' }],
      total: 7,
    });
  });
});
