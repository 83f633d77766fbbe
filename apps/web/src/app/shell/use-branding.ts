import { useMemo } from 'react';
import { brandingFor, type Branding, type PermittedClient } from '@cd/core';
import { useLoginState } from '../../lib/login-state';
import { currentRegion } from '../../lib/region';

/** The signed-in user's branding (spec 000 §2.2, §6): their permitted clients' logo and theme on this deployment. */
export function useBranding(): Branding {
  const { user } = useLoginState();
  const clients = user?.permittedClients;
  return useMemo(() => brandingFor((clients ?? []) as PermittedClient[], currentRegion().country), [clients]);
}
