import { z } from 'zod';

/**
 * Links users type that other people's browsers open: the one rule every such field follows (content posts,
 * notifications and banners, a menu item's `food_info_link`, a restaurant's `info_link`). http(s), mailto and tel
 * only: never javascript:, data: or vbscript:, which would run in the reader's session.
 */
export const SAFE_LINK = /^(https?:\/\/[^\s<>"']+|mailto:[^\s<>"']+|tel:[+0-9()\- ]+)$/i;
export const SAFE_LINK_MESSAGE = 'Use a web address starting with https:// (or mailto:, tel:)';

/** Whether a typed link may be stored: empty (no link) or one SAFE_LINK allows, spaces around it ignored. */
export function isSafeLink(value: string): boolean {
  const v = value.trim();
  return v === '' || SAFE_LINK.test(v);
}

/** A link field of a request: trimmed, at most 2,000 characters, empty or safe. */
export const safeLink = z.string().trim().max(2000).refine(isSafeLink, SAFE_LINK_MESSAGE);

/** Host names CSP can name: letters, digits and hyphens in dot-separated labels (no wildcards, quotes or commas). */
const CSP_ORIGIN = /^https?:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;

/**
 * The origin (scheme://host[:port]) of an http(s) address, as a Content-Security-Policy source may name it, or
 * null when it has none such: another scheme, a host with characters CSP cannot carry (`*`, `,`, quotes: the URL
 * parser lets them through), an IPv6 literal. Never a path or a wildcard.
 */
export function frameOriginOf(address: string): string | null {
  let origin: string;
  try {
    origin = new URL(address.trim()).origin;
  } catch {
    return null;
  }
  return CSP_ORIGIN.test(origin) ? origin : null;
}
