import type { QueryClient } from '@tanstack/react-query';
import { setSessionLossHandler } from '../lib/api-client';
import { clearLoginState } from '../lib/login-state';

/**
 * Spec 000 §4: a 401 or a session-loss message on any call but the sign-in calls signs the user out; the
 * auth guard then shows the login screen.
 */
export function installSessionLossHandler(queryClient: QueryClient): void {
  setSessionLossHandler(() => {
    clearLoginState();
    queryClient.removeQueries();
  });
}
