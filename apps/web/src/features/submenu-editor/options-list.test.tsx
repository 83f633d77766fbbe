import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedChanges } from '../../lib/unsaved-changes';
import { fill, optionDialog, tick } from './testing/actions';
import { aMenu, spiceLevel } from './testing/fixtures';
import { mockSubmenuApi } from './testing/mock-submenu-api';
import { dialog, editor, optionNames, renderEditor } from './testing/render-editor';

beforeEach(() => {
  mockSubmenuApi({
    'GET vendor/fooditem': () => ({ body: aMenu() }),
    'GET vendor/submenu/sm-spice': () => ({ body: { submenu: spiceLevel() } }),
  });
});

async function openSpiceLevel() {
  const view = renderEditor('menu', { submenuid: 'sm-spice' });
  await editor();
  return view;
}
const checkbox = (name: string) => screen.getByLabelText(name, { selector: 'input[type="checkbox"]' });
const defaultRadio = (name: string) => screen.queryByLabelText(`Default ${name}`, { selector: 'input[type="radio"]' });

describe('the option list (spec 001 §4.3)', { timeout: 120_000 }, () => {
  it('editing takes the option out; Done puts it back at its place (renaming the default follows)', async () => {
    const { user } = await openSpiceLevel();
    await user.click(screen.getByRole('button', { name: 'Edit Medium' }));
    const d = await optionDialog('Edit');
    expect(optionNames()).toEqual(['Mild', 'Hot']);
    fill('Option name', 'Medium hot', d);
    await user.click(within(d).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(optionNames()).toEqual(['Mild', 'Medium hot', 'Hot']));
    expect(defaultRadio('Medium hot')).toBeChecked();
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('closing the edit dialog restores the list as it was and changes nothing', async () => {
    const { user, onClose } = await openSpiceLevel();
    await user.click(screen.getByRole('button', { name: 'Edit Hot' }));
    const d = await optionDialog('Edit');
    expect(optionNames()).toEqual(['Mild', 'Medium']);
    fill('Option name', 'Very hot', d);
    await user.click(within(d).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(optionNames()).toEqual(['Mild', 'Medium', 'Hot']));
    expect(hasUnsavedChanges()).toBe(false);
    // Nothing changed: Close leaves without asking.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('hide all sets every option hidden, then visible', async () => {
    const { user } = await openSpiceLevel();
    await user.click(checkbox('Hide Hot'));
    expect(checkbox('Hide all')).toHaveAttribute('data-indeterminate', 'true');
    await user.click(checkbox('Hide all'));
    for (const name of ['Mild', 'Medium', 'Hot']) expect(checkbox(`Hide ${name}`)).toBeChecked();
    expect(checkbox('Hide all')).toBeChecked();
    await user.click(checkbox('Hide all'));
    for (const name of ['Mild', 'Medium', 'Hot']) expect(checkbox(`Hide ${name}`)).not.toBeChecked();
  });

  it('turning on multiple or off mandatory clears the default', async () => {
    const { user } = await openSpiceLevel();
    expect(defaultRadio('Medium')).toBeChecked();
    await tick(user, 'Multiple');
    expect(defaultRadio('Medium')).not.toBeInTheDocument();
    await tick(user, 'Multiple');
    expect(defaultRadio('Medium')).not.toBeChecked();
    await user.click(defaultRadio('Hot')!);
    expect(defaultRadio('Hot')).toBeChecked();
    await tick(user, 'Mandatory');
    await tick(user, 'Mandatory');
    for (const name of ['Mild', 'Medium', 'Hot']) expect(defaultRadio(name)).not.toBeChecked();
  });

  it('deleting the default option clears the default', async () => {
    const { user } = await openSpiceLevel();
    await user.click(screen.getByRole('button', { name: 'Delete Medium' }));
    expect(optionNames()).toEqual(['Mild', 'Hot']);
    expect(defaultRadio('Mild')).not.toBeChecked();
    expect(defaultRadio('Hot')).not.toBeChecked();
  });

  it('closing with unsaved changes asks first', async () => {
    const { user, onClose } = await openSpiceLevel();
    fill('Title', 'Heat');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const ask = await dialog('Discard changes?');
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(await dialog('Discard changes?')).getByRole('button', { name: 'Yes' }));
    expect(onClose).toHaveBeenCalledWith(false);
    expect(hasUnsavedChanges()).toBe(false);
  });
});

describe('the edit-sequence dialog', { timeout: 120_000 }, () => {
  // jsdom lays nothing out: give each sortable row a place, 40 px under the previous one, for the keyboard sensor.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const index = Number(this.closest('[data-sequence-index]')?.getAttribute('data-sequence-index') ?? 0);
      return DOMRect.fromRect({ x: 0, y: index * 40, width: 300, height: 40 });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const moveDown = async (user: ReturnType<typeof renderEditor>['user'], d: HTMLElement, name: string) => {
    within(d)
      .getByRole('button', { name: `Move ${name}` })
      .focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
  };
  const order = (d: HTMLElement) =>
    within(d)
      .getAllByRole('listitem')
      .map((li) => li.textContent);

  it('reorders by keyboard; Done applies the order, Cancel discards it', async () => {
    const { user } = await openSpiceLevel();
    await user.click(screen.getByRole('button', { name: 'Edit sequence' }));
    let d = await dialog('Edit sequence');
    await moveDown(user, d, 'Mild');
    await waitFor(() => expect(order(d)).toEqual(['Medium', 'Mild', 'Hot']));
    await user.click(within(d).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(d).not.toBeInTheDocument());
    expect(optionNames()).toEqual(['Mild', 'Medium', 'Hot']);

    await user.click(screen.getByRole('button', { name: 'Edit sequence' }));
    d = await dialog('Edit sequence');
    expect(order(d)).toEqual(['Mild', 'Medium', 'Hot']);
    await moveDown(user, d, 'Medium');
    await waitFor(() => expect(order(d)).toEqual(['Mild', 'Hot', 'Medium']));
    await user.click(within(d).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(optionNames()).toEqual(['Mild', 'Hot', 'Medium']));
    expect(hasUnsavedChanges()).toBe(true);
  });
});
