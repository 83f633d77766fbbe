/**
 * Scrolls to the first field (in page order) that has one of the given error paths, and focuses its first
 * control. A field marks itself with data-field="<path> [<path>…]"; it matches an error on that path or
 * anything inside it ('options.dynamic_conveniencefee' matches 'options.dynamic_conveniencefee.0.min').
 */
export function scrollToFirstError(root: ParentNode | null, paths: readonly string[]): string | null {
  if (!root || paths.length === 0) return null;
  for (const el of root.querySelectorAll<HTMLElement>('[data-field]')) {
    const names = (el.dataset.field ?? '').split(' ').filter(Boolean);
    const hit = names.find((n) => paths.some((p) => p === n || p.startsWith(`${n}.`)));
    if (!hit) continue;
    el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    el.querySelector<HTMLElement>(
      'input:not([type=hidden]):not([disabled]), textarea, [role=spinbutton], button',
    )?.focus({
      preventScroll: true,
    });
    return hit;
  }
  return null;
}

/** Whether some field on the page shows this error path. */
export function hasFieldFor(root: ParentNode | null, path: string): boolean {
  if (!root) return false;
  return [...root.querySelectorAll<HTMLElement>('[data-field]')].some((el) =>
    (el.dataset.field ?? '').split(' ').some((n) => n && (path === n || path.startsWith(`${n}.`))),
  );
}
