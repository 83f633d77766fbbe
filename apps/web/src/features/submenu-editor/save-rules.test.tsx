import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges } from '../../lib/unsaved-changes';
import { aMenu, RESTAURANT, spiceLevel } from './testing/fixtures';
import { addOption, connect, fill, save, tick } from './testing/actions';
import { bodiesSent, mockSubmenuApi, requests } from './testing/mock-submenu-api';
import { dialog, editor, readWarning, renderEditor } from './testing/render-editor';

describe('saving a submenu (spec 001 §5.3)', { timeout: 120_000 }, () => {
  it('refuses a missing title, bad limits and quantities, and no options, sending nothing', async () => {
    const fetchMock = mockSubmenuApi({ 'GET vendor/fooditem': () => ({ body: aMenu() }) });
    const { user } = renderEditor('menu');
    await editor();
    const refusal = async () => {
      await save(user);
      return readWarning(user);
    };

    expect(await refusal()).toBe('Enter a submenu title.');
    fill('Title', '  Spice level ');
    expect(hasUnsavedChanges()).toBe(true);

    await tick(user, 'Multiple');
    expect(await refusal()).toBe('Enter the minimum number of options.');
    fill('Minimum', '1');
    expect(await refusal()).toBe('Enter the maximum number of options.');
    fill('Maximum', '0');
    expect(await refusal()).toBe('Maximum cannot be less than minimum.');
    fill('Maximum', '3');
    expect(await refusal()).toBe('Maximum cannot exceed the number of options.');
    await tick(user, 'Multiple');
    expect(screen.queryByRole('textbox', { name: 'Minimum' })).not.toBeInTheDocument();

    fill('Min quantity', '3');
    fill('Max quantity', '2');
    expect(await refusal()).toBe('Maximum quantity cannot be less than minimum quantity.');
    fill('Max quantity', '');

    expect(await refusal()).toBe('Add at least one option.');
    expect(requests(fetchMock).filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('refuses a missing default, a half-typed option and an option named like a connected item; then creates', async () => {
    const fetchMock = mockSubmenuApi({
      'GET vendor/fooditem': () => ({ body: aMenu() }),
      'POST vendor/submenu': () => ({ body: { submenu: spiceLevel() } }),
    });
    const { user, onClose } = renderEditor('menu');
    await editor();
    const refusal = async () => {
      await save(user);
      return readWarning(user);
    };
    fill('Title', '  Spice level ');
    fill('Min quantity', '3');

    await addOption(user, 'Mild');
    await addOption(user, 'Hot', '10');
    await tick(user, 'Mandatory');
    expect(await refusal()).toBe('Choose a default option that matches one of the options.');
    await user.click(screen.getByRole('radio', { name: 'Default Mild' }));

    // A half-typed option closed without Done blocks the save until it is added or discarded.
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    const half = await dialog('Add option');
    fill('Option name', 'Medi', half);
    await user.click(within(half).getByRole('button', { name: 'Cancel' }));
    expect(await refusal()).toBe('Add or discard the option you are editing before saving.');
    await user.click(screen.getByRole('button', { name: 'Discard' }));

    // An option named like a connected menu item.
    await addOption(user, 'paneer tikka');
    await connect(user, 'Paneer Tikka', 'Chicken Biryani');
    expect(await refusal()).toBe('Cannot connect a submenu with a specific option to itself');
    await user.click(screen.getByRole('button', { name: 'Delete paneer tikka' }));

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
