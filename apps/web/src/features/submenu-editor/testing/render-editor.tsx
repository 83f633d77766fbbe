import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { SubmenuEditor, type SubmenuEditorProps } from '../index';
import { PATH, RESTAURANT } from './fixtures';

// MUI dialogs under a parallel jsdom run can take longer than Testing Library's default 1 s.
configure({ asyncUtilTimeout: 5000 });

type Options = { submenuid?: string };

/** Renders the editor as a page would, with an onClose spy and a user. */
export function renderEditor(mode: 'menu' | 'pricebook', { submenuid }: Options = {}) {
  const onClose = vi.fn<(saved: boolean) => void>();
  const props: SubmenuEditorProps =
    mode === 'menu'
      ? { mode, restaurant: RESTAURANT, submenuid, open: true, onClose }
      : { mode, path: PATH, submenuid, open: true, onClose };
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  // Signed in as an admin, who holds /allpath: the price-book mode shows path names.
  const view = renderScreen(<SubmenuEditor {...props} />, {
    signedInAs: { name: 'Admin', userid: 'demo.admin', vendorextras: { admin: true } },
  });
  return { ...view, user, onClose };
}

/** The editor's full-screen dialog once loaded. */
export const editor = async () => {
  await screen.findByRole('button', { name: 'Save submenu' });
  return screen.getByRole('dialog', { name: 'Submenu' });
};

/** The dialog whose accessible name is `name` (the newest when several match). */
export const dialog = (name: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(
      (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === name,
    );
    if (found.length === 0) throw new Error(`no dialog "${name}"`);
    return found[found.length - 1]!;
  });

/** The warning popup's text, then closes it with "Got it". */
export async function readWarning(user: ReturnType<typeof userEvent.setup>): Promise<string> {
  const popup = await dialog('Warning!');
  const text = popup.querySelector('p')?.textContent ?? '';
  await user.click(within(popup).getByRole('button', { name: 'Got it' }));
  // The editor behind stays hidden from the accessibility tree until the popup has gone.
  await waitFor(() => expect(popup).not.toBeInTheDocument());
  return text;
}

/** The names of the options in the table, in order (also while a dialog hides the editor). */
export function optionNames(): string[] {
  const table = screen.getByRole('table', { name: 'Options', hidden: true });
  return [...table.querySelectorAll('button[aria-label^="Edit "]')].map((b) =>
    b.getAttribute('aria-label')!.replace(/^Edit /, ''),
  );
}
