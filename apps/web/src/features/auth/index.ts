// The signed-in app's side of sign-in: the profile (the authentication check) and logout. The sign-in screens'
// own entry, for the initial bundle, is sign-in.ts.
export { authRoutes } from './routes';
export { useLogout, useProfile, useRetryProfile } from './api';
