/**
 * What the editor adds that the server may leave out without anything of the author's being lost: the table
 * editor's column widths (colgroup, style on table and col) and a link's target/rel.
 */
const EDITOR_ONLY_ATTRIBUTES = new Set(['target', 'rel']);

function canonical(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
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
  const box = document.createElement('div');
  box.appendChild(root);
  // Whitespace between tags and empty paragraphs do not show.
  return box.innerHTML
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
