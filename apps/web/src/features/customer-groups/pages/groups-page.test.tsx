import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, aRuleGroup, callsTo, groupsApi, sent } from '../testing/groups-api';
import { GroupsPage } from './groups-page';

const renderPage = (route = '/groups') => renderScreen(<GroupsPage />, { path: '/groups', route, signedInAs: ADMIN });

describe('Customer groups', { timeout: 60_000 }, () => {
  it('lists the groups of the server with their kind and member count, and filters by kind on the server', async () => {
    const { record } = groupsApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Customer groups');
    expect(within(table).getByRole('row', { name: /Loyal lunchers Static list 1,250 — / })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Atrium regulars Rule 340 06-03-2026/ })).toBeVisible();
    expect(callsTo(record, 'GET', 'groups')[0]!.query.get('page_size')).toBe('25');

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Rule' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=rule'));
    await waitFor(() =>
      expect(callsTo(record, 'GET', 'groups').some((c) => c.query.get('kind') === 'rule')).toBe(true),
    );
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Loyal lunchers/ })).not.toBeInTheDocument());
  });

  it('counts the customers a rule finds as it is edited, then saves the rule group', async () => {
    const { record } = groupsApi();
    const user = setupUser();
    renderPage('/groups?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add group' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Big spenders');
    await user.click(within(dialog).getByRole('radio', { name: 'Rule' }));

    const count = within(dialog).getByRole('status', { name: 'Customers matching the rule' });
    await waitFor(() => expect(count).toHaveTextContent('300 customers match'));
    expect(sent(record, 'POST', 'groups/count')[0]).toMatchObject({ rule: { days: 30, min_orders: 1, min_spend: 0 } });

    await fill(user, within(dialog).getByRole('textbox', { name: /Ordered in the last \(days\)/ }), '90');
    await waitFor(() => expect(count).toHaveTextContent('900 customers match'));
    expect(sent(record, 'POST', 'groups/count').at(-1)).toMatchObject({ rule: { days: 90 } });
    // One count for the settled rule, not one per keystroke.
    expect(sent(record, 'POST', 'groups/count')).toHaveLength(2);

    await fill(user, within(dialog).getByRole('textbox', { name: /Ordered in the last \(days\)/ }), '731');
    expect(await within(dialog).findByText('Complete the rule to count its customers.')).toBeVisible();

    await fill(user, within(dialog).getByRole('textbox', { name: /Ordered in the last \(days\)/ }), '60');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Kiosk' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'groups')).toHaveLength(1));
    expect(sent(record, 'POST', 'groups')[0]).toMatchObject({
      name: 'Big spenders',
      kind: 'rule',
      rule: { days: 60, min_orders: 1, min_spend: 0, channels: ['kiosk'], foodcourts: [], restaurants: [] },
    });
  });

  it('refuses a rule whose period is past the limit, with the core message', async () => {
    const { record } = groupsApi();
    const user = setupUser();
    renderPage('/groups?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add group' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Too long ago');
    await user.click(within(dialog).getByRole('radio', { name: 'Rule' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Ordered in the last \(days\)/ }), '800');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 730 days')).toBeVisible();
    expect(sent(record, 'POST', 'groups')).toHaveLength(0);
  });

  it('refuses an empty period rather than counting or saving the default 30 days', async () => {
    const { record } = groupsApi();
    const user = setupUser();
    renderPage('/groups?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add group' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'No period');
    await user.click(within(dialog).getByRole('radio', { name: 'Rule' }));
    const count = within(dialog).getByRole('status', { name: 'Customers matching the rule' });
    await waitFor(() => expect(count).toHaveTextContent('300 customers match'));
    const counted = sent(record, 'POST', 'groups/count').length;

    const days = within(dialog).getByRole('textbox', { name: /Ordered in the last \(days\)/ });
    await fill(user, days, '');
    expect(days).toHaveValue('');
    expect(await within(dialog).findByText('Complete the rule to count its customers.')).toBeVisible();
    await fill(user, within(dialog).getByRole('textbox', { name: /At least \(orders\)/ }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a number')).toBeVisible();
    // A range message stays the schema's own.
    expect(within(dialog).getByText('Too small: expected number to be >=1')).toBeVisible();
    expect(sent(record, 'POST', 'groups')).toHaveLength(0);
    expect(sent(record, 'POST', 'groups/count')).toHaveLength(counted);
  });

  it('locks the kind when editing, and saves a static group without a rule', async () => {
    const { record } = groupsApi();
    const user = setupUser();
    renderPage('/groups?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Loyal lunchers' });
    expect(within(dialog).getByRole('radio', { name: 'Static list' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Static list' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Rule' })).toBeDisabled();
    expect(within(dialog).getByText('The kind cannot change once the group is saved.')).toBeVisible();
    expect(within(dialog).queryByRole('status', { name: 'Customers matching the rule' })).not.toBeInTheDocument();

    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Loyal lunch club');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'groups/1')).toHaveLength(1));
    expect(sent(record, 'PUT', 'groups/1')[0]).toMatchObject({
      name: 'Loyal lunch club',
      kind: 'static',
      rule: null,
      version: 2,
    });
  });

  it("shows a rule group's saved rule and its count when editing", async () => {
    groupsApi({ groups: [aRuleGroup()] });
    renderPage('/groups?edit=2');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Atrium regulars' });
    expect(within(dialog).getByRole('textbox', { name: /At least \(orders\)/ })).toHaveValue('2');
    expect(within(dialog).getByRole('checkbox', { name: 'App' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Food courts' })).toHaveTextContent('Atrium Food Court');
    await waitFor(() =>
      expect(within(dialog).getByRole('status', { name: 'Customers matching the rule' })).toHaveTextContent(
        '300 customers match',
      ),
    );
  });

  it("imports a static group's members from a file and lists the rows refused", async () => {
    const { record } = groupsApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Customer groups');
    expect(
      within(table).queryByRole('button', { name: 'Import members into Atrium regulars' }),
    ).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Import members into Loyal lunchers' }));
    await waitFor(() => expect(router.state.location.search).toBe('?edit=1&dialog=import'));
    const dialog = await screen.findByRole('dialog', { name: 'Import members into Loyal lunchers' });
    expect(dialog).toHaveTextContent('customer_ref, name, email, phone, marketing_opt_in');

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose a .xlsx or .csv file')).toBeVisible();

    const file = new File(['customer_ref,name\nC-1,Asha'], 'members.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Import file'), file);
    expect(within(dialog).getByText('members.csv')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Replace the members' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const errors = await within(dialog).findByRole('list', { name: 'Rows not imported' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Row 4: customer_ref is empty', 'Row 6: email is not an e-mail address']);
    const facts = within(dialog).getByLabelText('Import finished');
    expect(facts).toHaveTextContent('Added3');
    expect(facts).toHaveTextContent('Removed0');
    expect(facts).toHaveTextContent('Members now1,253');

    const form = callsTo(record, 'POST', 'groups/1/import')[0]!.body as FormData;
    expect(form.get('mode')).toBe('replace');
    expect((form.get('file') as File).name).toBe('members.csv');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /Loyal lunchers Static list 1,253/ })).toBeVisible(),
    );
  });

  it('refreshes a rule group, says its new count and reloads the list', async () => {
    const { record } = groupsApi();
    const user = setupUser();
    renderPage();
    const table = await loadedTable('Customer groups');
    expect(within(table).queryByRole('button', { name: 'Refresh Loyal lunchers' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Refresh Atrium regulars' }));
    expect(await screen.findByText('Atrium regulars now has 412 members')).toBeVisible();
    expect(callsTo(record, 'POST', 'groups/2/refresh')).toHaveLength(1);
    await waitFor(() => expect(within(table).getByRole('row', { name: /Atrium regulars Rule 412/ })).toBeVisible());
  });

  it("lists a group's members from its address, searched on the server", async () => {
    const { record } = groupsApi();
    const user = setupUser();
    renderPage('/groups?edit=1&dialog=members');
    const dialog = await screen.findByRole('dialog', { name: 'Members of Loyal lunchers' });
    const members = within(dialog).getByRole('table', { name: 'Members' });
    expect(
      await within(members).findByRole('row', { name: 'C-1001 Asha Rao asha@example.com +91 98450 00001 Yes' }),
    ).toBeVisible();
    expect(within(members).getByRole('row', { name: /C-1002 Ben Okafor — .* No/ })).toBeVisible();

    await fill(user, within(dialog).getByRole('searchbox', { name: 'Search members' }), 'ben');
    await waitFor(() =>
      expect(callsTo(record, 'GET', 'groups/1/members').some((c) => c.query.get('search') === 'ben')).toBe(true),
    );
    await waitFor(() => expect(within(members).queryByRole('row', { name: /Asha Rao/ })).not.toBeInTheDocument());
  });

  it("says why a group a campaign uses cannot be deleted, in the server's words", async () => {
    groupsApi({ inUse: [1] });
    const user = setupUser();
    renderPage();
    const table = await loadedTable('Customer groups');
    await user.click(within(table).getByRole('button', { name: 'Delete Loyal lunchers' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete Loyal lunchers?' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByText('Campaign "Spring promo" uses this group; cancel or delete it first.');
    expect(alert).toBeVisible();
    expect(screen.getByText('The group is in use')).toBeVisible();
  });
});
