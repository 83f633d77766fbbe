import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MENU_ITEM_FIELDS } from '@cd/core';
import { aFoodItem } from '../testing/menu-fixtures';
import { only, renderItemForm, typeTime } from '../testing/render-item-form';

const fields = only(MENU_ITEM_FIELDS, 'app_preptime_array');

async function fillRange(user: ReturnType<typeof userEvent.setup>, start: string, end: string, minutes: string) {
  await typeTime(user, 'Preparation time start', start);
  await typeTime(user, 'Preparation time end', end);
  const prep = screen.getByRole('textbox', { name: 'Prep minutes' });
  await user.clear(prep);
  if (minutes) await user.type(prep, minutes);
  await user.click(screen.getByRole('button', { name: 'Add range' }));
}

describe('preparation-time ranges', { timeout: 60_000 }, () => {
  it('refuses a range without a prep time, and one of more than 59 minutes, with the rule text', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields });

    await user.click(screen.getByRole('button', { name: 'Add range' }));
    expect(await screen.findByText('Enter the start time, end time and preparation time.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Got it' }));

    await fillRange(user, '10:00', '11:00', '75');
    expect(await screen.findByText('Preparation time must be 1 to 59 minutes.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('table', { name: 'Preparation time' })).not.toBeInTheDocument();
  });

  it('keeps at most two digits of prep minutes', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields });
    const prep = screen.getByRole('textbox', { name: 'Prep minutes' });
    await user.type(prep, '1a25');
    expect(prep).toHaveValue('12');
  });

  it('adds a range, refuses one touching it, and deletes only after confirmation', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields });
    await fillRange(user, '10:00', '11:00', '15');
    const table = await screen.findByRole('table', { name: 'Preparation time' });
    expect(within(table).getByRole('cell', { name: '10:00' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: '15' })).toBeVisible();

    await fillRange(user, '11:00', '12:00', '20');
    expect(await screen.findByText('This time range overlaps or touches another range.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(await within(table).findAllByRole('row')).toHaveLength(2);

    await user.click(await screen.findByRole('button', { name: 'Remove preparation time 10:00-11:00' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this preparation time?' });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('table', { name: 'Preparation time' })).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Remove preparation time 10:00-11:00' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this preparation time?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(screen.queryByRole('table', { name: 'Preparation time' })).not.toBeInTheDocument();
  });

  it('refuses a start later than the end', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields, initial: aFoodItem() });
    await fillRange(user, '12:00', '11:00', '10');
    expect(await screen.findByText('Start time cannot be later than end time.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('table', { name: 'Preparation time' })).not.toBeInTheDocument();
  });
});
