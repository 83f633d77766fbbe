import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { authRoutes } from '../features/auth';
import { AuthGuard } from './auth-guard';
import { RouteError } from './route-error';

const SignedInPage = lazy(() => import('./shell/signed-in-page').then((m) => ({ default: m.SignedInPage })));

function RootLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...authRoutes,
      {
        // Every other path sits behind the login guard (spec 000 §2.1).
        element: <AuthGuard />,
        children: [
          { path: '/', element: <SignedInPage /> },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
