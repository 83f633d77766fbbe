import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { useProfile, useRetryProfile } from '../features/auth';
import { ApiError } from '../lib/api-client';
import { useLoginState } from '../lib/login-state';
import { StartFailure } from './start-failure';

/**
 * The login guard of spec 000 §2.1. With the stored logged-in flag set, the profile call is the
 * authentication check: a lost session (401) clears the flag and this guard sends the user to login.
 *
 * The shell mounts only once the profile has loaded. While it has not, this guard alone observes the profile
 * query: a shell mounted on failure and unmounted on the next try would start a new call at each mount, and
 * every open tab would call the server as fast as it answers (issue 23).
 */
export function AuthGuard() {
  const { loggedIn } = useLoginState();
  const profile = useProfile(loggedIn);
  const retry = useRetryProfile();

  if (!loggedIn) return <Navigate to="/login" replace />;
  if (profile.data === undefined) {
    // The query keeps its failure while it waits to try again (failureReason) and once it gives up (error).
    const failure = profile.error ?? profile.failureReason;
    const sessionLost = failure instanceof ApiError && failure.status === 401;
    if (failure && !sessionLost) {
      return <StartFailure onRetry={() => void retry()} />;
    }
    return <PageLoading />;
  }
  return <Outlet />;
}
