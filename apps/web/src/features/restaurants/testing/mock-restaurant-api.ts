import { configure } from '@testing-library/react';
import { mockApiRoutes, type MockHandler } from '../../../test/mock-api-routes';
import { newRestaurantDefaults, type RestaurantView } from '@cd/core';

// The form is large (every field of spec 001 §3.1 and §3.2): a first render under a parallel run can take
// longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 8000 });

export type Handler = MockHandler;

/**
 * Stubs fetch for the restaurant form's UI tests. Handlers are keyed "METHOD path" (path under /v2/bck without
 * the query string); the option lists answer empty unless given; other requests answer 404. Answers are
 * wrapped as successes unless their status is 400 or more.
 */
export function mockRestaurantApi(handlers: Record<string, Handler> = {}) {
  const all: Record<string, Handler> = {
    'GET vendor/clients': () => ({
      body: {
        clients: [
          { client: 'acme', name: 'Acme' },
          { client: 'smartq', name: 'SmartQ' },
        ],
      },
    }),
    'GET vendor/foodcourt': () => ({
      body: { foodcourts: [{ foodcourt: 'fc-two', name: 'Second Court', location: 'loc' }], total: 1 },
    }),
    'GET allpath': () => ({ body: { data: [{ id: 1, pathid: 'path_a' }] } }),
    'GET vendor/restaurant': () => ({ body: { restaurants: [], total: 0 } }),
    ...handlers,
  };
  return mockApiRoutes(all);
}

/** The JSON bodies sent to "METHOD path" (path without query). */
export function bodiesSent(
  fetchMock: ReturnType<typeof mockRestaurantApi>,
  request: string,
): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${decodeURIComponent(url.pathname.replace(/^\/v2\/bck\//, ''))}` === request;
    })
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** A stored restaurant as GET vendor/restaurant/:id answers it. */
export function aRestaurant(patch: Partial<RestaurantView> = {}): RestaurantView {
  return {
    ...newRestaurantDefaults(),
    restid: 'spice_route',
    name: 'Spice Route',
    client: 'acme',
    sitecode: 'BLR01',
    currency: 'GBP',
    fssai_no: '12345678901234',
    description: 'North Indian',
    rest_na_message: 'Closed',
    cuisines: 'Indian',
    extradetails: 'Ground floor',
    info_link: 'https://example.com',
    status: 'active',
    type: 'cnc_regular',
    restaurant: 'fc-one:spice_route',
    foodcourt: 'fc-one',
    location: 'loc',
    version: 3,
    updated_at: '2026-03-04T10:15:00.000Z',
    updated_by: 'demo.admin',
    ...patch,
  };
}
