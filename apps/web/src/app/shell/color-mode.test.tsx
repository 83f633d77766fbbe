import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileMenu } from './profile-menu';
import { useShellTheme } from './use-branding';
import { renderScreen } from '../../test/render';
import { getColorModePreference, setColorModePreference, useColorMode } from '../../lib/color-mode';

const systemPrefersDark = (dark: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query.includes('prefers-color-scheme: dark'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );

afterEach(() => {
  act(() => setColorModePreference('system'));
  vi.unstubAllGlobals();
});

describe('light and dark (issue 21 point 8)', () => {
  it("follows the system's setting until the user chooses, and remembers the choice", () => {
    systemPrefersDark(true);
    const { result } = renderHook(() => useColorMode());
    expect(result.current).toBe('dark');
    act(() => setColorModePreference('light'));
    expect(result.current).toBe('light');
    expect(window.localStorage.getItem('cd.colorMode')).toBe('light');
    act(() => setColorModePreference('system'));
    expect(result.current).toBe('dark');
    expect(window.localStorage.getItem('cd.colorMode')).toBeNull();
  });

  it('is switched in the profile menu, and the signed-in theme turns dark', async () => {
    systemPrefersDark(false);
    const user = userEvent.setup();
    const theme = renderHook(() => useShellTheme());
    expect(theme.result.current.palette.mode).toBe('light');
    renderScreen(<ProfileMenu userid="demo.admin" name="Demo Admin" onLogout={() => {}} loggingOut={false} />);
    await user.click(screen.getByRole('button', { name: /Profile menu$/ }));
    expect(screen.getByRole('menuitemradio', { name: 'As the system' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(getColorModePreference()).toBe('dark');
    expect(theme.result.current.palette.mode).toBe('dark');
    expect(theme.result.current.palette.background.default).toBe('#121212');
  });
});
