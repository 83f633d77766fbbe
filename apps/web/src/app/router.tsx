import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { NAV_ENTRIES } from '@cd/core';
import { PageLoading } from '../components/page-loading';
import { authRoutes } from '../features/auth';
import { loadAreaStrings } from '../lib/i18n';
import { AuthGuard } from './auth-guard';
import type { LazyPage } from '../lib/lazy-page';
import { RouteError } from './route-error';
import { routePath } from './route-path';

// The shell is one chunk loaded after sign-in, with the pages' strings; the sign-in page's bundle holds only
// this route table and the sign-in strings.
const loadShell = () => Promise.all([import('./shell'), loadAreaStrings()]).then(([shell]) => shell);
const AppShell = lazy(() => loadShell().then((m) => ({ default: m.AppShell })));
const ShellPage = lazy(() => loadShell().then((m) => ({ default: m.ShellPage })));
const HomePage = lazy(() => loadShell().then((m) => ({ default: m.HomePage })));
const NotFoundPage = lazy(() => loadShell().then((m) => ({ default: m.NotFoundPage })));

function RootLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

/** One route per navigation path (spec 000 §2.3): exact, case-sensitive paths only. */
function pageRoutes(builtPages: Record<string, LazyPage> | undefined): RouteObject[] {
  return NAV_ENTRIES.map((entry) => ({
    path: routePath(entry),
    caseSensitive: true,
    element: <ShellPage entry={entry} pages={builtPages} />,
  }));
}

/**
 * The app's routes. The built pages (app/page-registry) are looked up inside the lazy shell, so the features'
 * modules stay out of the sign-in page's bundle; tests may pass their own.
 */
export function createRoutes(builtPages?: Record<string, LazyPage>): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        ...authRoutes,
        {
          // Every other path sits behind the login guard (spec 000 §2.1).
          element: <AuthGuard />,
          children: [
            // Where the embedded v2 page sends the window after its logout (spec 000 §2.2): the app's root.
            { path: '/control-desk', element: <Navigate to="/" replace /> },
            {
              element: <AppShell />,
              children: [
                {
                  // A page that fails keeps the shell around it; a stale chunk reloads the browser.
                  errorElement: <RouteError />,
                  children: [
                    { index: true, element: <HomePage /> },
                    ...pageRoutes(builtPages),
                    { path: '*', element: <NotFoundPage /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const routes = createRoutes();

export function createAppRouter() {
  return createBrowserRouter(routes);
}
