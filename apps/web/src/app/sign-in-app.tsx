import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { authRoutes } from '../features/auth/sign-in';
import { BrowserRouter, Navigate, useLocation, useRoutes } from '../lib/sign-in-router';
import { ErrorBoundary } from './error-notice';

/** Signed out, every other path goes to login (spec 000 §2.1), as the signed-in app's login guard does. */
const routes: RouteObject[] = [...authRoutes, { path: '*', element: <Navigate to="/login" replace /> }];

function SignInRoutes() {
  const { pathname } = useLocation();
  const screen = useRoutes(routes);
  // A failed screen is left behind by moving to another.
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>{screen}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * The app while nobody is signed in: the sign-in screens in React Router's declarative mode (lib/sign-in-router.ts),
 * without TanStack Query. It is the whole of the sign-in page's JS (DESIGN.md §7, bench/initial-js.mjs).
 */
export function SignInApp() {
  return (
    <BrowserRouter>
      <SignInRoutes />
    </BrowserRouter>
  );
}
