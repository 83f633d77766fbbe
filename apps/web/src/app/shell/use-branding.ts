import { useMemo } from 'react';
import type { Theme } from '@mui/material/styles';
import { brandingFor, type Branding, type PermittedClient } from '@cd/core';
import { useLoginState } from '../../lib/login-state';
import { useColorMode } from '../../lib/color-mode';
import { currentRegion } from '../../lib/region';
import { createAppTheme, theme as regionTheme } from '../theme';

/** The signed-in user's branding (spec 000 §2.2, §6): their permitted clients' logo and theme on this deployment. */
export function useBranding(): Branding {
  const { user } = useLoginState();
  const clients = user?.permittedClients;
  return useMemo(() => brandingFor((clients ?? []) as PermittedClient[], currentRegion().country), [clients]);
}

/** The signed-in theme: a permitted client's themed variant (spec 000 §2.2) replaces the region's accent. */
export function useShellTheme(): Theme {
  const variant = useBranding().theme;
  const mode = useColorMode();
  return useMemo(
    () => (!variant && mode === 'light' ? regionTheme : createAppTheme(variant ?? currentRegion().theme, mode)),
    [variant, mode],
  );
}
