import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledPaths } from '../test/mock-api';
import { profileAnswer, renderSignedIn } from '../test/render-app';
import { getLoginState } from '../lib/login-state';

const admin = profileAnswer({ admin: true }, { userid: 'demo.admin', name: 'Demo Admin' });
const noSso = { 'vendor/login_options': () => ({ body: { result: 'success', sso_login: [] } }) };

describe('login guard and signed-in shell', () => {
  it('sends a signed-out visitor of any path to login', async () => {
    const { router } = renderSignedIn('/menu', { handlers: noSso, signedIn: false });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('checks the session with vendor/details and greets the user', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSignedIn('/', { profile: admin });

    expect(await screen.findByText('Hello, demo.admin')).toBeInTheDocument();
    expect(screen.getByText('Control Desk')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Demo Admin' })).toBeInTheDocument();
    expect(calledPaths(fetchMock)[0]).toBe('vendor/details');
    expect(getLoginState().user).toMatchObject({ userid: 'demo.admin', name: 'Demo Admin' });

    await user.click(screen.getByRole('button', { name: /Profile menu$/ }));
    expect(screen.getByTestId('user-name')).toHaveTextContent('Demo Admin');
  });

  it('shows login when the stored flag is set but the session is gone (401)', async () => {
    const { router } = renderSignedIn('/', {
      handlers: {
        ...noSso,
        'vendor/details': () => ({
          status: 401,
          body: { result: 'failure', message: 'You are logged out. Login again', extras: { code: 'loggedOut' } },
        }),
      },
    });

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getLoginState().loggedIn).toBe(false);
    expect(localStorage.getItem('cd.loggedIn')).toBe('false');
  });

  it('a failing profile call shows "Something Went Wrong" without calling again and again, and Retry opens the shell', async () => {
    const user = userEvent.setup();
    let down = true;
    const { fetchMock } = renderSignedIn('/', {
      handlers: {
        ...noSso,
        'vendor/details': () =>
          down
            ? { status: 500, body: { result: 'failure', message: 'Database unavailable', extras: {} } }
            : { body: admin },
      },
    });

    expect(await screen.findByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
    // Before the fix the shell mounted on the failure, refetched on mount, unmounted, and looped.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const profileCalls = () => calledPaths(fetchMock).filter((p) => p === 'vendor/details').length;
    expect(profileCalls()).toBeLessThanOrEqual(2);

    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('Hello, demo.admin')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something Went Wrong' })).not.toBeInTheDocument();
  });

  it('logout (in the profile menu) calls the API, clears local session data and goes to login', async () => {
    localStorage.setItem('cd.siteSelection', JSON.stringify({ foodcourt: 'fc1' }));
    const user = userEvent.setup();
    const { router, fetchMock } = renderSignedIn('/', {
      profile: admin,
      handlers: { ...noSso, 'vendor/logout': () => ({ body: { result: 'success', message: 'Logged out' } }) },
    });

    await user.click(await screen.findByRole('button', { name: /Profile menu$/ }));
    const menu = screen.getByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calledPaths(fetchMock)).toContain('vendor/logout');
    expect(getLoginState()).toEqual({ loggedIn: false, user: null });
    expect(localStorage.getItem('cd.user')).toBeNull();
    expect(localStorage.getItem('cd.siteSelection')).toBeNull();
  });
});
