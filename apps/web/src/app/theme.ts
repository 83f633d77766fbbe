import { createTheme } from '@mui/material/styles';

/** Spec 000 §9: default accent yellow, font Nunito Sans (bundled, no CDN). Regional variants come later. */
export const ACCENT_YELLOW = '#FFC20E';
const INK = '#1F1F1F';

// Yellow is a fill colour: as text on white it is unreadable (contrast ~1.7:1), so text-coloured uses of
// the primary colour (text and outlined buttons, the selected tab, focused labels) are drawn in ink.
export const theme = createTheme({
  palette: {
    primary: { main: ACCENT_YELLOW, contrastText: INK },
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
              style: { color: INK, borderColor: 'rgba(0, 0, 0, 0.23)', '&:hover': { borderColor: ACCENT_YELLOW } },
            },
          ],
        },
      },
    },
    MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: INK } } } },
    MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: INK } } } },
  },
});
