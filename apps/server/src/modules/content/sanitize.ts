import sanitizeHtml from 'sanitize-html';

/**
 * Every piece of HTML the content pages store goes through here first, on the server (peers §2: admin HTML is
 * where CMSs keep shipping stored XSS; a regex cleaner is always bypassed). An allowlist, not a blocklist: tags,
 * attributes and URL schemes not named here are dropped; event handlers, style and script never pass.
 */

const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel'];

const PAGE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'span',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    col: ['span'],
    ol: ['start'],
  },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links that open elsewhere cannot reach back into the page that opened them.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** The HTML of a page, cleaned. */
export const cleanPageHtml = (html: string) => sanitizeHtml(html, PAGE_OPTIONS).trim();

/**
 * A plain-text field (titles, alt texts, notification text): no markup at all. Tags are removed and what is left is
 * kept as text; the apps show it as text, so `&` and quotes stay as typed.
 */
export function plainText(value: string): string {
  const stripped = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return stripped
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[<>]/g, '')
    .trim();
}
