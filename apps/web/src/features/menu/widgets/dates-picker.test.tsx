import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { MENU_ITEM_FIELDS } from '@cd/core';
import { only, renderItemForm } from '../testing/render-item-form';

const fields = only(MENU_ITEM_FIELDS, 'datesavailable');

async function typeDate(user: UserEvent, label: string, digits: string) {
  const group = await screen.findByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
}

const shownCount = () => within(screen.getByTestId('selected-dates-list')).queryAllByRole('listitem').length;

describe('available dates', { timeout: 60_000 }, () => {
  it('adds a date from today on, stored as dd-MM-yyyy', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields, permissions: ['available_dates'] });
    const day = dayjs().add(3, 'day');
    await typeDate(user, 'Date', day.format('DDMMYYYY'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(screen.getByTestId('selected-dates-list')).getByText(day.format('DD-MM-YYYY'))).toBeVisible();

    // A date before today cannot be added.
    await typeDate(user, 'Date', dayjs().subtract(2, 'day').format('DDMMYYYY'));
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('refuses a range of 367 dates with a failure alert and a warning, adding none', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields, permissions: ['available_dates'] });
    await user.click(screen.getByRole('radio', { name: 'Date range' }));
    const from = dayjs().add(1, 'day');
    await typeDate(user, 'From', from.format('DDMMYYYY'));
    await typeDate(user, 'To', from.add(366, 'day').format('DDMMYYYY'));
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const alert = await screen.findByRole('dialog', { name: 'Failure!' });
    expect(within(alert).getByText('You can select at most 366 dates.')).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'Got it' }));
    expect(await screen.findByText('An item can be available on at most 366 dates.')).toBeVisible();
    expect(shownCount()).toBe(0);
  });
});
