import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MENU_ITEM_FIELDS } from '@cd/core';
import { aFoodItem } from '../testing/menu-fixtures';
import { mockMenuApi } from '../testing/mock-menu-api';
import { only, renderItemForm, typeTime } from '../testing/render-item-form';

describe('serving time ranges', { timeout: 60_000 }, () => {
  const fields = only(MENU_ITEM_FIELDS, 'servingtime');
  const ranges = async () =>
    within(await screen.findByRole('list', { name: 'Serving time' }))
      .queryAllByRole('listitem')
      .map((chip) => chip.textContent);

  it('starts at 00:00–23:59, adds a range, and refuses a backwards or repeated one with an alert', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields });
    expect(await ranges()).toEqual(['00:00 – 23:59']);

    await typeTime(user, 'Serving time start', '12:00');
    await typeTime(user, 'Serving time end', '11:00');
    await user.click(screen.getByRole('button', { name: 'Add time range' }));
    expect(await screen.findByText('Start time must be before end time.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Got it' }));

    await typeTime(user, 'Serving time start', '00:00');
    await typeTime(user, 'Serving time end', '23:59');
    await user.click(await screen.findByRole('button', { name: 'Add time range' }));
    expect(await screen.findByText('This time range has already been added.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(await ranges()).toEqual(['00:00 – 23:59']);

    await typeTime(user, 'Serving time start', '06:00');
    await typeTime(user, 'Serving time end', '10:00');
    await user.click(await screen.findByRole('button', { name: 'Add time range' }));
    expect(await ranges()).toEqual(['00:00 – 23:59', '06:00 – 10:00']);
  });
});

describe('ingredients box', { timeout: 60_000 }, () => {
  it('adds an ingredient only once the last one has a name', async () => {
    const user = userEvent.setup();
    renderItemForm({
      fields: only(MENU_ITEM_FIELDS, 'ingredients'),
      initial: aFoodItem({ ingredients: [{ header: 'Marinade', values: [{ name: 'Yoghurt', vegflag: 'V' }] }] }),
    });
    const section = screen.getByRole('group', { name: 'Ingredient section 1' });
    expect(within(section).getByRole('textbox', { name: 'Section header' })).toHaveValue('Marinade');
    const add = within(section).getByRole('button', { name: 'Add ingredient' });
    await user.click(add);
    expect(add).toBeDisabled();
    const names = within(section).getAllByRole('textbox', { name: 'Ingredient' });
    await user.type(names[1]!, 'Chilli');
    expect(add).toBeEnabled();
  });
});

describe('deleting an item', { timeout: 60_000 }, () => {
  it('asks first, then deletes the version edited', async () => {
    const user = userEvent.setup();
    const fetchMock = mockMenuApi({ 'DELETE vendor/fooditem/spice_route_paneer_tikka': () => ({ body: {} }) });
    const { onClose } = renderItemForm({ fields: only(MENU_ITEM_FIELDS, 'foodname'), initial: aFoodItem() });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Paneer Tikka?' });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitForElementToBeRemoved(confirm);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Paneer Tikka?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(String(fetchMock.mock.calls[0]![0])).toContain('vendor/fooditem/spice_route_paneer_tikka?version=3');
  });
});
