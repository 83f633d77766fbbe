import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moneyFormatter } from '../../../lib/money';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, aCampaign, callsTo, campaignsApi, sent } from '../testing/campaigns-api';
import { CampaignsPage } from './campaigns-page';

const renderPage = (route = '/campaign') =>
  renderScreen(<CampaignsPage />, { path: '/campaign', route, signedInAs: ADMIN });

const many = Array.from({ length: 23 }, (_, i) =>
  aCampaign({ id: i + 1, name: `Campaign ${String(i + 1).padStart(2, '0')}` }),
);

describe('Campaigns', { timeout: 60_000 }, () => {
  it('lists the campaigns of the server with their channel, group, offer, send time, status and reach', async () => {
    campaignsApi();
    renderPage();
    const table = await loadedTable('Campaigns');
    expect(
      within(table).getByRole('row', { name: /Spring promo Push Atrium regulars SPRING10 10-03-2026 09:00 Sent 870/ }),
    ).toBeVisible();
    expect(within(table).getByRole('row', { name: /Weekend brunch .* Scheduled 0/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Menu launch Push Atrium regulars — — Draft 0/ })).toBeVisible();
  });

  it('shows 10 campaigns a page and asks the server for 10 at a time', async () => {
    const { record } = campaignsApi({ campaigns: many });
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Campaigns');
    expect(within(table).getAllByRole('row')).toHaveLength(11); // the header and 10 campaigns
    expect(callsTo(record, 'GET', 'campaigns')[0]!.query.get('page_size')).toBe('10');
    expect(screen.getByText('1–10 of 23')).toBeVisible();
    // One page size only: no choice offered.
    expect(screen.queryByRole('combobox', { name: /Rows per page/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(within(table).getByRole('row', { name: /Campaign 11/ })).toBeVisible());
    expect(callsTo(record, 'GET', 'campaigns').at(-1)!.query.get('page_size')).toBe('10');
    expect(callsTo(record, 'GET', 'campaigns').at(-1)!.query.get('page')).toBe('2');
  });

  it('filters by status on the server', async () => {
    const { record } = campaignsApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Campaigns');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Scheduled' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=scheduled'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Spring promo/ })).not.toBeInTheDocument());
    expect(callsTo(record, 'GET', 'campaigns').at(-1)!.query.get('status')).toBe('scheduled');
  });

  it('refuses an e-mail without a subject, then saves it as a draft', async () => {
    const { record } = campaignsApi();
    const user = setupUser();
    renderPage();
    await loadedTable('Campaigns');
    await user.click(screen.getByRole('button', { name: 'Add campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add campaign' });
    expect(within(dialog).getByRole('textbox', { name: /Control group/ })).toHaveValue('10');
    expect(
      within(dialog).getByText(
        'This share of the group gets no message; their orders are the baseline for the results',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('group', { name: 'Send at (leave empty to keep as a draft)' })).toBeVisible();

    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Easter mail');
    await user.click(within(dialog).getByRole('combobox', { name: /Channel/ }));
    await user.click(await screen.findByRole('option', { name: 'E-mail' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Customer group/ }));
    await user.click(await screen.findByRole('option', { name: 'Loyal lunchers (1250 members)' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Offer/ }));
    // Only active and draft code offers are offered.
    expect(screen.queryByRole('option', { name: 'OLD5' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'NEXT15' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Message/ }), 'Happy Easter');
    expect(within(dialog).getByText('12 / 1000')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('An e-mail needs a subject')).toBeVisible();
    expect(sent(record, 'POST', 'campaigns')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: /Subject/ }), 'An Easter treat');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'campaigns')).toHaveLength(1));
    expect(sent(record, 'POST', 'campaigns')[0]).toMatchObject({
      name: 'Easter mail',
      channel: 'email',
      group_id: 3,
      offer_id: 9,
      subject: 'An Easter treat',
      message: 'Happy Easter',
      send_at: null,
      control_pct: 10,
    });
  });

  it('refuses a control group above 50%', async () => {
    const { record } = campaignsApi();
    const user = setupUser();
    renderPage('/campaign?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add campaign' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Too careful');
    await user.click(within(dialog).getByRole('combobox', { name: /Customer group/ }));
    await user.click(await screen.findByRole('option', { name: 'Atrium regulars (1000 members)' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Message/ }), 'Hello');
    await fill(user, within(dialog).getByRole('textbox', { name: /Control group/ }), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 50%')).toBeVisible();
    expect(sent(record, 'POST', 'campaigns')).toHaveLength(0);
  });

  it('refuses an empty control group rather than saving the default', async () => {
    const { record } = campaignsApi();
    const user = setupUser();
    renderPage('/campaign?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add campaign' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'No control');
    await user.click(within(dialog).getByRole('combobox', { name: /Customer group/ }));
    await user.click(await screen.findByRole('option', { name: 'Atrium regulars (1000 members)' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Message/ }), 'Hello');
    await fill(user, within(dialog).getByRole('textbox', { name: /Control group/ }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a number')).toBeVisible();
    expect(sent(record, 'POST', 'campaigns')).toHaveLength(0);
  });

  it('edits only draft and scheduled campaigns; a sent one opens read only', async () => {
    campaignsApi();
    renderPage();
    const table = await loadedTable('Campaigns');
    expect(within(table).getByRole('button', { name: 'Edit Weekend brunch' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Edit Menu launch' })).toBeVisible();
    expect(within(table).queryByRole('button', { name: 'Edit Spring promo' })).not.toBeInTheDocument();
  });

  it('reschedules a scheduled campaign: its send time shows DD-MM-YYYY HH:mm and is sent with its offset', async () => {
    const { record } = campaignsApi();
    const user = setupUser();
    renderPage('/campaign?edit=2');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Weekend brunch' });
    const sendAt = within(dialog).getByRole('group', { name: 'Send at (leave empty to keep as a draft)' });
    expect(sendAt).toHaveTextContent('10-03-2026 09:00');
    await user.click(within(sendAt).getByRole('spinbutton', { name: 'Hours' }));
    await user.keyboard('11');
    await waitFor(() => expect(sendAt).toHaveTextContent('10-03-2026 11:00'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'campaigns/2')).toHaveLength(1));
    expect(sent(record, 'PUT', 'campaigns/2')[0]).toMatchObject({
      send_at: dayjs('2026-03-10T11:00:00').format(),
      version: 1,
    });
  });

  it('opens a sent campaign from its address read only', async () => {
    campaignsApi();
    renderPage('/campaign?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Spring promo (read only)' });
    expect(within(dialog).getByText('A campaign that is sent can no longer be changed.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('cancels a scheduled campaign only after Yes, naming its version', async () => {
    const { record } = campaignsApi();
    const user = setupUser();
    renderPage();
    const table = await loadedTable('Campaigns');
    expect(within(table).queryByRole('button', { name: 'Cancel Spring promo' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Cancel Weekend brunch' }));
    let ask = await screen.findByRole('dialog', { name: 'Cancel Weekend brunch?' });
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel Weekend brunch?' })).not.toBeInTheDocument(),
    );
    expect(callsTo(record, 'POST', 'campaigns/2/cancel')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Cancel Weekend brunch' }));
    ask = await screen.findByRole('dialog', { name: 'Cancel Weekend brunch?' });
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(sent(record, 'POST', 'campaigns/2/cancel')).toEqual([{ version: 1, sender: 'web', lang: 'en' }]),
    );
    expect(await screen.findByText('Campaign cancelled')).toBeVisible();
    await waitFor(() => expect(within(table).getByRole('row', { name: /Weekend brunch .* Cancelled/ })).toBeVisible());
    expect(within(table).queryByRole('button', { name: 'Cancel Weekend brunch' })).not.toBeInTheDocument();
  });

  it('shows the results of treatment and control side by side, with the uplift per member', async () => {
    campaignsApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Campaigns');
    await user.click(within(table).getByRole('button', { name: 'Results of Spring promo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=1'));
    const drawer = await screen.findByRole('dialog', { name: 'Results of Spring promo' });
    const arms = await within(drawer).findByRole('table', { name: 'Treatment and control' });
    const money = moneyFormatter();
    // A measure's row by its first cell.
    const row = (name: string) =>
      within(arms)
        .getAllByRole('row')
        .find((r) => (r as HTMLTableRowElement).cells[0]?.textContent === name)!;
    expect(within(arms).getByRole('row', { name: 'Measure Treatment Control' })).toBeVisible();
    expect(row('Members')).toHaveTextContent('Members900100');
    expect(row('Reached')).toHaveTextContent('Reached870—');
    expect(row('Redeemed the offer')).toHaveTextContent('Redeemed the offer1120');
    expect(row('Ordered')).toHaveTextContent('Ordered30025');
    expect(row('Revenue')).toHaveTextContent(`Revenue${money(45000)}${money(3500)}`);
    expect(row('Revenue per member')).toHaveTextContent(`Revenue per member${money(50)}${money(35)}`);
    const summary = within(drawer).getByLabelText('Reach and uplift');
    expect(summary).toHaveTextContent('Unreachable members30');
    expect(summary).toHaveTextContent(`Uplift per member+${money(15)}`);
    expect(within(drawer).getByLabelText('Campaign')).toHaveTextContent('GroupAtrium regulars');
  });
});
