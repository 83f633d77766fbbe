import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NotifierProvider } from '../components/notifier';
import { useColorMode } from '../lib/color-mode';
import { currentRegion } from '../lib/region';
import { createAppTheme, theme as lightTheme } from './theme';

/** What every screen has, signed in or not: the theme and the snackbar. */
export function BaseProviders({ children }: { children: ReactNode }) {
  const mode = useColorMode();
  const theme = useMemo(() => (mode === 'light' ? lightTheme : createAppTheme(currentRegion().theme, mode)), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <NotifierProvider>{children}</NotifierProvider>
    </ThemeProvider>
  );
}
