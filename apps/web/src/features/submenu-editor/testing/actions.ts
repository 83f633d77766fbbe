import { fireEvent, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { dialog } from './render-editor';

type User = ReturnType<typeof userEvent.setup>;

/** Sets a text field of `scope` (the editor when not given) by its label. */
export function fill(label: string, value: string, scope: HTMLElement = document.body) {
  fireEvent.change(field(label, scope), { target: { value } });
}

// Label queries: role queries compute every field's accessible name, which is slow under jsdom.
export const field = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });

/** The newest open option dialog. */
export const optionDialog = (kind: 'Add' | 'Edit' = 'Add') => dialog(`${kind} option`);

/** Opens "Add option", names the option (and its price), and presses Done. */
export async function addOption(user: User, name: string, price?: string) {
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  const d = await dialog('Add option');
  fill('Option name', name, d);
  if (price !== undefined) fill('Price', price, d);
  await user.click(within(d).getByRole('button', { name: 'Done' }));
}

/** Presses "Save submenu". */
export const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save submenu' }));

/** Ticks or unticks a checkbox of `scope` by its label. */
export async function tick(user: User, label: string, scope: HTMLElement = document.body) {
  await user.click(within(scope).getByLabelText(label, { selector: 'input[type="checkbox"]' }));
}

/** Chooses entries of the "Connect to menu items" dropdown, then closes it. */
export async function connect(user: User, ...names: string[]) {
  await user.click(screen.getByRole('combobox', { name: 'Connect to menu items' }));
  const list = await screen.findByRole('listbox');
  for (const name of names) await user.click(within(list).getByRole('option', { name }));
  await user.keyboard('{Escape}');
}
