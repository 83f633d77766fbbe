import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges } from '../../lib/unsaved-changes';
import { aMenu, RESTAURANT, spiceLevel } from './testing/fixtures';
import { addOption, connect, field, fill, save, tick } from './testing/actions';
import { bodiesSent, mockSubmenuApi, requests } from './testing/mock-submenu-api';
import { dialog, editor, renderEditor } from './testing/render-editor';

describe('saving a submenu (spec 001 §5.3)', { timeout: 120_000 }, () => {
  it('marks every problem at its field at once, keeps them until fixed, and sends nothing meanwhile', async () => {
    const fetchMock = mockSubmenuApi({ 'GET vendor/fooditem': () => ({ body: aMenu() }) });
    const { user } = renderEditor('menu');
    await editor();

    // Nothing is marked before a save is tried.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await tick(user, 'Multiple');
    fill('Min quantity', '3');
    fill('Max quantity', '2');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: 5 problems are marked below.');
    // No popup: the texts are the spec's messages, at the fields they concern (several at once).
    expect(screen.queryByRole('dialog', { name: 'Warning!' })).not.toBeInTheDocument();
    expect(field('Title')).toBeInvalid();
    expect(field('Title')).toHaveAccessibleDescription('Enter a submenu title.');
    expect(field('Minimum')).toHaveAccessibleDescription('Enter the minimum number of options.');
    expect(field('Maximum')).toHaveAccessibleDescription('Enter the maximum number of options.');
    expect(field('Max quantity')).toHaveAccessibleDescription('Maximum quantity cannot be less than minimum quantity.');
    expect(screen.getByText('Add at least one option.')).toBeVisible();

    // Each mark follows the edits: fixed fields clear at once, a new problem shows.
    fill('Title', '  Spice level ');
    expect(field('Title')).not.toBeInvalid();
    expect(hasUnsavedChanges()).toBe(true);
    fill('Minimum', '1');
    fill('Maximum', '0');
    expect(field('Maximum')).toHaveAccessibleDescription('Maximum cannot be less than minimum.');
    expect(field('Minimum')).not.toBeInvalid();
    fill('Maximum', '3');
    expect(field('Maximum')).toHaveAccessibleDescription('Maximum cannot exceed the number of options.');
    await tick(user, 'Multiple');
    expect(screen.queryByRole('textbox', { name: 'Minimum' })).not.toBeInTheDocument();
    fill('Max quantity', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: one problem is marked below.');

    await save(user);
    expect(screen.getByText('Add at least one option.')).toBeVisible();
    expect(requests(fetchMock).filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('refuses a missing default, a half-typed option and an option named like a connected item; then creates', async () => {
    const fetchMock = mockSubmenuApi({
      'GET vendor/fooditem': () => ({ body: aMenu() }),
      'POST vendor/submenu': () => ({ body: { submenu: spiceLevel() } }),
    });
    const { user, onClose } = renderEditor('menu');
    await editor();
    fill('Title', '  Spice level ');
    fill('Min quantity', '3');

    await addOption(user, 'Mild');
    await addOption(user, 'Hot', '10');
    await tick(user, 'Mandatory');
    await save(user);
    expect(await screen.findByText('Choose a default option that matches one of the options.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Default Mild' }));
    expect(screen.queryByText('Choose a default option that matches one of the options.')).not.toBeInTheDocument();

    // A half-typed option closed without Done blocks the save until it is added or discarded; an option named
    // like a connected menu item too; both show together.
    await addOption(user, 'paneer tikka');
    await connect(user, 'Paneer Tikka', 'Chicken Biryani');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    const half = await dialog('Add option');
    fill('Option name', 'Medi', half);
    await user.click(within(half).getByRole('button', { name: 'Cancel' }));
    await save(user);
    expect(await screen.findByText('Add or discard the option you are editing before saving.')).toBeVisible();
    expect(screen.getByText('Cannot connect a submenu with a specific option to itself')).toBeVisible();
    expect(screen.getByText('Not saved: 2 problems are marked below.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await user.click(screen.getByRole('button', { name: 'Delete paneer tikka' }));
    await waitFor(() => expect(screen.queryByText(/^Not saved/)).not.toBeInTheDocument());

    expect(bodiesSent(fetchMock, 'POST vendor/submenu')).toHaveLength(0);
    await save(user);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [body] = bodiesSent(fetchMock, 'POST vendor/submenu');
    expect(body).toMatchObject({
      restaurant: RESTAURANT,
      title: 'Spice level',
      submenu: {
        attributes: {
          ismand: true,
          multiple: false,
          min: null,
          max: null,
          min_quantity: 3,
          max_quantity: null,
          default: 'Mild',
        },
        list: ['Mild', 'Hot'],
        options: { Mild: 0, Hot: 10 },
        extras: { Mild: { type: 'item', price: 0, isHidden: false }, Hot: { type: 'item', price: 10 } },
      },
      connections: {
        added_item_list: ['spice_route_paneer_tikka', 'spice_route_chicken_biryani'],
        removed_item_list: [],
        submenu_name: 'Spice level',
      },
    });
    expect(body).not.toHaveProperty('version');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('limits the description to 150 characters and counts them', async () => {
    mockSubmenuApi({ 'GET vendor/fooditem': () => ({ body: aMenu() }) });
    renderEditor('menu');
    await editor();
    fill('Description', 'x'.repeat(160));
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('x'.repeat(150));
    expect(screen.getByText('150/150')).toBeInTheDocument();
  });
});
