import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderScreen } from '../../../test/render';
import { loadPendingLogin } from '../pending-login';
import { LoginPage } from '../pages/login-page';

const noSso = { 'vendor/login_options': () => ({ body: { result: 'success', sso_login: [] } }) };

describe('phone login form', () => {
  it('enables Get OTP only for exactly 10 digits and strips letters', async () => {
    mockApi(noSso);
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login', route: '/login?mode=phone' });
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    const getOtp = screen.getByRole('button', { name: 'Get OTP' });
    expect(getOtp).toBeDisabled();
    expect(screen.queryByText('Enter a 10-digit phone number')).not.toBeInTheDocument();

    await user.type(phone, '98a76b54c32d1');
    expect(phone).toHaveValue('987654321');
    expect(getOtp).toBeDisabled();
    expect(screen.getByText('Enter a 10-digit phone number')).toBeInTheDocument();

    await user.type(phone, '0');
    expect(phone).toHaveValue('9876543210');
    expect(getOtp).toBeEnabled();
    expect(screen.queryByText('Enter a 10-digit phone number')).not.toBeInTheDocument();

    await user.type(phone, '7');
    expect(phone).toHaveValue('9876543210');
  });

  it('stores the pending code request and goes to code entry', async () => {
    mockApi({
      ...noSso,
      'vendor/send_login_otp': () => ({
        body: {
          result: 'success',
          userid: 'demo.phone',
          message: 'OTP sent to your phone',
          mfa_details: { mfa_enabled: false, email: '', email_id: '' },
        },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(<LoginPage />, { path: '/login', route: '/login?mode=phone&location=north' });

    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));

    expect(await screen.findByTestId('other-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    expect(loadPendingLogin()).toMatchObject({
      target: 'phone',
      phone_number: '9876543210',
      userid: 'demo.phone',
      location: 'north',
    });
  });
});

describe('e-mail login form', () => {
  it('enables Get OTP only for a valid address', async () => {
    mockApi(noSso);
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login', route: '/login?mode=email' });
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    const getOtp = screen.getByRole('button', { name: 'Get OTP' });
    expect(getOtp).toBeDisabled();

    await user.type(email, 'demo.user@demo');
    expect(getOtp).toBeDisabled();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();

    await user.type(email, '.test');
    expect(getOtp).toBeEnabled();
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
  });
});

describe('login mode tabs', () => {
  it('switch the form through the mode query parameter', async () => {
    mockApi(noSso);
    const user = userEvent.setup();
    const { router } = renderScreen(<LoginPage />, { path: '/login', route: '/login?location=north' });
    expect(screen.getByRole('tab', { name: 'User ID' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Phone' }));
    expect(router.state.location.search).toBe('?location=north&mode=phone');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'E-mail' }));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'User ID' }));
    expect(router.state.location.search).toBe('?location=north');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('lists the single-sign-on choices for the location', async () => {
    const fetchMock = mockApi({
      'vendor/login_options': () => ({
        body: {
          result: 'success',
          sso_login: [{ sso_action: 'demo-oidc', actionlabel: 'Demo SSO', imageurl: '', location: 'north' }],
        },
      }),
    });
    renderScreen(<LoginPage />, { path: '/login', route: '/login?location=north' });

    expect(await screen.findByRole('button', { name: 'Demo SSO' })).toBeInTheDocument();
    expect(screen.getByText('Or sign in with')).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ location: 'north', platform: 'control_desk' });
  });
});
