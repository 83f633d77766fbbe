import { apiGet } from '../../lib/api-client';
import { siteListPath, type SiteKind, type SiteListParams } from './list-params';

/**
 * A list asked for while the page's code is still loading (routes.tsx), taken once by the page's first query
 * for the same address. Answers older than a few seconds are not used.
 */
const early = new Map<string, { at: number; answer: Promise<unknown> }>();
const EARLY_MAX_AGE_MS = 10_000;

export function prefetchSiteList(kind: SiteKind, query: SiteListParams): void {
  const path = siteListPath(kind, query);
  const answer = apiGet(path);
  // The page reports a failure when it takes the answer; nothing is left unhandled if it never does.
  answer.catch(() => undefined);
  early.set(path, { at: Date.now(), answer });
}

/** The early answer for this list, else a fresh request. */
export function fetchSiteList<T>(kind: SiteKind, query: SiteListParams, signal: AbortSignal): Promise<T> {
  const path = siteListPath(kind, query);
  const hit = early.get(path);
  early.delete(path);
  if (hit && Date.now() - hit.at < EARLY_MAX_AGE_MS) return hit.answer as Promise<T>;
  return apiGet<T>(path, { signal });
}
