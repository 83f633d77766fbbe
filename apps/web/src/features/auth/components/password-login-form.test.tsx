import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { decodeCredential } from '@cd/core';
import { getLoginState } from '../../../lib/login-state';
import { calledPaths, mockApi } from '../../../test/mock-api';
import { renderScreen } from '../../../test/render';
import { LoginPage } from '../pages/login-page';

const noSso = { 'vendor/login_options': () => ({ body: { result: 'success', sso_login: [] } }) };

function renderLogin() {
  return renderScreen(<LoginPage />, { path: '/login' });
}

describe('password login form', () => {
  it('keeps Login disabled until both trimmed values are filled', async () => {
    mockApi(noSso);
    const user = userEvent.setup();
    renderLogin();
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();

    await user.type(screen.getByLabelText('User ID'), '   ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(login).toBeDisabled();

    await user.type(screen.getByLabelText('User ID'), 'demo.admin');
    expect(login).toBeEnabled();
  });

  it('warns "Please enter id and password" when Enter submits empty values, without calling the server', async () => {
    const fetchMock = mockApi(noSso);
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('User ID'), '  {Enter}');

    expect(await screen.findByText('Please enter id and password')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('vendor/password_login');
  });

  it('refuses a corporate user id before any call and points to single sign-on', async () => {
    const fetchMock = mockApi(noSso);
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('User ID'), 'Jane.Doe@Corp.ControlDesk.test');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/single sign-on/i);
    expect(calledPaths(fetchMock)).not.toContain('vendor/password_login');
  });

  it('sends encoded credentials flagged encrypted and marks the user logged in', async () => {
    const fetchMock = mockApi({
      ...noSso,
      'vendor/password_login': () => ({
        body: { result: 'success', message: 'Login successful', extras: { name: 'Demo Admin' } },
      }),
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('User ID'), ' demo.admin ');
    await user.type(screen.getByLabelText('Password'), 'Secret#123{Enter}');

    await waitFor(() => expect(getLoginState().loggedIn).toBe(true));
    const call = fetchMock.mock.calls.find(([path]) => String(path).endsWith('vendor/password_login'));
    const body = JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
    expect(decodeCredential(String(body.userid))).toBe('demo.admin');
    expect(decodeCredential(String(body.password))).toBe('Secret#123');
    expect(body).toMatchObject({ encrypted: true, sender: 'web', lang: 'en' });
    expect(call?.[1]?.credentials).toBe('include');
    expect(await screen.findByTestId('other-page')).toBeInTheDocument();
  });

  it('shows the server message when sign-in fails', async () => {
    mockApi({
      ...noSso,
      'vendor/password_login': () => ({
        status: 400,
        body: { result: 'failure', message: 'Incorrect user id or password', extras: { code: 'wrongCredentials' } },
      }),
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('User ID'), 'demo.admin');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect user id or password');
    expect(getLoginState().loggedIn).toBe(false);
  });

  it('shows when to try again after too many failed sign-ins of the account', async () => {
    const message = 'Too many failed sign-ins for this account. Try again in 12 minutes.';
    mockApi({
      ...noSso,
      'vendor/password_login': () => ({
        status: 429,
        body: { result: 'failure', message, extras: { code: 'tooManyFailedSignIns', retry_after: 700 } },
      }),
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('User ID'), 'demo.admin');
    await user.type(screen.getByLabelText('Password'), 'ControlDesk#2026{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(getLoginState().loggedIn).toBe(false);
    // The form stays usable: the user may try again when the time has passed.
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });
});
