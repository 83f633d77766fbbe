import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { getLoginState, markLoggedIn } from '../lib/login-state';
import { calledPaths, mockApi } from '../test/mock-api';
import { profileAnswer } from '../test/render-app';
import { AppRoot } from './app-root';
import { startSignedInOnSignIn } from './start-signed-in';
import { BaseProviders } from './base-providers';

const admin = profileAnswer({ admin: true }, { userid: 'demo.admin', name: 'Demo Admin' });
const handlers = {
  'vendor/login_options': () => ({ body: { result: 'success', sso_login: [] } }),
  'vendor/details': () => ({ body: admin }),
  'vendor/password_login': () => ({
    body: { result: 'success', message: 'Login successful', extras: { name: 'Demo Admin' } },
  }),
  'vendor/logout': () => ({ body: { result: 'success', message: 'Logged out' } }),
};

/** The app as main.tsx starts it, at an address. */
function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <BaseProviders>
      <AppRoot />
    </BaseProviders>,
  );
}

const profileCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  calledPaths(fetchMock).filter((p) => p === 'vendor/details').length;

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('User ID'), 'demo.admin');
  await user.type(screen.getByLabelText('Password'), 'Secret#123{Enter}');
}

beforeAll(() => startSignedInOnSignIn());

describe('the app root: sign-in screens and the signed-in app', () => {
  it('signed out, sends any address to login and loads nothing of the signed-in app', async () => {
    const fetchMock = mockApi(handlers);
    renderApp('/menu?restaurant=x');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(calledPaths(fetchMock)).toEqual(['vendor/login_options']);
  });

  it('a sign-in opens the signed-in app at home, with one profile call started at the sign-in', async () => {
    const fetchMock = mockApi(handlers);
    const user = userEvent.setup();
    renderApp('/login');
    await signIn(user);
    expect(await screen.findByText('Hello, demo.admin')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(profileCalls(fetchMock)).toBe(1);
  });

  it('a signed-in start opens the address; logout returns to login and the next sign-in asks afresh', async () => {
    markLoggedIn({ name: 'Demo Admin', userid: 'demo.admin' });
    const fetchMock = mockApi(handlers);
    const user = userEvent.setup();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(profileCalls(fetchMock)).toBe(1);

    await user.click(screen.getByRole('button', { name: /Profile menu$/ }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(getLoginState().loggedIn).toBe(false);

    await signIn(user);
    expect(await screen.findByText('Hello, demo.admin')).toBeInTheDocument();
    // A new session: the profile is not taken from the previous one's cache.
    expect(profileCalls(fetchMock)).toBe(2);
  });

  it('a lost session (401 on the profile call) shows login', async () => {
    markLoggedIn({ name: 'Demo Admin', userid: 'demo.admin' });
    mockApi({
      ...handlers,
      'vendor/details': () => ({
        status: 401,
        body: { result: 'failure', message: 'You are logged out. Login again', extras: { code: 'loggedOut' } },
      }),
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(getLoginState().loggedIn).toBe(false);
  });
});
