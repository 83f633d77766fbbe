import { sessionStore } from '../../lib/storage';

/** Values kept across the SSO redirect (spec 000 §2.1): the SSO return screen completes login from them. */
export type StoredSso = { login_token: string; sso_action: string; location: string };

const SSO_KEY = 'cd.sso';

export function saveSso(value: StoredSso): void {
  sessionStore.set(SSO_KEY, value);
}

export function loadSso(): StoredSso | null {
  const value = sessionStore.get<Partial<StoredSso>>(SSO_KEY);
  if (!value || typeof value.login_token !== 'string' || typeof value.sso_action !== 'string') return null;
  return { login_token: value.login_token, sso_action: value.sso_action, location: value.location ?? '' };
}

export function clearSso(): void {
  sessionStore.remove(SSO_KEY);
}
