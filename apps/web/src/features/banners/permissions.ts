import { BANNER_EDIT_PERMISSION } from '@cd/core';
import { useLoginState } from '../../lib/login-state';

/**
 * Whether the signed-in user may change banner programs: admins, and holders of banner_editProgramAccess. Without
 * it the page is read only (programs open to be looked at and previewed). It decides what shows; the server checks again.
 */
export function useCanEditBanners(): boolean {
  const extras = useLoginState().user?.vendorextras;
  return extras?.admin === true || (extras?.permissions ?? []).includes(BANNER_EDIT_PERMISSION);
}
