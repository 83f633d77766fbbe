import { vi } from 'vitest';
import type { FoodcourtView, LocationView, RestaurantSummary } from '@cd/core';

type Request = { body: Record<string, unknown>; query: URLSearchParams; path: string };
type Reply = { status?: number; body: unknown };
type Handler = (request: Request) => Reply;

/**
 * Stubs fetch for the site pages' unit tests. Handlers are keyed "METHOD path" (path under /v2/bck without the
 * query string, e.g. "GET vendor/location"); unknown requests answer 404. Answers are wrapped as successes
 * unless they carry a status of 400 or more. The real API is exercised by the server's tests and e2e.
 */
export function mockSitesApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/v2\/bck\//, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const handler = handlers[`${method} ${path}`];
    const reply: Reply = handler
      ? handler({ body, query: url.searchParams, path })
      : { status: 404, body: { result: 'failure', message: 'Not found', extras: { code: 'notFound' } } };
    const status = reply.status ?? 200;
    const json = status >= 400 ? reply.body : { result: 'success', ...(reply.body as object) };
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made, as "METHOD path?query", in order. */
export function requestsMade(fetchMock: ReturnType<typeof mockSitesApi>): string[] {
  return fetchMock.mock.calls.map(
    ([input, init]) => `${init?.method ?? 'GET'} ${String(input).replace(/^\/v2\/bck\//, '')}`,
  );
}

/** The JSON bodies sent to "METHOD path". */
export function bodiesSent(fetchMock: ReturnType<typeof mockSitesApi>, request: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).replace(/^\/v2\/bck\//, '')}` === request)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** A vendor/details answer with these rights. */
export function profileWith(extras: { admin?: boolean; permissions?: string[] } = {}) {
  return {
    userid: 'demo.user',
    name: 'Demo User',
    client_list: [],
    loc2fc2rest_details_map: {},
    vendorextras: {
      admin: false,
      pagepermissionaccess: ['location', 'foodcourt', 'restaurant'],
      permissions: [],
      ...extras,
    },
  };
}

const audit = { version: 1, updated_at: '2026-03-01T10:30:00.000Z', updated_by: 'demo.admin' };

export const aLocation = (overrides: Partial<LocationView> = {}): LocationView => ({
  location: 'loc-bengaluru',
  name: 'Bengaluru Tech Park',
  foodcourt_count: 2,
  restaurant_count: 7,
  ...audit,
  ...overrides,
});

export const aFoodcourt = (overrides: Partial<FoodcourtView> = {}): FoodcourtView => ({
  foodcourt: 'fc-blr-atrium',
  name: 'Atrium Food Court',
  location: 'loc-bengaluru',
  location_name: 'Bengaluru Tech Park',
  restaurant_count: 4,
  ...audit,
  ...overrides,
});

export const aRestaurant = (overrides: Partial<RestaurantSummary> = {}): RestaurantSummary => ({
  restaurant: 'fc-blr-atrium:dosa-corner',
  restid: 'dosa-corner',
  name: 'Dosa Corner',
  foodcourt: 'fc-blr-atrium',
  foodcourt_name: 'Atrium Food Court',
  location: 'loc-bengaluru',
  client: 'acme',
  status: 'active',
  type: 'cnc_regular',
  hasdinein: true,
  hasdelivery: false,
  hide_restaurant: false,
  thumbnail: 'logos/comingsoon.jpg',
  ...audit,
  ...overrides,
});
