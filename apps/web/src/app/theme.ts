import { createTheme, type Theme } from '@mui/material/styles';
import type { Region } from '@cd/core';
import { currentRegion } from '../lib/region';

/** Spec 000 §9: default accent yellow, alternative orange (per region), font Nunito Sans (bundled, no CDN). */
export const ACCENT_YELLOW = '#FFC20E';
export const ACCENT_ORANGE = '#F7941D';
const INK = '#1F1F1F';

// Yellow is a fill colour: as text on white it is unreadable (contrast ~1.7:1), so text-coloured uses of
// the primary colour (text and outlined buttons, the selected tab, focused labels) are drawn in ink. The
// same holds for orange (~2.3:1 on white).
export function createAppTheme(variant: Region['theme']): Theme {
  const accent = variant === 'orange' ? ACCENT_ORANGE : ACCENT_YELLOW;
  return createTheme({
    palette: {
      primary: { main: accent, contrastText: INK },
      secondary: { main: '#2E2E38' },
      text: { primary: INK },
      background: { default: '#F6F6F8' },
    },
    typography: {
      fontFamily: '"Nunito Sans", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 700 },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: {
        styleOverrides: {
          root: {
            variants: [
              { props: { variant: 'text', color: 'primary' }, style: { color: INK } },
              {
                props: { variant: 'outlined', color: 'primary' },
                style: { color: INK, borderColor: 'rgba(0, 0, 0, 0.23)', '&:hover': { borderColor: accent } },
              },
            ],
          },
        },
      },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: INK } } } },
      MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: INK } } } },
    },
  });
}

/** The theme of the region this page was served for. */
export const theme = createAppTheme(currentRegion().theme);
