import type { LoginType } from '@cd/core';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

const METHOD_LABEL: Record<LoginType, string> = {
  password: 'Password',
  phone: 'Phone',
  email: 'E-mail',
  sso: 'Single sign-on',
};

/** Whether this user may sign in with this method: active, method allowed, SSO-only users only by SSO. */
export function assertMaySignIn(user: UserRow, method: LoginType): void {
  if (user.status !== 'active') {
    throw new AppError(403, 'accountInactive', 'This account is inactive. Contact your administrator.');
  }
  if (method !== 'sso' && user.only_sso_login) {
    throw new AppError(403, 'useSsoLogin', 'This account signs in with single sign-on (SSO) only.');
  }
  if (!user.login_types.includes(method)) {
    throw new AppError(403, 'loginTypeNotAllowed', `${METHOD_LABEL[method]} sign-in is not enabled for this account.`);
  }
}

/** The same rule as a yes/no, for calls that must not say why (a code request answers alike either way). */
export function maySignIn(user: UserRow, method: LoginType): boolean {
  try {
    assertMaySignIn(user, method);
    return true;
  } catch {
    return false;
  }
}
