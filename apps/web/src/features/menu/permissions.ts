import { useMemo } from 'react';
import { useLoginState } from '../../lib/login-state';
import { useProfile } from '../auth';

/** The fine permission that shows the lock buttons and may edit locked fields (spec 001 §6). */
export const UNIT_MANAGER = 'unit_manager';

/** Whether the user holds a fine permission: admins hold all (spec 000 §6). */
export type Holds = (permission: string) => boolean;

export function holdsFrom(extras: { admin?: boolean; permissions?: string[] } | undefined): Holds {
  const admin = extras?.admin === true;
  const held = new Set(extras?.permissions ?? []);
  return (permission) => admin || held.has(permission);
}

/**
 * The signed-in user's fine permissions: the fresh profile once loaded, else the stored copy (spec 000 §3).
 * They decide what shows; the server checks again.
 */
export function useHolds(): Holds {
  const profile = useProfile();
  const { user } = useLoginState();
  const extras = profile.data?.vendorextras ?? user?.vendorextras;
  return useMemo(() => holdsFrom(extras), [extras]);
}
