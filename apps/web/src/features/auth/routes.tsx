import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LoginPage } from './pages/login-page';

// The login screen is the first page most visits see, so it ships in the initial bundle; the rest load on demand.
const VerifyPage = lazy(() => import('./pages/verify-page').then((m) => ({ default: m.VerifyPage })));
const SsoReturnPage = lazy(() => import('./pages/sso-return-page').then((m) => ({ default: m.SsoReturnPage })));

/** The sign-in screens of spec 000 §2.1; they sit outside the login guard. */
export const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/sso-return', element: <SsoReturnPage /> },
];
