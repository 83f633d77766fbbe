import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLoginState } from '../../../lib/login-state';
import { calledPaths, mockApi } from '../../../test/mock-api';
import { renderScreen } from '../../../test/render';
import { loadPendingLogin, savePendingLogin, type PendingLogin } from '../pending-login';
import { VerifyPage } from './verify-page';

function pending(overrides: Partial<PendingLogin> = {}): PendingLogin {
  return {
    target: 'phone',
    phone_number: '9876543210',
    userid: 'demo.phone',
    mfa_details: { mfa_enabled: false, email: '', email_id: '' },
    location: 'north',
    sentAt: Date.now(),
    ...overrides,
  };
}

function renderVerify() {
  return renderScreen(<VerifyPage />, { path: '/verify' });
}

afterEach(() => vi.useRealTimers());

describe('code entry', () => {
  it('keeps Verify disabled while the code is empty', async () => {
    savePendingLogin(pending());
    mockApi();
    const user = userEvent.setup();
    renderVerify();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(screen.getByText(/9876543210/)).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail OTP')).not.toBeInTheDocument();
    expect(verify).toBeDisabled();

    await user.type(screen.getByLabelText('OTP'), '12a3');
    expect(screen.getByLabelText('OTP')).toHaveValue('123');
    expect(verify).toBeEnabled();
  });

  it('with two-step sign-in requires both codes and sends both', async () => {
    savePendingLogin(
      pending({ mfa_details: { mfa_enabled: true, email: 'ad***@demo.test', email_id: 'ad***@demo.test' } }),
    );
    const fetchMock = mockApi({
      'vendor/login': () => ({
        body: { result: 'success', message: 'Login successful', extras: { name: 'Demo Phone' } },
      }),
    });
    const user = userEvent.setup();
    renderVerify();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(screen.getByText('Code sent to ad***@demo.test')).toBeInTheDocument();

    await user.type(screen.getByLabelText('OTP'), '123456');
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail OTP'), '654321');
    expect(verify).toBeEnabled();

    await user.click(verify);
    await waitFor(() => expect(getLoginState().loggedIn).toBe(true));
    const body = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ userid: 'demo.phone', otp_code: '123456', email_otp: '654321' });
    expect(loadPendingLogin()).toBeNull();
  });

  it('completes e-mail sign-in with verify_otp', async () => {
    savePendingLogin(
      pending({ target: 'email', phone_number: undefined, email: 'demo@demo.test', userid: 'demo.mail' }),
    );
    const fetchMock = mockApi({
      'vendor/verify_otp': () => ({
        body: { result: 'success', message: 'Login successful', extras: { name: 'Demo' } },
      }),
    });
    const user = userEvent.setup();
    renderVerify();

    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(getLoginState().loggedIn).toBe(true));
    expect(calledPaths(fetchMock)).toEqual(['vendor/verify_otp']);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ userid: 'demo.mail', otp_code: '123456', mfa: false });
  });

  it('stays signed out and shows the server message when the code is wrong', async () => {
    savePendingLogin(pending());
    mockApi({
      'vendor/login': () => ({
        status: 400,
        body: { result: 'failure', message: 'Invalid OTP', extras: { code: 'otpInvalid' } },
      }),
    });
    const user = userEvent.setup();
    renderVerify();

    await user.type(screen.getByLabelText('OTP'), '000000{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP');
    // The field is marked too, until the code is changed.
    expect(screen.getByLabelText('OTP')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('OTP')).toHaveAccessibleDescription('Check the code and try again');
    await user.type(screen.getByLabelText('OTP'), '{Backspace}');
    expect(screen.getByLabelText('OTP')).toHaveAttribute('aria-invalid', 'false');
    expect(getLoginState().loggedIn).toBe(false);
    expect(loadPendingLogin()).not.toBeNull();
  });

  it('Back removes the pending code and returns to the same login mode and location', async () => {
    savePendingLogin(pending());
    mockApi();
    const user = userEvent.setup();
    const { router } = renderVerify();

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(loadPendingLogin()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?location=north&mode=phone');
  });

  it('without a pending code request goes to login', () => {
    mockApi();
    const { router } = renderVerify();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('resend countdown', () => {
  it('resumes from the stored send time after a reload', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T10:00:20Z'));
    savePendingLogin(pending({ sentAt: new Date('2025-01-01T10:00:00Z').getTime() }));
    mockApi();
    renderVerify();

    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Resend OTP in 40s');
    expect(screen.getByRole('button', { name: /Resend OTP/ })).toBeDisabled();

    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Resend OTP in 25s');

    act(() => vi.advanceTimersByTime(25_000));
    expect(screen.queryByTestId('resend-countdown')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  });

  it('resend shows the server message and restarts the countdown', async () => {
    savePendingLogin(pending({ sentAt: Date.now() - 61_000 }));
    mockApi({
      'vendor/send_login_otp': () => ({
        body: {
          result: 'success',
          userid: 'demo.phone',
          message: '',
          mfa_details: { mfa_enabled: false, email: '', email_id: '' },
        },
      }),
    });
    const user = userEvent.setup();
    renderVerify();

    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('OTP Sent');
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Resend OTP in 60s');
    expect(loadPendingLogin()?.sentAt).toBeGreaterThan(Date.now() - 5_000);
  });
});
