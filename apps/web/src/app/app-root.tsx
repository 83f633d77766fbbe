import { PageLoading } from '../components/page-loading';
import { loadable } from '../lib/loadable';
import { useLoginState } from '../lib/login-state';
import { ErrorBoundary } from './error-notice';
import { SignInApp } from './sign-in-app';
import { importSignedInApp } from './start-signed-in';

// Loaded without suspending (lib/loadable.ts), as are the shell and the page after it: a cold start would otherwise
// wait for React's fallback throttle at each of them. start-signed-in.ts has usually asked for it already.
const SignedInApp = loadable(() => importSignedInApp().then((m) => m.SignedInApp), <PageLoading />);

/**
 * Signed out: the sign-in screens alone (sign-in-app.tsx, the initial bundle). Signed in: the signed-in app, loaded
 * on demand (signed-in-app.tsx). A sign-in, a sign-out or a lost session switches between them.
 */
export function AppRoot() {
  const { loggedIn } = useLoginState();
  if (!loggedIn) return <SignInApp />;
  return (
    <ErrorBoundary>
      <SignedInApp />
    </ErrorBoundary>
  );
}
