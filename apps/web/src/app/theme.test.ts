import { describe, expect, it } from 'vitest';
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
