import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BaseProviders } from './base-providers';

type Props = { queryClient: QueryClient; children: ReactNode };

/**
 * The signed-in app's providers: the query client inside the theme and snackbar. The app itself mounts the query
 * client under BaseProviders (main.tsx, signed-in-app.tsx), so the sign-in screens do without TanStack Query.
 */
export function AppProviders({ queryClient, children }: Props) {
  return (
    <BaseProviders>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </BaseProviders>
  );
}
