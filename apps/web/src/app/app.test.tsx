import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { calledPaths, mockApi } from '../test/mock-api';
import { getLoginState, markLoggedIn } from './login-state';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './router';
import { installSessionLossHandler } from './session';

const profile = {
  result: 'success',
  name: 'Demo Admin',
  userid: 'demo.admin',
  client_list: [],
  loc2fc2rest_details_map: {},
  vendorextras: { admin: true, pagepermissionaccess: [] },
};
const noSso = { 'vendor/login_options': () => ({ body: { result: 'success', sso_login: [] } }) };

function renderApp(route: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  installSessionLossHandler(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('login guard and signed-in page', () => {
  it('sends a signed-out visitor of any path to login', async () => {
    mockApi(noSso);
    const router = renderApp('/menu');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('checks the session with vendor/details and greets the user', async () => {
    markLoggedIn({ name: 'Demo Admin' });
    mockApi({ 'vendor/details': () => ({ body: profile }) });
    renderApp('/');

    expect(await screen.findByText('Hello, demo.admin')).toBeInTheDocument();
    expect(screen.getByText('Control Desk')).toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('Demo Admin');
    expect(getLoginState().user).toMatchObject({ userid: 'demo.admin', name: 'Demo Admin' });
  });

  it('shows login when the stored flag is set but the session is gone (401)', async () => {
    markLoggedIn({ name: 'Demo Admin' });
    mockApi({
      ...noSso,
      'vendor/details': () => ({
        status: 401,
        body: { result: 'failure', message: 'You are logged out. Login again', extras: { code: 'loggedOut' } },
      }),
    });
    const router = renderApp('/');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getLoginState().loggedIn).toBe(false);
    expect(localStorage.getItem('cd.loggedIn')).toBe('false');
  });

  it('logout calls the API, clears local session data and goes to login', async () => {
    markLoggedIn({ name: 'Demo Admin' });
    localStorage.setItem('cd.siteSelection', JSON.stringify({ foodcourt: 'fc1' }));
    const fetchMock = mockApi({
      ...noSso,
      'vendor/details': () => ({ body: profile }),
      'vendor/logout': () => ({ body: { result: 'success', message: 'Logged out' } }),
    });
    const user = userEvent.setup();
    const router = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calledPaths(fetchMock)).toContain('vendor/logout');
    expect(getLoginState()).toEqual({ loggedIn: false, user: null });
    expect(localStorage.getItem('cd.user')).toBeNull();
    expect(localStorage.getItem('cd.siteSelection')).toBeNull();
  });
});
