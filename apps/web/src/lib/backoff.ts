import { ApiError } from './api-client';

/** The first automatic retry waits about a second; each next one doubles, up to half a minute. */
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;

/**
 * How long to wait before retry number `attempt` (0 = the first retry): 1 s doubling to 30 s, "equal jitter"
 * (half fixed, half random), so tabs that failed together do not come back together.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * A failure that may pass by itself: the server unreachable (status 0), overloaded or failing (5xx), or asking
 * us to slow down (429). A refusal (other 4xx) will answer the same on every try.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}
