import { apiPost } from '../../lib/api-client';
import { setUserDetails, type VendorProfile } from '../../lib/login-state';

/** vendor/details: the authentication check on start and the signed-in user's profile (spec 000 §3). */
export async function fetchProfile(signal?: AbortSignal): Promise<VendorProfile> {
  const { result: _result, ...profile } = await apiPost<VendorProfile & { result?: string }>(
    'vendor/details',
    {},
    { signal },
  );
  setUserDetails(profile);
  return profile;
}

/** An answer older than this is not used: the profile query asks again. */
const EARLY_MAX_AGE_MS = 10_000;
let early: { at: number; answer: Promise<VendorProfile> } | undefined;

/**
 * Starts the profile call as soon as the app knows the user is signed in, while the signed-in app's code is still
 * loading (app/app-root.tsx); the first profile query takes its answer instead of calling again.
 */
export function startProfileCall(): void {
  if (early && Date.now() - early.at < EARLY_MAX_AGE_MS) return;
  const answer = fetchProfile();
  // The profile query reports a failure when it takes the answer; nothing is left unhandled if it never does.
  answer.catch(() => undefined);
  early = { at: Date.now(), answer };
}

/** The started call's answer, once; undefined when none was started or it is too old. */
export function takeProfileCall(): Promise<VendorProfile> | undefined {
  const taken = early;
  early = undefined;
  return taken && Date.now() - taken.at < EARLY_MAX_AGE_MS ? taken.answer : undefined;
}
