import { createTheme, type Theme } from '@mui/material/styles';
import type { Region } from '@cd/core';
import type { ColorMode } from '../lib/color-mode';
import { currentRegion } from '../lib/region';

/** Spec 000 §9: default accent yellow, alternative orange (per region), font Nunito Sans (bundled, no CDN). */
export const ACCENT_YELLOW = '#FFC20E';
export const ACCENT_ORANGE = '#F7941D';
const INK = '#1F1F1F';
/** The accents as text colours: dark enough on white and on the page background (≥ 5.4:1, WCAG AA). */
const ACCENT_TEXT = { yellow: '#7A5C00', orange: '#A14E00' } as const;
/**
 * The accents' darker shade, a contained button's fill under the pointer: ink on it still reads at AA (yellow 7.7:1,
 * orange 5.5:1). MUI's own shade (the accent 30 % darker) left ink at 3.7:1 on the hovered orange button (issue 35).
 */
const ACCENT_DARK = { yellow: '#E0A800', orange: '#D97F10' } as const;

// Yellow is a fill colour: as text on white it is unreadable (contrast ~1.7:1), so text-coloured uses of
// the primary colour (text and outlined buttons, the selected tab, focused labels) are drawn in ink. The
// same holds for orange (~2.3:1 on white).
// In the dark mode the accent itself reads well as text on the dark surfaces (yellow ~11:1, orange ~7:1 on #1E1E1E),
// and the ink of the light mode becomes near-white.
export function createAppTheme(variant: Region['theme'], mode: ColorMode = 'light'): Theme {
  const dark = mode === 'dark';
  const accent = variant === 'orange' ? ACCENT_ORANGE : ACCENT_YELLOW;
  const accentText = dark ? accent : variant === 'orange' ? ACCENT_TEXT.orange : ACCENT_TEXT.yellow;
  const ink = dark ? '#F2F2F2' : INK;
  return createTheme({
    palette: {
      mode,
      // A filled colour (a chip, a badge, a contained button) takes white text only where white reads at WCAG AA
      // (4.5:1; MUI's default asks 3:1): the warning orange's "Open" chip was white on #ED6C02, 3.1:1 (issue 35).
      contrastThreshold: 4.5,
      primary: {
        main: accent,
        dark: variant === 'orange' ? ACCENT_DARK.orange : ACCENT_DARK.yellow,
        contrastText: INK,
      },
      secondary: { main: dark ? '#B8B8C8' : '#2E2E38' },
      // Status colours used as text on white (an outlined chip, a warning line): MUI's light warning #ED6C02 is 3.1:1
      // and info #0288D1 3.9:1 on white; these read at 5.0:1 and 7.4:1 (issue 35). Dark mode keeps MUI's light tones.
      ...(dark ? {} : { warning: { main: '#B45309' }, info: { main: '#01579B' } }),
      // A disabled field's text, label and hint read at 4.5:1 (MUI's 0.38 black is #9E9E9E on white, 2.7:1; its 0.5
      // white is 4.3:1 on a dark dialog's raised surface): light 4.9:1 on white and 4.9:1 on the page background,
      // dark 6.8:1 on the paper and 5.3:1 on a dialog (issue 35).
      text: { primary: ink, disabled: dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.56)' },
      background: dark ? { default: '#121212', paper: '#1E1E1E' } : { default: '#F6F6F8' },
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
              { props: { variant: 'text', color: 'primary' }, style: { color: ink } },
              {
                props: { variant: 'outlined', color: 'primary' },
                style: {
                  color: ink,
                  borderColor: dark ? 'rgba(255, 255, 255, 0.23)' : 'rgba(0, 0, 0, 0.23)',
                  '&:hover': { borderColor: accent },
                },
              },
            ],
          },
        },
      },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: ink } } } },
      // Links keep the accent's hue in a shade readable as text (issue 21: #F7941D on white was 2.3:1).
      MuiLink: {
        styleOverrides: {
          root: {
            variants: [{ props: { color: 'primary' }, style: { color: accentText, textDecorationColor: accentText } }],
          },
        },
      },
      // An outlined accent chip (the allergen codes) reads its label in the text shade; the outline keeps the accent.
      MuiChip: {
        styleOverrides: {
          root: { variants: [{ props: { variant: 'outlined', color: 'primary' }, style: { color: accentText } }] },
        },
      },
      // A focus ring that shows on every surface, for keyboard users (issue 21).
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: `2px solid ${ink}`, outlineOffset: 2 } } },
      },
      MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: ink } } } },
      // A focused field's border in the accent's text shade: the accent itself is 1.6:1 (yellow) or 2.1:1 (orange)
      // on white, under the 3:1 a component's boundary needs (WCAG 1.4.11; issue 35). The dark mode's accent is 7:1+.
      MuiOutlinedInput: {
        styleOverrides: {
          root: { '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: accentText } },
        },
      },
      MuiInput: { styleOverrides: { root: { '&:not(.Mui-error)::after': { borderBottomColor: accentText } } } },
      MuiFilledInput: { styleOverrides: { root: { '&:not(.Mui-error)::after': { borderBottomColor: accentText } } } },
    },
  });
}

/** The theme of the region this page was served for. */
export const theme = createAppTheme(currentRegion().theme);
