import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CASHIER_PIN_RULE } from '@cd/core';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { aCashier, ADMIN, countersApi, sent } from '../testing/counters-api';
import { CashiersPage } from './cashiers-page';

const renderPage = (route = '/cashier') =>
  renderScreen(<CashiersPage />, { path: '/cashier', route, signedInAs: ADMIN });
const LATER = new Date(Date.now() + 10 * 60_000).toISOString();

describe('Cashier management', { timeout: 60_000 }, () => {
  it("checks the PIN with core's rule, then creates the cashier with the food court's counters they may use", async () => {
    const { record } = countersApi();
    const user = setupUser();
    renderPage('/cashier?foodcourt=fc-blr-atrium&action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add cashier' });
    const pin = within(dialog).getByLabelText(/^PIN/);
    expect(pin).toHaveAttribute('type', 'password');
    expect(within(dialog).getByText(CASHIER_PIN_RULE)).toBeVisible();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Cashier name' }), 'Ravi');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a PIN')).toBeVisible();

    await fill(user, pin, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText(CASHIER_PIN_RULE)).toHaveClass('Mui-error'));
    await fill(user, pin, '7777');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText(CASHIER_PIN_RULE)).toHaveClass('Mui-error'));
    expect(sent(record, 'POST', 'cashiers')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Counters' }));
    await user.click(await screen.findByRole('option', { name: 'Grill two' }));
    await user.keyboard('{Escape}');
    await fill(user, pin, '4826');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'cashiers')).toHaveLength(1));
    expect(sent(record, 'POST', 'cashiers')[0]).toMatchObject({
      name: 'Ravi',
      foodcourt: 'fc-blr-atrium',
      counter_ids: [12],
      active: true,
      pin: '4826',
    });
  });

  it('a save without a new PIN keeps the old one (no pin sent)', async () => {
    const { record } = countersApi();
    const user = setupUser();
    renderPage('/cashier?edit=5');
    const dialog = await screen.findByRole('dialog', { name: 'Edit cashier Asha' });
    expect(within(dialog).getByText(`Leave empty to keep the PIN. ${CASHIER_PIN_RULE}`)).toBeVisible();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Cashier name' }), 'Asha K');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'cashiers/5')).toHaveLength(1));
    const body = sent(record, 'PUT', 'cashiers/5')[0]!;
    expect(body).toMatchObject({ name: 'Asha K', version: 2, counter_ids: [11] });
    expect(body).not.toHaveProperty('pin');
  });

  it('shows a locked cashier as locked until a time, and unlocks by setting a new PIN', async () => {
    const { record } = countersApi({ cashiers: [aCashier({ locked_until: LATER })] });
    const user = setupUser();
    renderPage();
    const table = await loadedTable('Cashiers');
    const row = within(table).getByRole('row', { name: /Asha .*Locked until/ });
    await user.click(within(row).getByRole('button', { name: 'Unlock Asha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Asha' });
    expect(dialog).toHaveTextContent(/Locked until .* after wrong PINs\. Set a new PIN to unlock\./);
    await fill(user, within(dialog).getByLabelText(/^New PIN/), '5093');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'cashiers/5')).toHaveLength(1));
    expect(sent(record, 'PUT', 'cashiers/5')[0]).toMatchObject({ pin: '5093', version: 2 });
    await waitFor(() => expect(within(table).getByRole('row', { name: /Asha .*Active/ })).toBeVisible());
  });
});
