import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { NAV_ENTRIES } from '@cd/core';
import { PageLoading } from '../components/page-loading';
import { authRoutes } from '../features/auth';
import { AuthGuard } from './auth-guard';
import type { LazyPage } from '../lib/lazy-page';
import { loadable } from '../lib/loadable';
import { RouteError } from './route-error';
import { routePath } from './route-path';
import { loadShell } from './shell-loader';

// The shell is one chunk loaded with the pages' strings (app-root.tsx starts both on a signed-in start); its parts
// render without suspending once it is there (lib/loadable.ts). This route table is the signed-in app's
// (signed-in-app.tsx); the sign-in screens have their own router (sign-in-app.tsx).
const AppShell = loadable(() => loadShell().then((m) => m.AppShell), <PageLoading />);
const ShellPage = loadable(() => loadShell().then((m) => m.ShellPage), <PageLoading />);
const HomePage = loadable(() => loadShell().then((m) => m.HomePage), <PageLoading />);
const NotFoundPage = loadable(() => loadShell().then((m) => m.NotFoundPage), <PageLoading />);

/** Starts loading the shell's parts, so they are there when the login guard lets them render. */
export function preloadShell(): void {
  for (const part of [AppShell, ShellPage, HomePage, NotFoundPage]) part.preload().catch(() => undefined);
}

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
 * modules load with it; tests may pass their own. `signInRoutes` are the sign-in screens (features/auth);
 * the app passes routes that lead home instead (createAppRouter).
 */
export function createRoutes(
  builtPages?: Record<string, LazyPage>,
  signInRoutes: RouteObject[] = authRoutes,
): RouteObject[] {
  // The shell's parts come in one chunk: loading them together, each is there when the one before it renders.
  preloadShell();
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        ...signInRoutes,
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

/**
 * The signed-in app's router. Signed in, the sign-in screens' paths lead home, as those screens do for a signed-in
 * user; the screens themselves run only in the sign-in router, whose React Router module is not this one
 * (lib/sign-in-router.ts), so they are never rendered here.
 */
export function createAppRouter() {
  const home: RouteObject[] = authRoutes.map(({ path }) => ({ path, element: <Navigate to="/" replace /> }));
  return createBrowserRouter(createRoutes(undefined, home));
}
