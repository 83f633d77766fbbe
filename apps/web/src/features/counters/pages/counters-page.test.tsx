import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, countersApi, MANAGER, sent } from '../testing/counters-api';
import { CountersPage } from './counters-page';

const renderPage = (route = '/counterManagement', signedInAs: typeof ADMIN = ADMIN) =>
  renderScreen(<CountersPage />, { path: '/counterManagement', route, signedInAs });

describe('Counter management', { timeout: 60_000 }, () => {
  it('filters the counters by food court and type on the server', async () => {
    const { record } = countersApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Counters');
    expect(
      within(table).getByRole('row', { name: /Grill one Atrium Food Court — Food Live Counter 0 of 1 online/ }),
    ).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Counter type' }));
    await user.click(await screen.findByRole('option', { name: 'Beverage' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=beverage'));
    await waitFor(() =>
      expect(record.some((c) => c.path === 'get_counters' && c.query.get('type') === 'beverage')).toBe(true),
    );
  });

  it("creates a counter from a template: its settings are prefilled, and kept ones are the server's to copy", async () => {
    const { record } = countersApi();
    const user = setupUser();
    renderPage('/counterManagement?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add counter' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Counter name' }), 'Grill three');
    await user.click(within(dialog).getByRole('combobox', { name: /Food court/ }));
    await user.click(await screen.findByRole('option', { name: 'Atrium Food Court' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Live grill' }));

    expect(within(dialog).getByRole('combobox', { name: 'Counter mode' })).toHaveTextContent('Live Counter');
    expect(within(dialog).getByRole('checkbox', { name: 'Slot booking' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Label of input 1' })).toHaveValue('Spice level');
    expect(
      within(dialog).getByText('Settings prefilled from Live grill; a change makes this counter differ from it'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(record, 'POST', 'vendor/counter')).toHaveLength(1));
    const body = sent(record, 'POST', 'vendor/counter')[0]!;
    expect(body).toMatchObject({ name: 'Grill three', foodcourt: 'fc-blr-atrium', template_id: 1, restaurant: null });
    expect(body).not.toHaveProperty('settings');
  });

  it('sends the settings of a counter made from a template and then changed', async () => {
    const { record } = countersApi();
    const user = setupUser();
    renderPage('/counterManagement?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add counter' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Counter name' }), 'Grill four');
    await user.click(within(dialog).getByRole('combobox', { name: /Food court/ }));
    await user.click(await screen.findByRole('option', { name: 'Atrium Food Court' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Live grill' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'POS' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'vendor/counter')).toHaveLength(1));
    expect(sent(record, 'POST', 'vendor/counter')[0]).toMatchObject({
      template_id: 1,
      settings: { mode: 'true', channels: ['app', 'kiosk', 'pos'] },
    });
  });

  it('hides a counter with its version after saying the service flags are saved and cleared, then unhides it', async () => {
    const { record } = countersApi();
    const user = setupUser();
    renderPage();
    const table = await loadedTable('Counters');
    await user.click(within(table).getByRole('button', { name: 'Hide Grill one' }));
    const ask = await screen.findByRole('dialog', { name: 'Hide Grill one?' });
    expect(ask).toHaveTextContent("Hiding saves the counter's service flags and clears them");
    expect(ask).toHaveTextContent('Saved and cleared now: Dine in, Takeaway, Pre-order.');
    await user.click(within(ask).getByRole('button', { name: 'Hide' }));

    await waitFor(() => expect(sent(record, 'POST', 'vendor/counter/11/hide')).toHaveLength(1));
    expect(sent(record, 'POST', 'vendor/counter/11/hide')[0]).toMatchObject({ hidden: true, version: 3 });
    const row = await within(table).findByRole('row', { name: /Grill one Hidden/ });

    await user.click(within(row).getByRole('button', { name: 'Unhide Grill one' }));
    const again = await screen.findByRole('dialog', { name: 'Unhide Grill one?' });
    expect(again).toHaveTextContent('Unhiding restores the service flags saved when the counter was hidden.');
    await user.click(within(again).getByRole('button', { name: 'Unhide' }));
    await waitFor(() => expect(sent(record, 'POST', 'vendor/counter/11/hide')).toHaveLength(2));
    expect(sent(record, 'POST', 'vendor/counter/11/hide')[1]).toMatchObject({ hidden: false, version: 4 });
  });

  it('offers hide only with the hide_counter permission', async () => {
    countersApi();
    renderPage('/counterManagement', MANAGER);
    const table = await loadedTable('Counters');
    expect(within(table).getByRole('button', { name: 'Edit Grill one' })).toBeVisible();
    expect(within(table).queryByRole('button', { name: 'Hide Grill one' })).not.toBeInTheDocument();
  });
});
