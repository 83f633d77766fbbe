import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { NotifierProvider } from '../components/notifier';
import { theme } from './theme';

type Props = { queryClient: QueryClient; children: ReactNode };

export function AppProviders({ queryClient, children }: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <NotifierProvider>{children}</NotifierProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
