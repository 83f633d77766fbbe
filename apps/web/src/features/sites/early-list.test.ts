import { describe, expect, it } from 'vitest';
import { fetchSiteList, prefetchSiteList } from './early-list';
import { mockApiRoutes, requestsMade } from '../../test/mock-api-routes';

const query = { foodcourt: 'fc-a', page: 1, page_size: 25 };

describe('the list asked for while the page loads', () => {
  it('is taken once by the page for the same list, without a second request', async () => {
    const fetchMock = mockApiRoutes({ 'GET vendor/restaurant': () => ({ body: { restaurants: [], total: 7 } }) });
    prefetchSiteList('restaurant', query);
    const answer = await fetchSiteList<{ total: number }>('restaurant', query, new AbortController().signal);
    expect(answer.total).toBe(7);
    expect(requestsMade(fetchMock)).toEqual(['GET vendor/restaurant?foodcourt=fc-a&page=1&page_size=25']);

    // Taken: the next query asks again.
    await fetchSiteList('restaurant', query, new AbortController().signal);
    expect(requestsMade(fetchMock)).toHaveLength(2);
  });

  it('is not used for another list', async () => {
    const fetchMock = mockApiRoutes({ 'GET vendor/restaurant': () => ({ body: { restaurants: [], total: 0 } }) });
    prefetchSiteList('restaurant', query);
    await fetchSiteList('restaurant', { ...query, page: 2 }, new AbortController().signal);
    expect(requestsMade(fetchMock)).toEqual([
      'GET vendor/restaurant?foodcourt=fc-a&page=1&page_size=25',
      'GET vendor/restaurant?foodcourt=fc-a&page=2&page_size=25',
    ]);
  });
});
