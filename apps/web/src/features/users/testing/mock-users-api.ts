import { configure } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { mockApiRoutes, type MockHandler } from '../../../test/mock-api-routes';
import type { UserView, VendorProfile } from '@cd/core';

// These screens are large (every page permission, the sites tree) and MUI injects hundreds of style tags,
// which makes jsdom's style computation (visibility and pointer-events checks, accessible names) slow: the
// first render may exceed Testing Library's default 1 s wait under a parallel run.
configure({ asyncUtilTimeout: 10_000 });

/** user-event without the pointer-events check (a getComputedStyle per click; MUI sets no pointer-events trap here). */
export function setupUser() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/** Replaces a field's text in one input event (typing key by key is slow on these screens). */
export async function fill(user: ReturnType<typeof setupUser>, element: HTMLElement, text: string) {
  await user.clear(element);
  if (text) await user.paste(text);
}

type Handler = MockHandler;

/**
 * Stubs fetch for this area's UI unit tests. Handlers are keyed "METHOD path" (path under /v2/bck without the
 * query string, e.g. "GET vendor/users"); unknown requests answer 404. Answers are wrapped as successes
 * unless they carry a status of 400 or more.
 */
export function mockUsersApi(handlers: Record<string, Handler>) {
  return mockApiRoutes(handlers);
}

const describeCall = (input: RequestInfo | URL, init?: RequestInit) =>
  `${init?.method ?? 'GET'} ${decodeURIComponent(String(input).replace(/^\/v2\/bck\//, ''))}`;

/** The requests made, as "METHOD path?query" (decoded), in order. */
export function requestsMade(fetchMock: ReturnType<typeof mockUsersApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => describeCall(input, init));
}

/** The JSON bodies sent to "METHOD path". */
export function bodiesSent(fetchMock: ReturnType<typeof mockUsersApi>, request: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => describeCall(input, init) === request)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

export const SITE_TREE: VendorProfile['loc2fc2rest_details_map'] = {
  'loc-bengaluru': {
    location: 'loc-bengaluru',
    name: 'Bengaluru Tech Park',
    foodcourts: {
      'fc-blr-atrium': {
        foodcourt: 'fc-blr-atrium',
        name: 'Atrium Food Court',
        restaurants: [
          { restaurant: 'fc-blr-atrium:spice-route', name: 'Spice Route' },
          { restaurant: 'fc-blr-atrium:dosa-corner', name: 'Dosa Corner' },
        ],
      },
      'fc-blr-tower-b': {
        foodcourt: 'fc-blr-tower-b',
        name: 'Tower B Canteen',
        restaurants: [{ restaurant: 'fc-blr-tower-b:daily-thali', name: 'Daily Thali' }],
      },
    },
  },
  'loc-london': {
    location: 'loc-london',
    name: 'London Riverside Campus',
    foodcourts: {
      'fc-ldn-river': {
        foodcourt: 'fc-ldn-river',
        name: 'Riverside Kitchen',
        restaurants: [{ restaurant: 'fc-ldn-river:noodle-house', name: 'Noodle House' }],
      },
    },
  },
};

/** The profile answer of vendor/details for an editor. */
export function editorProfile(
  overrides: Partial<VendorProfile['vendorextras']> & { userid?: string } = {},
): Omit<VendorProfile, 'result'> {
  const { userid = 'demo.admin', ...extras } = overrides;
  return {
    userid,
    name: 'Demo Administrator',
    client_list: Object.keys(SITE_TREE),
    loc2fc2rest_details_map: SITE_TREE,
    vendorextras: {
      permissions: [],
      pagepermissionaccess: [],
      admin: true,
      controldesk_feedback: [],
      imdaccess: false,
      login_types: ['password'],
      only_sso_login: false,
      status: 'active',
      read_only_access: [],
      ...extras,
    },
  };
}

export function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    userid: 'e2e.cashier',
    name: 'Cashier One',
    phone: null,
    email: null,
    login_types: ['password'],
    only_sso_login: false,
    mfa_enabled: false,
    admin: false,
    status: 'active',
    pagepermissionaccess: ['location'],
    permissions: ['add_location'],
    read_only_access: [],
    sites: { locations: [], foodcourts: [], restaurants: ['fc-blr-atrium:spice-route'] },
    has_password: true,
    version: 3,
    updated_at: '2026-03-05T09:07:00.000Z',
    updated_by: 'demo.admin',
    ...overrides,
  };
}
