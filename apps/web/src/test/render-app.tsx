import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { markLoggedIn } from '../lib/login-state';
import type { LazyPage } from '../lib/lazy-page';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createRoutes } from '../app/router';
import { installSessionLossHandler } from '../app/session';
import { mockApi } from './mock-api';
// Loaded up front, so the lazy shell resolves at once instead of after a slow first transform.
import '../app/shell';

// A whole app renders here (guard, lazy shell, pages, MUI): on a busy machine that takes longer than the
// defaults (1 s per query, 5 s per test). Scoped to the test files that render the app.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

type Extras = { admin?: boolean; pagepermissionaccess?: string[]; permissions?: string[] };

/** A vendor/details answer for a user with these rights. */
export function profileAnswer(extras: Extras = {}, who = { userid: 'demo.user', name: 'Demo User' }) {
  return {
    result: 'success',
    ...who,
    client_list: [],
    loc2fc2rest_details_map: {},
    vendorextras: { admin: false, pagepermissionaccess: [], permissions: [], ...extras },
  };
}

/** Wide screens get the fixed drawer; jsdom has no matchMedia, which reads as a narrow screen. */
export function stubScreenWidth(px: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      return {
        matches: min ? px >= Number(min[1]) : false,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      };
    }),
  );
}

type Options = {
  profile?: ReturnType<typeof profileAnswer>;
  handlers?: Parameters<typeof mockApi>[0];
  builtPages?: Record<string, LazyPage>;
  /** False renders the app for a visitor who is not signed in. */
  signedIn?: boolean;
};

/** The whole app (guard, shell, pages) signed in as the profile's user, at a path. */
export function renderSignedIn(route: string, options: Options = {}) {
  const { profile = profileAnswer(), handlers = {}, builtPages = {}, signedIn = true } = options;
  if (signedIn) markLoggedIn({ name: profile.name, userid: profile.userid });
  const fetchMock = mockApi({ 'vendor/details': () => ({ body: profile }), ...handlers });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  installSessionLossHandler(queryClient);
  const router = createMemoryRouter(createRoutes(builtPages), { initialEntries: [route] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, fetchMock, queryClient };
}
