import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Spec 001 §9: the scroll-spy waits 300 ms after the last scroll before it moves the highlight. */
export const SCROLL_SPY_DEBOUNCE_MS = 300;
/** A section counts as "in view" once its top is this close to the top of the scrolling area. */
const TOP_OFFSET_PX = 96;

/**
 * Tracks which section of a scrolling container is in view. Clicking a section highlights it at once and
 * scrolls there smoothly; when the scroll ends at the bottom with the clicked section still visible, the
 * clicked one stays highlighted (short last sections can never reach the top).
 */
export function useScrollSpy<T extends string>(
  container: RefObject<HTMLElement | null>,
  ids: readonly T[],
  domId: (id: T) => string,
  enabled: boolean,
) {
  const [active, setActive] = useState<T>(ids[0]!);
  const clicked = useRef<T | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!enabled || !root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const compute = () => {
      const rootBox = root.getBoundingClientRect();
      let current = ids[0]!;
      for (const id of ids) {
        const el = document.getElementById(domId(id));
        if (el && el.getBoundingClientRect().top - rootBox.top <= TOP_OFFSET_PX) current = id;
      }
      const target = clicked.current ? document.getElementById(domId(clicked.current)) : null;
      if (clicked.current && target) {
        const box = target.getBoundingClientRect();
        if (box.top < rootBox.bottom && box.bottom > rootBox.top) current = clicked.current;
      }
      clicked.current = null;
      setActive(current);
    };
    const handleScroll = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(compute, SCROLL_SPY_DEBOUNCE_MS);
    };
    root.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      if (timer) clearTimeout(timer);
      root.removeEventListener('scroll', handleScroll);
    };
  }, [container, ids, domId, enabled]);

  const scrollTo = useCallback(
    (id: T) => {
      clicked.current = id;
      setActive(id);
      document.getElementById(domId(id))?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    },
    [domId],
  );

  return { active, scrollTo };
}
