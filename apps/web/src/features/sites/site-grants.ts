import { useMemo } from 'react';
import { useLoginState } from '../../lib/login-state';
import { useProfile } from '../auth';

/** The fine permissions that show the add buttons of the site lists (spec 000 §6). */
export type SiteAddPermission = 'add_location' | 'add_foodcourt' | 'add_restaurant';

/**
 * Whether the signed-in user may add sites: admins always, others with the fine permission. The profile is
 * fresh once loaded; until then the stored copy answers (spec 000 §3). The server checks again.
 */
export function useCanAdd(permission: SiteAddPermission): boolean {
  const profile = useProfile();
  const { user } = useLoginState();
  const extras = profile.data?.vendorextras ?? user?.vendorextras;
  return useMemo(
    () => extras?.admin === true || (extras?.permissions ?? []).includes(permission),
    [extras, permission],
  );
}
