import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { useProfile } from '../features/auth';
import { useLoginState } from './login-state';

/**
 * The login guard of spec 000 §2.1. With the stored logged-in flag set, the profile call is the
 * authentication check: a lost session (401) clears the flag and this guard sends the user to login.
 */
export function AuthGuard() {
  const { loggedIn } = useLoginState();
  const profile = useProfile(loggedIn);

  if (!loggedIn) return <Navigate to="/login" replace />;
  // Other failures (server down) keep the stored user details; pages report their own errors.
  if (profile.isPending) return <PageLoading />;
  return <Outlet />;
}
