/**
 * What the editor adds that the server may leave out without anything of the author's being lost: the table
 * editor's column widths (colgroup, style on table and col) and a link's target/rel.
 */
const EDITOR_ONLY_ATTRIBUTES = new Set(['target', 'rel']);

/**
 * The markup parsed into a document of its own, which has no window: nothing in it loads or runs (an
 * `<img src=x onerror=…>` fetches nothing and fires nothing), unlike a node made by, or moved into, the page's own
 * document (issue 35). Wrapped in a body so that leading tags (a style, a meta) stay with the content.
 */
function inertBody(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

function canonical(html: string): string {
  const root = inertBody(html);
  root.querySelectorAll('colgroup').forEach((node) => node.remove());
  // The editor writes a list item's or a cell's text as a paragraph: <li>One</li> and <li><p>One</p></li> agree.
  root.querySelectorAll('li, td, th').forEach((cell) => {
    const only = cell.children.length === 1 ? cell.firstElementChild : null;
    if (only?.tagName === 'P' && cell.childNodes.length === 1) only.replaceWith(...Array.from(only.childNodes));
  });
  root.querySelectorAll('*').forEach((element) => {
    for (const name of element.getAttributeNames()) {
      if (EDITOR_ONLY_ATTRIBUTES.has(name) || (name === 'style' && element.tagName === 'TABLE'))
        element.removeAttribute(name);
    }
  });
  // Written out from the inert document: nothing of it is ever put into the page.
  // Whitespace between tags and empty paragraphs do not show.
  return root.innerHTML
    .replace(/>\s+</g, '><')
    .replace(/<p><\/p>/g, '')
    .trim();
}

/**
 * Whether the HTML stored by the server says the same as the HTML sent: both parsed and written again by the
 * browser, so quoting, entities and self-closing tags do not count as changes; a tag or attribute the server
 * removed for safety (a script, an onclick, a javascript: link) does.
 */
export function sameMarkup(sent: string, stored: string): boolean {
  return sent === stored || canonical(sent) === canonical(stored);
}

/** A title as an address name: "Terms of use" → terms-of-use (core's SLUG_PATTERN). */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The tags a page may hold: the server's list (apps/server/src/modules/content/sanitize.ts, PAGE_OPTIONS). */
const PAGE_TAGS = new Set(
  'h1 h2 h3 h4 h5 h6 p br hr blockquote pre code strong b em i u s sub sup mark span ul ol li a img figure figcaption table colgroup col thead tbody tfoot tr th td caption'.split(
    ' ',
  ),
);
/** Dropped with everything inside them (their content is code, or not the page's text). */
const DROPPED_WITH_CONTENT = new Set(
  'script style textarea option select noscript template iframe frame frameset object embed noembed noframes xmp svg math head title'.split(
    ' ',
  ),
);
const PAGE_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan', 'colwidth'],
  td: ['colspan', 'rowspan', 'colwidth'],
  col: ['span'],
  ol: ['start'],
};
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['http', 'https']);

/** A link or image address the server would keep: a relative one, or one of the allowed schemes (not `//host`). */
function safeAddress(value: string, schemes: Set<string>): boolean {
  // Browsers ignore control characters and spaces in a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, '');
  if (compact.startsWith('//') || compact.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  return scheme === undefined || schemes.has(scheme.toLowerCase());
}

function cleanChildren(parent: Element): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      node.remove();
      continue;
    }
    const element = node as Element;
    const tag = element.localName;
    if (DROPPED_WITH_CONTENT.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (!PAGE_TAGS.has(tag)) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    const allowed = PAGE_ATTRIBUTES[tag] ?? [];
    for (const name of element.getAttributeNames()) {
      const value = element.getAttribute(name) ?? '';
      const keep =
        allowed.includes(name) &&
        (name === 'href'
          ? safeAddress(value, LINK_SCHEMES)
          : name === 'src'
            ? safeAddress(value, IMAGE_SCHEMES)
            : true);
      if (!keep) element.removeAttribute(name);
    }
  }
}

/**
 * Markup typed or pasted in the Source view, made safe before the visual editor takes it (issue 35): parsed in an
 * inert document and cut to the server's allowlist — no script, style or frame, no event handler (`onerror`), no
 * `javascript:` address. The server still cleans what is saved; this keeps the admin's own page safe meanwhile.
 */
export function cleanMarkup(html: string): string {
  const body = inertBody(html);
  cleanChildren(body);
  return body.innerHTML;
}
