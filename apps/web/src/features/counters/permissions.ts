import { useMemo } from 'react';
import { useLoginState } from '../../lib/login-state';

/** Fine permission of page counterManagement (core FINE_PERMISSIONS): hide and unhide counters. */
export const HIDE_COUNTER = 'hide_counter';

/** Whether the user holds a fine permission: admins hold all (spec 000 §6). The server checks again. */
export type Holds = (permission: string) => boolean;

export function useHolds(): Holds {
  const extras = useLoginState().user?.vendorextras;
  return useMemo(() => {
    const admin = extras?.admin === true;
    const held = new Set(extras?.permissions ?? []);
    return (permission: string) => admin || held.has(permission);
  }, [extras]);
}
