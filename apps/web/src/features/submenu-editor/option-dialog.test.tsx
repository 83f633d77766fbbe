import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addOption, field, fill, optionDialog, save, tick } from './testing/actions';
import { aMenu, spiceLevel } from './testing/fixtures';
import { bodiesSent, mockSubmenuApi } from './testing/mock-submenu-api';
import { editor, optionNames, renderEditor } from './testing/render-editor';

let fetchMock: ReturnType<typeof mockSubmenuApi>;
beforeEach(() => {
  fetchMock = mockSubmenuApi({
    'GET vendor/fooditem': () => ({ body: aMenu() }),
    'POST vendor/submenu': () => ({ body: { submenu: spiceLevel() } }),
  });
});

describe('the add-option dialog (spec 001 §5.3)', { timeout: 120_000 }, () => {
  it('refuses an empty, repeated or invalid name and quantities out of order; an empty price is 0', async () => {
    const { user } = renderEditor('menu');
    await editor();
    await addOption(user, 'Mild');
    expect(optionNames()).toEqual(['Mild']);

    await user.click(screen.getByRole('button', { name: 'Add option' }));
    const d = await optionDialog();
    const done = () => user.click(within(d).getByRole('button', { name: 'Done' }));
    await done();
    // Refusals are marked at their fields in the dialog (issue 21 point 7), and follow the edits.
    expect(within(d).getByRole('alert')).toHaveTextContent('Fix the problem marked below.');
    expect(field('Option name', d)).toHaveAccessibleDescription('Enter an option name.');
    fill('Option name', 'MILD', d);
    expect(field('Option name', d)).toHaveAccessibleDescription('An option with this name already exists.');
    fill('Option name', 'Hot; extra', d);
    await done();
    expect(field('Option name', d)).toHaveAccessibleDescription('The name contains characters that are not allowed.');
    fill('Option name', 'Hot', d);
    expect(field('Option name', d)).not.toBeInvalid();

    // Negative prices and decimal or negative quantities clear their field.
    fill('Price', '-5', d);
    expect(field('Price', d)).toHaveValue('');
    fill('Price', '12.5', d);
    expect(field('Price', d)).toHaveValue('12.5');
    fill('Min quantity', '2.5', d);
    expect(field('Min quantity', d)).toHaveValue('');
    fill('Min quantity', '-1', d);
    expect(field('Min quantity', d)).toHaveValue('');
    fill('Min quantity', '3', d);
    fill('Max quantity', '2', d);
    await done();
    expect(field('Max quantity', d)).toHaveAccessibleDescription(
      'Maximum quantity cannot be less than minimum quantity.',
    );
    expect(d).toBeInTheDocument();
    fill('Max quantity', '4', d);
    await done();
    await waitFor(() => expect(d).not.toBeInTheDocument());
    expect(optionNames()).toEqual(['Mild', 'Hot']);

    fill('Title', 'Spice level');
    await save(user);
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST vendor/submenu')).toHaveLength(1));
    const [body] = bodiesSent(fetchMock, 'POST vendor/submenu');
    expect(body!.submenu).toMatchObject({
      options: { Mild: 0, Hot: 12.5 },
      extras: { Hot: { type: 'item', price: 12.5, rules: { min_quantity: 3, max_quantity: 4, display: 'selection' } } },
    });
  });

  it('switching display clears min and max quantity', async () => {
    const { user } = renderEditor('menu');
    await editor();
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    const d = await optionDialog();
    expect(within(d).getByRole('radio', { name: 'Selection' })).toBeChecked();
    fill('Free quantity', '1', d);
    fill('Min quantity', '1', d);
    fill('Max quantity', '2', d);
    await user.click(within(d).getByRole('radio', { name: 'Quantity' }));
    expect(field('Min quantity', d)).toHaveValue('');
    expect(field('Max quantity', d)).toHaveValue('');
    expect(field('Free quantity', d)).toHaveValue('1');
  });

  it('builds a group: sub-options with their rules, no price', async () => {
    const { user } = renderEditor('menu');
    await editor();
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    const d = await optionDialog();
    const done = () => user.click(within(d).getByRole('button', { name: 'Done' }));
    const addSub = () => user.click(within(d).getByRole('button', { name: 'Add sub-option' }));
    fill('Option name', 'Toppings', d);
    expect(within(d).getByRole('radio', { name: 'Item' })).toBeChecked();
    await user.click(within(d).getByRole('radio', { name: 'Group' }));
    expect(within(d).queryByLabelText('Price')).not.toBeInTheDocument();
    await done();
    expect(within(d).getByText('Add at least one sub-option to the group.')).toBeVisible();

    await addSub();
    expect(field('Sub-option name', d)).toHaveAccessibleDescription('Enter a sub-option name.');
    fill('Sub-option name', 'Cheese', d);
    fill('Sub-option price', '20', d);
    await addSub();
    expect(field('Sub-option name', d)).toHaveValue('');
    fill('Sub-option name', 'cheese', d);
    await addSub();
    expect(field('Sub-option name', d)).toHaveAccessibleDescription('An option with this name already exists.');
    fill('Sub-option name', 'Olives', d);
    expect(field('Sub-option name', d)).not.toBeInvalid();
    await addSub();

    await tick(user, 'Multiple', d);
    await done();
    // Several at once, each at its field.
    expect(within(d).getByRole('alert')).toHaveTextContent('Fix the 2 problems marked below.');
    expect(field('Minimum', d)).toHaveAccessibleDescription('Enter the minimum number of options.');
    expect(field('Maximum', d)).toHaveAccessibleDescription('Enter the maximum number of options.');
    fill('Minimum', '1', d);
    fill('Maximum', '3', d);
    await done();
    expect(field('Maximum', d)).toHaveAccessibleDescription('Maximum cannot exceed the number of options.');
    await tick(user, 'Multiple', d);
    await tick(user, 'Mandatory', d);
    await done();
    expect(within(d).getByText('Choose a default option that matches one of the options.')).toBeVisible();
    await user.click(within(d).getByRole('radio', { name: 'Default Olives' }));
    await done();
    await waitFor(() => expect(d).not.toBeInTheDocument());

    const row = within(screen.getByRole('table', { name: 'Options' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Toppings');
    expect(row).toHaveTextContent('Group');

    fill('Title', 'Extras');
    await save(user);
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST vendor/submenu')).toHaveLength(1));
    const stored = bodiesSent(fetchMock, 'POST vendor/submenu')[0]!.submenu as Record<string, Record<string, unknown>>;
    expect(stored.options).toEqual({ Toppings: 0 });
    expect(stored.extras!.Toppings).toMatchObject({
      type: 'group',
      items: { Cheese: { price: 20 }, Olives: { price: 0 } },
      refList: ['Cheese', 'Olives'],
      rules: { ismand: true, multiple: false, default: 'Olives' },
    });
    expect(stored.extras!.Toppings).not.toHaveProperty('price');
  });
});
