import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, countersApi, sent } from '../testing/counters-api';
import { CounterTemplatesPage } from './counter-templates-page';

const renderPage = (route = '/counterTemplate') =>
  renderScreen(<CounterTemplatesPage />, { path: '/counterTemplate', route, signedInAs: ADMIN });

describe('Counter templates', { timeout: 60_000 }, () => {
  it('lists the templates with their mode and the counters made from them; one in use cannot be deleted', async () => {
    countersApi();
    renderPage();
    const table = await loadedTable('Counter templates');
    const row = within(table).getByRole('row', { name: /Live grill Live Counter App, Kiosk 2/ });
    expect(within(row).getByRole('button', { name: 'Delete Live grill' })).toBeDisabled();
  });

  it("checks a custom input with core's rule: a choice input needs an option, given as chips", async () => {
    const { record } = countersApi();
    const user = setupUser();
    renderPage('/counterTemplate?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add counter template' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Template name' }), 'Buffet line');
    await user.click(within(dialog).getByRole('combobox', { name: 'Counter mode' }));
    await user.click(await screen.findByRole('option', { name: 'Buffet' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Table booking' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add custom input' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Label of input 1' }), 'Portion');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('A choice input needs at least one option')).toBeVisible();
    expect(sent(record, 'POST', 'counter_template')).toEqual([]);

    const options = within(dialog).getByRole('combobox', { name: 'Options of input 1' });
    await user.type(options, 'Small{Enter}Large{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Large' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(record, 'POST', 'counter_template')).toHaveLength(1));
    expect(sent(record, 'POST', 'counter_template')[0]).toMatchObject({
      name: 'Buffet line',
      settings: {
        mode: 'false',
        option_types: ['tablebooking'],
        custom_inputs: [{ label: 'Portion', type: 'dropdown', options: ['Small', 'Large'], required: false }],
        cloud_card: 'none',
        channels: ['app', 'kiosk'],
      },
    });
  });

  it('a text input takes no options: switching to text drops them', async () => {
    const { record } = countersApi();
    const user = setupUser();
    renderPage('/counterTemplate?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add counter template' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Template name' }), 'Notes');
    await user.click(within(dialog).getByRole('button', { name: 'Add custom input' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Label of input 1' }), 'Note');
    await user.type(within(dialog).getByRole('combobox', { name: 'Options of input 1' }), 'A{Enter}');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type of input 1' }));
    await user.click(await screen.findByRole('option', { name: 'Text' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Options of input 1' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'counter_template')).toHaveLength(1));
    expect(sent(record, 'POST', 'counter_template')[0]).toMatchObject({
      settings: { custom_inputs: [{ label: 'Note', type: 'text', options: [] }] },
    });
  });

  it('shows which counters differ and applies the template to the chosen ones only, then reads them again', async () => {
    const { record } = countersApi({ differs: { 11: ['mode'], 12: ['channels', 'custom_inputs'] } });
    const user = setupUser();
    renderPage('/counterTemplate?view=1');
    const drawer = await screen.findByRole('dialog', { name: 'Live grill' });
    const table = await within(drawer).findByRole('table', { name: 'Counters made from this template' });
    expect(within(table).getByRole('row', { name: /Grill one Atrium Food Court Mode/ })).toBeVisible();
    expect(
      within(table).getByRole('row', { name: /Grill two Atrium Food Court Channels Custom inputs/ }),
    ).toBeVisible();
    const apply = within(drawer).getByRole('button', { name: /Apply to chosen counters/ });
    expect(apply).toBeDisabled();

    await user.click(within(table).getByRole('checkbox', { name: 'Choose Grill two' }));
    await user.click(within(drawer).getByRole('button', { name: 'Apply to chosen counters (1)' }));

    await waitFor(() => expect(sent(record, 'POST', 'sync_counter_template')).toHaveLength(1));
    expect(sent(record, 'POST', 'sync_counter_template')[0]).toMatchObject({ template_id: 1, counter_ids: [12] });
    expect(await screen.findByText('Template applied to 1 counters')).toBeVisible();
    await waitFor(() =>
      expect(record.filter((c) => c.method === 'GET' && c.path === 'get_counter_template/1')).toHaveLength(2),
    );
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /Grill two .*Same as the template/ })).toBeVisible(),
    );
    expect(within(table).getByRole('row', { name: /Grill one Atrium Food Court Mode/ })).toBeVisible();
  });
});
