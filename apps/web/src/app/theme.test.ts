import { describe, expect, it } from 'vitest';
import { decomposeColor, getContrastRatio } from '@mui/material/styles';
import { ACCENT_ORANGE, ACCENT_YELLOW, createAppTheme, theme } from './theme';

describe('theme', () => {
  it('accent yellow by default, orange for regions with the orange theme; Nunito Sans throughout', () => {
    expect(createAppTheme('yellow').palette.primary.main).toBe(ACCENT_YELLOW);
    expect(createAppTheme('orange').palette.primary.main).toBe(ACCENT_ORANGE);
    // The test host is the default region (India), whose theme is yellow.
    expect(theme.palette.primary.main).toBe(ACCENT_YELLOW);
    expect(theme.typography.fontFamily).toMatch(/^"Nunito Sans"/);
  });
});

describe('theme contrast (issue 35)', () => {
  const ratio = (a: string, b: string) => getContrastRatio(a, b);

  it.each(['light', 'dark'] as const)('filled status colours carry text of at least 4.5:1 (%s)', (mode) => {
    const { palette } = createAppTheme('yellow', mode);
    for (const name of ['warning', 'info', 'success', 'error'] as const) {
      const { main, contrastText } = palette[name];
      // MUI's dark text is black at 87 %: measured as drawn on the colour.
      const drawn = contrastText.startsWith('rgba') ? blend(contrastText, main) : contrastText;
      expect(ratio(drawn, main), `${mode} ${name}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(['light', 'dark'] as const)('status colours read as text at least 4.5:1 on the paper (%s)', (mode) => {
    // An outlined chip's label, a warning line: the status colour itself drawn as text (/counterTemplate's
    // "differs" chips were #ED6C02 on white, 3.1:1).
    const { palette } = createAppTheme('yellow', mode);
    for (const name of ['warning', 'info', 'success', 'error'] as const) {
      expect(ratio(palette[name].main, palette.background.paper), `${mode} ${name}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each([
    ['yellow', 'light'],
    ['orange', 'light'],
    ['yellow', 'dark'],
    ['orange', 'dark'],
  ] as const)('a focused field border reads at least 3:1 on the surface (%s, %s)', (variant, mode) => {
    const t = createAppTheme(variant, mode);
    const root = t.components?.MuiOutlinedInput?.styleOverrides?.root as Record<string, { borderColor: string }>;
    const border = root['&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline']!.borderColor;
    for (const surface of [t.palette.background.paper, t.palette.background.default]) {
      expect(ratio(border, surface), `${border} on ${surface}`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each([
    ['yellow', 'light'],
    ['orange', 'light'],
    ['yellow', 'dark'],
    ['orange', 'dark'],
  ] as const)('a contained accent button under the pointer keeps its text at 4.5:1 (%s, %s)', (variant, mode) => {
    const { primary } = createAppTheme(variant, mode).palette;
    expect(
      ratio(primary.contrastText, primary.dark),
      `${primary.contrastText} on ${primary.dark}`,
    ).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['light', 'dark'] as const)("a disabled field's text and hint read at 4.5:1 (%s)", (mode) => {
    const { palette } = createAppTheme('yellow', mode);
    // The surfaces a form is drawn on: the paper, the page, and in the dark a dialog's raised paper (elevation 24).
    const surfaces = [palette.background.paper, palette.background.default, ...(mode === 'dark' ? ['#383838'] : [])];
    for (const surface of surfaces) {
      const drawn = blend(palette.text.disabled, surface);
      expect(ratio(drawn, surface), `${drawn} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

/** An rgba() colour as drawn over an opaque one. */
function blend(rgba: string, under: string): string {
  const [r = 0, g = 0, b = 0, a = 1] = (rgba.match(/[\d.]+/g) ?? []).map(Number);
  const base = decomposeColor(under).values;
  const mix = [r, g, b].map((c, i) => Math.round(c * a + (base[i] ?? 0) * (1 - a)));
  return `rgb(${mix.join(', ')})`;
}
