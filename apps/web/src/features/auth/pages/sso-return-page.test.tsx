import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getLoginState } from '../../../lib/login-state';
import { calledPaths, mockApi } from '../../../test/mock-api';
import { renderScreen } from '../../../test/render';
import { loadSso, saveSso } from '../sso-storage';
import { LoginPage } from './login-page';
import { SsoReturnPage } from './sso-return-page';

const loginRoute = [{ path: '/login', element: <LoginPage /> }];
const noSso = { 'vendor/login_options': () => ({ body: { result: 'success', sso_login: [] } }) };

describe('SSO return screen', () => {
  it('completes login from the stored values and goes to the root', async () => {
    saveSso({ login_token: 'tok-1', sso_action: 'demo-oidc', location: 'north' });
    const fetchMock = mockApi({
      'vendor/sso_complete': () => ({
        body: { result: 'success', message: 'Login successful', extras: { name: 'Demo' } },
      }),
    });
    const { router } = renderScreen(<SsoReturnPage />, { path: '/sso-return', route: '/sso-return?status=ok' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getLoginState().loggedIn).toBe(true);
    expect(loadSso()).toBeNull();
    expect(calledPaths(fetchMock)).toEqual(['vendor/sso_complete']);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      action: 'login',
      token: 'tok-1',
      sso_action: 'demo-oidc',
      location: 'north',
      platform: 'control_desk',
    });
  });

  it('returns to login with the location and the message when the provider reports an error', async () => {
    saveSso({ login_token: 'tok-1', sso_action: 'demo-oidc', location: 'north' });
    const fetchMock = mockApi(noSso);
    const { router } = renderScreen(<SsoReturnPage />, {
      path: '/sso-return',
      route: '/sso-return?status=error&message=Access%20denied',
      routes: loginRoute,
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?location=north');
    expect(loadSso()).toBeNull();
    expect(calledPaths(fetchMock)).not.toContain('vendor/sso_complete');
  });

  it('returns to login with the server message when completion fails', async () => {
    saveSso({ login_token: 'tok-1', sso_action: 'demo-oidc', location: 'north' });
    mockApi({
      ...noSso,
      'vendor/sso_complete': () => ({
        status: 400,
        body: { result: 'failure', message: 'SSO token expired', extras: { code: 'ssoExpired' } },
      }),
    });
    const { router } = renderScreen(<SsoReturnPage />, {
      path: '/sso-return',
      route: '/sso-return?status=ok',
      routes: loginRoute,
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('SSO token expired');
    expect(router.state.location.pathname).toBe('/login');
    expect(getLoginState().loggedIn).toBe(false);
    expect(loadSso()).toBeNull();
  });
});
