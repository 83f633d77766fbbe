import { useCallback, useEffect, useRef, useState } from 'react';
import { encodeCredential, LOGIN_PLATFORM, type LoginAnswer, type SendLoginOtpAnswer, type SsoOption } from '@cd/core';
import { apiPost } from '../../lib/api-client';
import { markLoggedIn } from '../../lib/login-state';
import { clearPendingLogin, type PendingLogin } from './pending-login';

/**
 * The sign-in screens' calls. They are in the sign-in bundle, which does without TanStack Query (DESIGN.md §7: the
 * sign-in page's initial JS): each screen makes one call at a time and caches nothing, so a small hook does.
 */

// The sign-in calls answer about the attempt, never about a session: their failures do not sign anyone out.
const SIGN_IN = { sessionCheck: false } as const;

type SsoStartAnswer = { login_token: string; redirecturl: string };

export type CallHandlers<T> = { onSuccess?: (answer: T) => void; onError?: (error: unknown) => void };

export type SignInCall<V, T> = {
  /** Starts the call; the hook's own success handling runs first, then the caller's handlers. */
  mutate: (variables: V, handlers?: CallHandlers<T>) => void;
  isPending: boolean;
  isSuccess: boolean;
};

/** One call and its state for the form (pending, succeeded). */
function useSignInCall<V, T>(call: (variables: V) => Promise<T>, done?: (answer: T, variables: V) => void) {
  const [state, setState] = useState<'idle' | 'pending' | 'success' | 'error'>('idle');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The latest functions, so `mutate` keeps one identity across renders.
  const latest = useRef({ call, done });
  latest.current = { call, done };

  const mutate = useCallback((variables: V, handlers: CallHandlers<T> = {}) => {
    setState('pending');
    latest.current.call(variables).then(
      (answer) => {
        latest.current.done?.(answer, variables);
        if (mounted.current) setState('success');
        handlers.onSuccess?.(answer);
      },
      (error: unknown) => {
        if (mounted.current) setState('error');
        handlers.onError?.(error);
      },
    );
  }, []);
  return { mutate, isPending: state === 'pending', isSuccess: state === 'success' } satisfies SignInCall<V, T>;
}

/** The single-sign-on choices for a location (vendor/login_options); none until they arrive or on failure. */
export function useLoginOptions(location: string): SsoOption[] {
  const [options, setOptions] = useState<{ location: string; list: SsoOption[] } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiPost<{ sso_login?: SsoOption[] }>(
      'vendor/login_options',
      { location, platform: LOGIN_PLATFORM },
      { ...SIGN_IN, signal: controller.signal },
    ).then(
      (answer) => setOptions({ location, list: answer.sso_login ?? [] }),
      // No choices is what the screen shows when they cannot be loaded.
      () => undefined,
    );
    return () => controller.abort();
  }, [location]);
  return options?.location === location ? options.list : [];
}

/** Every successful sign-in ends here: the cookie is set, the signed-in app loads the profile afresh. */
function signedIn(answer: LoginAnswer, userid?: string): void {
  markLoggedIn({ name: answer.extras?.name ?? '', ...(userid ? { userid } : {}) });
}

export function usePasswordLogin() {
  return useSignInCall(
    ({ userid, password }: { userid: string; password: string }) =>
      apiPost<LoginAnswer>(
        'vendor/password_login',
        { userid: encodeCredential(userid), password: encodeCredential(password), encrypted: true },
        SIGN_IN,
      ),
    (answer, { userid }) => signedIn(answer, userid),
  );
}

export type CodeRequest = { target: 'phone'; phone_number: string } | { target: 'email'; email: string };

export function useSendLoginOtp() {
  return useSignInCall((request: CodeRequest) =>
    apiPost<SendLoginOtpAnswer>('vendor/send_login_otp', request, SIGN_IN),
  );
}

export type CodeEntry = { pending: PendingLogin; otp: string; emailOtp?: string };

/** Phone sign-in completes with vendor/login, e-mail sign-in with vendor/verify_otp (spec README ruling). */
export function useVerifyLoginCode() {
  return useSignInCall(
    ({ pending, otp, emailOtp }: CodeEntry) =>
      pending.target === 'phone'
        ? apiPost<LoginAnswer>(
            'vendor/login',
            {
              userid: pending.userid,
              otp_code: otp,
              ...(pending.mfa_details.mfa_enabled ? { email_otp: emailOtp } : {}),
            },
            SIGN_IN,
          )
        : apiPost<LoginAnswer>('vendor/verify_otp', { userid: pending.userid, otp_code: otp, mfa: false }, SIGN_IN),
    (answer, { pending }) => {
      clearPendingLogin();
      signedIn(answer, pending.userid);
    },
  );
}

export function useSsoStart() {
  return useSignInCall(({ sso_action, location }: { sso_action: string; location: string }) =>
    apiPost<SsoStartAnswer>(
      'vendor/sso_login',
      { action: 'login', sso_action, location, pushid: '', platform: LOGIN_PLATFORM, os: 'web' },
      SIGN_IN,
    ),
  );
}

export function useSsoComplete() {
  return useSignInCall(
    ({ token, sso_action, location }: { token: string; sso_action: string; location: string }) =>
      apiPost<LoginAnswer>(
        'vendor/sso_complete',
        { action: 'login', token, sso_action, location, pushid: '', platform: LOGIN_PLATFORM },
        SIGN_IN,
      ),
    (answer) => signedIn(answer),
  );
}
