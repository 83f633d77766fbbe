import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { encodeCredential, LOGIN_PLATFORM, type LoginAnswer, type SendLoginOtpAnswer, type SsoOption } from '@cd/core';
import { apiPost } from '../../lib/api-client';
import { backoffDelay, isTransientFailure } from '../../lib/backoff';
import { clearLoginState, markLoggedIn, setUserDetails, type VendorProfile } from '../../lib/login-state';
import { clearPendingLogin, type PendingLogin } from './pending-login';

export const authKeys = {
  all: ['auth'] as const,
  loginOptions: (location: string) => ['auth', 'login-options', location] as const,
  profile: () => ['auth', 'profile'] as const,
};

// The sign-in calls answer about the attempt, never about a session: their failures do not sign anyone out.
const SIGN_IN = { sessionCheck: false } as const;

type SsoStartAnswer = { login_token: string; redirecturl: string };
type LogoutAnswer = { message?: string };

export function useLoginOptions(location: string) {
  return useQuery({
    queryKey: authKeys.loginOptions(location),
    queryFn: ({ signal }) =>
      apiPost<{ sso_login?: SsoOption[] }>(
        'vendor/login_options',
        { location, platform: LOGIN_PLATFORM },
        { ...SIGN_IN, signal },
      ),
    select: (answer) => answer.sso_login ?? [],
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Every successful sign-in ends here: the cookie is set, the profile is loaded afresh by the guard. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (answer: LoginAnswer, userid?: string) => {
    queryClient.removeQueries({ queryKey: authKeys.profile() });
    markLoggedIn({ name: answer.extras?.name ?? '', ...(userid ? { userid } : {}) });
  };
}

export function usePasswordLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: ({ userid, password }: { userid: string; password: string }) =>
      apiPost<LoginAnswer>(
        'vendor/password_login',
        { userid: encodeCredential(userid), password: encodeCredential(password), encrypted: true },
        SIGN_IN,
      ),
    onSuccess: (answer, { userid }) => signedIn(answer, userid),
  });
}

export type CodeRequest = { target: 'phone'; phone_number: string } | { target: 'email'; email: string };

export function useSendLoginOtp() {
  return useMutation({
    mutationFn: (request: CodeRequest) => apiPost<SendLoginOtpAnswer>('vendor/send_login_otp', request, SIGN_IN),
  });
}

export type CodeEntry = { pending: PendingLogin; otp: string; emailOtp?: string };

/** Phone sign-in completes with vendor/login, e-mail sign-in with vendor/verify_otp (spec README ruling). */
export function useVerifyLoginCode() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: ({ pending, otp, emailOtp }: CodeEntry) =>
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
    onSuccess: (answer, { pending }) => {
      clearPendingLogin();
      signedIn(answer, pending.userid);
    },
  });
}

export function useSsoStart() {
  return useMutation({
    mutationFn: ({ sso_action, location }: { sso_action: string; location: string }) =>
      apiPost<SsoStartAnswer>(
        'vendor/sso_login',
        { action: 'login', sso_action, location, pushid: '', platform: LOGIN_PLATFORM, os: 'web' },
        SIGN_IN,
      ),
  });
}

export function useSsoComplete() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: ({ token, sso_action, location }: { token: string; sso_action: string; location: string }) =>
      apiPost<LoginAnswer>(
        'vendor/sso_complete',
        { action: 'login', token, sso_action, location, pushid: '', platform: LOGIN_PLATFORM },
        SIGN_IN,
      ),
    onSuccess: (answer) => signedIn(answer),
  });
}

/** vendor/details: the authentication check on start and the signed-in user's profile. */
export function useProfile(enabled = true) {
  return useQuery({
    queryKey: authKeys.profile(),
    queryFn: async ({ signal }) => {
      const { result: _result, ...profile } = await apiPost<VendorProfile & { result?: string }>(
        'vendor/details',
        {},
        { signal },
      );
      setUserDetails(profile);
      return profile;
    },
    enabled,
    staleTime: 5 * 60_000,
    // The shell cannot start without the profile. A server that is down or failing is asked again by
    // itself, 1 s doubling to 30 s with jitter, for as long as the tab is open; a refusal is not repeated.
    retry: (_failures, error) => isTransientFailure(error),
    retryDelay: (failures) => backoffDelay(failures),
  });
}

/** Ask for the profile now, dropping a wait for the next automatic try. */
export function useRetryProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries({ queryKey: authKeys.profile() });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<LogoutAnswer>('vendor/logout', {}),
    onSuccess: () => {
      clearLoginState();
      queryClient.removeQueries();
    },
  });
}
