import { BUZZFEED_POLLS_PERMISSION } from '@cd/core';
import { useLoginState } from '../../lib/login-state';

/**
 * Whether the signed-in user may add and change polls: admins, and holders of buzzfeed_polls. It decides what
 * shows; the server checks again.
 */
export function useCanPoll(): boolean {
  const extras = useLoginState().user?.vendorextras;
  return extras?.admin === true || (extras?.permissions ?? []).includes(BUZZFEED_POLLS_PERMISSION);
}
