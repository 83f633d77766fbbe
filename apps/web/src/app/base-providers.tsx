import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NotifierProvider } from '../components/notifier';
import { theme } from './theme';

/** What every screen has, signed in or not: the theme and the snackbar. */
export function BaseProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <NotifierProvider>{children}</NotifierProvider>
    </ThemeProvider>
  );
}
