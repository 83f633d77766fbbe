import { describe, expect, it } from 'vitest';
import { parseSiteListParams, siteListPath, siteListQuery } from './list-params';
import { applySiteListPatch } from './url-state';

describe('site list addresses', () => {
  it('reads search, paging, filters and dialog state, ignoring what is not valid', () => {
    const state = parseSiteListParams(
      new URLSearchParams('search=dosa&page=3&page_size=100&foodcourt=fc-a&status=closed&edit=fc-a%3Ax&action=new'),
    );
    expect(state).toMatchObject({
      search: 'dosa',
      page: 3,
      pageSize: 100,
      foodcourt: 'fc-a',
      status: 'closed',
      edit: 'fc-a:x',
      action: 'new',
    });
    expect(parseSiteListParams(new URLSearchParams('page=-2&page_size=30&action=delete'))).toMatchObject({
      page: 1,
      pageSize: 25,
      action: undefined,
    });
  });

  it('asks each list only for its own filters', () => {
    const state = parseSiteListParams(new URLSearchParams('location=loc-a&foodcourt=fc-a&client=acme&page=2'));
    expect(siteListPath('location', siteListQuery('location', state))).toBe('vendor/location?page=2&page_size=25');
    expect(siteListPath('foodcourt', siteListQuery('foodcourt', state))).toBe(
      'vendor/foodcourt?location=loc-a&page=2&page_size=25',
    );
    expect(siteListPath('restaurant', siteListQuery('restaurant', state))).toBe(
      'vendor/restaurant?location=loc-a&foodcourt=fc-a&client=acme&page=2&page_size=25',
    );
  });

  it('leaves page 1, the default page size and empty values out of the address', () => {
    const next = applySiteListPatch(new URLSearchParams('search=a&page=4&page_size=50'), {
      search: '',
      page: 1,
      page_size: 25,
      edit: 'loc-a',
    });
    expect(next.toString()).toBe('edit=loc-a');
  });
});
