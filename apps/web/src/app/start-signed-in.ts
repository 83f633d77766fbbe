// profile-call directly, not through features/auth/sign-in.ts: that one brings the sign-in screens with it.
import { startProfileCall } from '../features/auth/profile-call';
import { getLoginState, subscribeLoginState } from '../lib/login-state';
import { importShell, loadShell } from './shell-loader';

let signedInApp: Promise<typeof import('./signed-in-app')> | undefined;
/** The signed-in app's chunk (router, query client, login guard), asked for once. */
export const importSignedInApp = () => (signedInApp ??= import('./signed-in-app'));

const ignore = () => undefined;

/**
 * Starts at once, side by side, what a signed-in page waits for: the signed-in app's code, the profile call (the
 * login guard's authentication check), the shell's code with the pages' strings, and then the page at the address
 * with its first rows (LazyPage.preload). Each used to wait for the one before.
 */
function startSignedIn(): void {
  importSignedInApp().catch(ignore);
  startProfileCall();
  loadShell().catch(ignore);
  importShell()
    .then((shell) => shell.preloadPage(window.location.pathname))
    .catch(ignore);
}

let watching = false;

/**
 * On a signed-in start, and on every sign-in after (here or in another tab). app/boot.ts calls it before the rest
 * of the initial bundle runs; this module imports nothing of React or MUI for that reason.
 */
export function startSignedInOnSignIn(): void {
  if (watching) return;
  watching = true;
  let loggedIn = getLoginState().loggedIn;
  if (loggedIn) startSignedIn();
  subscribeLoginState(() => {
    const now = getLoginState().loggedIn;
    if (now && !loggedIn) startSignedIn();
    loggedIn = now;
  });
}
