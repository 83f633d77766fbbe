import type { setupUser } from '../../../test/user-events';

/**
 * Replaces a field's whole text in one input event, as typing over a selection does. (Clearing first would
 * empty a number field for a moment, and an empty field shows its form default again.)
 */
export async function replaceText(user: ReturnType<typeof setupUser>, element: HTMLElement, text: string) {
  const input = element as HTMLInputElement;
  input.focus();
  input.setSelectionRange(0, input.value.length);
  await user.paste(text);
}
