import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientBrandingSchema } from '@cd/core';
import { markLoggedIn } from '../../lib/login-state';
import { ACCENT_ORANGE, ACCENT_YELLOW } from '../theme';
import { Logo } from './logo';
import { useShellTheme } from './use-branding';

const signInWith = (branding: Record<string, unknown>) =>
  markLoggedIn({
    name: 'Demo',
    userid: 'demo.user',
    permittedClients: [{ client: 'globex', name: 'Globex', branding: clientBrandingSchema.parse(branding) }],
  });

describe('the top bar logo (spec 000 §2.2, §6)', () => {
  it("shows a permitted client's own logo", () => {
    signInWith({ logo_url: '/branding/globex.svg', theme: 'orange' });
    render(<Logo />);
    expect(screen.getByTestId('client-logo')).toHaveAttribute('src', '/branding/globex.svg');
  });

  it('keeps the Control Desk mark without branding, and hides the logo where the client says so', () => {
    signInWith({});
    const { container, unmount } = render(<Logo />);
    expect(container.querySelector('svg')).not.toBeNull();
    unmount();
    // The test host is the India demo deployment.
    signInWith({ hide_logo_regions: ['in'] });
    const hidden = render(<Logo />);
    expect(hidden.container).toBeEmptyDOMElement();
  });
});

describe('the signed-in theme (spec 000 §2.2)', () => {
  it("takes a permitted client's themed variant, else the region's accent", () => {
    signInWith({ theme: 'orange' });
    expect(renderHook(() => useShellTheme()).result.current.palette.primary.main).toBe(ACCENT_ORANGE);
    // The test host is the India demo deployment, whose accent is yellow.
    signInWith({});
    expect(renderHook(() => useShellTheme()).result.current.palette.primary.main).toBe(ACCENT_YELLOW);
  });
});
