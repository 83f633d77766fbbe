import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { backoffDelay, isTransientFailure } from '../../lib/backoff';
import { clearLoginState } from '../../lib/login-state';
import { fetchProfile, takeProfileCall } from './profile-call';

/** The signed-in app's auth calls (TanStack Query); the sign-in screens' calls are in sign-in-api.ts. */
export const authKeys = {
  all: ['auth'] as const,
  profile: () => ['auth', 'profile'] as const,
};

type LogoutAnswer = { message?: string };

/** vendor/details: the authentication check on start and the signed-in user's profile. */
export function useProfile(enabled = true) {
  return useQuery({
    queryKey: authKeys.profile(),
    // The first query takes the call started while the app's code loaded (profile-call.ts), if there is one.
    queryFn: ({ signal }) => takeProfileCall() ?? fetchProfile(signal),
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
