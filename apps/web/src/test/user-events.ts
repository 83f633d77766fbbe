import { configure } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

// Large screens (every page permission, the sites tree) make jsdom's style computation slow: the first render
// may exceed Testing Library's default 1 s wait under a parallel run.
configure({ asyncUtilTimeout: 10_000 });

/** user-event without the pointer-events check (a getComputedStyle per click; MUI sets no pointer-events trap here). */
export function setupUser() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/** Replaces a field's text in one input event (typing key by key is slow on large screens). */
export async function fill(user: ReturnType<typeof setupUser>, element: HTMLElement, text: string) {
  await user.clear(element);
  if (text) await user.paste(text);
}
