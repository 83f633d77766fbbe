/** The login screen's forms, chosen by the `mode` query parameter (spec 000 §2.1). */
export type LoginMode = 'password' | 'phone' | 'email';

export function parseLoginMode(value: string | null): LoginMode {
  return value === 'phone' || value === 'email' ? value : 'password';
}

/** The login screen's address for a mode and location, e.g. `/login?location=north&mode=phone`. */
export function loginPath(mode: LoginMode, location = ''): string {
  const params = new URLSearchParams();
  if (location) params.set('location', location);
  if (mode !== 'password') params.set('mode', mode);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}
