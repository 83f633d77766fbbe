import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { markLoggedIn } from '../lib/login-state';
import type { VendorProfile } from '../lib/login-state';

type Options = {
  path?: string;
  route?: string;
  routes?: RouteObject[];
  /** The signed-in user as the shell leaves it (the profile loaded into the login state). */
  signedInAs?: Partial<VendorProfile> & { name: string };
};

/** A query client as tests want it: no retries, so a failure shows at once. */
export function testQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return queryClient;
}

/** Renders a component inside the app's providers, without a router. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = testQueryClient();
  const view = render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
  return { ...view, queryClient };
}

/** Renders a screen inside the app's providers and an in-memory router; other paths render their name. */
export function renderScreen(ui: ReactElement, { path = '/', route = path, routes = [], signedInAs }: Options = {}) {
  if (signedInAs) markLoggedIn(signedInAs);
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [{ path, element: ui }, ...routes, { path: '*', element: <p data-testid="other-page">other page</p> }],
    { initialEntries: [route] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
