import { useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { getLoginState, subscribeLoginState } from '../lib/login-state';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { installSessionLossHandler } from './session';

type Session = { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> };

/**
 * One per sign-in: a query client (nothing cached for one user is shown to the next) and the router, created at
 * the address the app is at when the user is signed in. Signing out (or losing the session) ends it.
 */
let current: Session | null = null;
subscribeLoginState(() => {
  if (!getLoginState().loggedIn) current = null;
});

function openSession(): Session {
  if (current) return current;
  const queryClient = createQueryClient();
  installSessionLossHandler(queryClient);
  current = { queryClient, router: createAppRouter() };
  return current;
}

/** The app while someone is signed in (app-root.tsx): the data-mode router with the login guard, shell and pages. */
export function SignedInApp() {
  const [session] = useState(openSession);
  useEffect(
    () => () => {
      // A tick later, and only for an ended session: in development StrictMode unmounts and mounts again at once.
      setTimeout(() => {
        if (current !== session) session.router.dispose();
      }, 0);
    },
    [session],
  );
  return (
    <QueryClientProvider client={session.queryClient}>
      <RouterProvider router={session.router} />
    </QueryClientProvider>
  );
}
