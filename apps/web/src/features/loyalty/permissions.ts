import { LOYALTY_ADJUST_PERMISSION } from '@cd/core';
import { useLoginState } from '../../lib/login-state';

/**
 * Whether the signed-in user may adjust balances by hand: admins, and holders of the fine permission
 * loyalty_adjust (spec 000 §6). It decides what shows; the server checks again.
 */
export function useCanAdjust(): boolean {
  const extras = useLoginState().user?.vendorextras;
  return extras?.admin === true || (extras?.permissions ?? []).includes(LOYALTY_ADJUST_PERMISSION);
}
