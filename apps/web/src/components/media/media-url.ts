/**
 * Media addresses: the server answers absolute urls (`<PUBLIC_URL>/files/<key>`); a page may keep them
 * without the base or under its own base (media chooser options). Two addresses name the same media when
 * their paths (and queries) are equal.
 */
function parse(url: string): URL | null {
  try {
    return new URL(url, window.location.origin);
  } catch {
    return null;
  }
}

/** Same path and query, whatever host; unparseable addresses compare as text. */
export function sameMedia(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  const pa = parse(a);
  const pb = parse(b);
  return Boolean(pa && pb && pa.pathname + pa.search === pb.pathname + pb.search);
}

/** An address a user may type: http(s) or a path on this site. */
export function isEnterableUrl(text: string): boolean {
  const value = text.trim();
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export type UrlOptions = { customBaseUrl?: string; urlWithoutBase?: boolean };

/** Where the server serves uploaded media (GET /files/<key>). */
export const MEDIA_PATH_PREFIX = '/files/';

/** What the chooser hands to onChange for a chosen address; only our own media is re-based. */
export function toChooserValue(url: string, { customBaseUrl, urlWithoutBase }: UrlOptions): string {
  const parsed = parse(url);
  if (!parsed || !parsed.pathname.startsWith(MEDIA_PATH_PREFIX)) return url;
  const path = `${parsed.pathname}${parsed.search}`;
  if (urlWithoutBase) return path.replace(/^\//, '');
  if (customBaseUrl) return `${customBaseUrl.replace(/\/$/, '')}${path}`;
  return url;
}

/** The address to show (and to match tiles by) for a stored value. */
export function fromChooserValue(value: string, { urlWithoutBase }: UrlOptions): string {
  if (urlWithoutBase && !/^[a-z][a-z0-9+.-]*:/i.test(value)) return `/${value.replace(/^\//, '')}`;
  return value;
}
