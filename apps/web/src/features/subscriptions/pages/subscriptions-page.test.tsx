import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, DAILY_THALI, sent, SPICE_ROUTE, subscriptionsApi } from '../testing/subscriptions-api';
import { SubscriptionsPage } from './subscriptions-page';

const renderPage = (route = '/subscription') =>
  renderScreen(<SubscriptionsPage />, { path: '/subscription', route, signedInAs: ADMIN });

/** Types a date (DD-MM-YYYY digits) into a date field named `label`, section by section. */
async function typeDate(user: UserEvent, scope: HTMLElement, label: string, ddmmyyyy: string) {
  const group = within(scope).getByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(ddmmyyyy);
}

async function openMembers(user: UserEvent) {
  const table = await loadedTable('Subscription plans');
  await user.click(within(table).getByRole('button', { name: 'Members of Weekday lunch' }));
  const dialog = await screen.findByRole('dialog', { name: 'Members of Weekday lunch' });
  const members = within(dialog).getByRole('table', { name: 'Subscriptions' });
  await within(members).findByRole('row', { name: /C-1001/ });
  return { dialog, members };
}

describe('Subscriptions', { timeout: 60_000 }, () => {
  it('lists the plans with price per period, trial, days and the change deadline, filtered by restaurant', async () => {
    const { record } = subscriptionsApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Subscription plans');
    const lunch = within(table).getByRole('row', { name: /Weekday lunch/ });
    expect(lunch).toHaveTextContent('Spice Route');
    expect(lunch).toHaveTextContent('Lunch');
    expect(lunch).toHaveTextContent('Mon, Tue, Wed, Thu, Fri');
    expect(lunch).toHaveTextContent('12:30');
    expect(lunch).toHaveTextContent(/₹\s?2,400\.00 \/ month/);
    expect(lunch).toHaveTextContent('7 days');
    expect(lunch).toHaveTextContent('120 min before serving');
    expect(lunch).toHaveTextContent('Active');
    const thali = within(table).getByRole('row', { name: /Thali week/ });
    expect(thali).toHaveTextContent('Breakfast, Dinner');
    expect(thali).toHaveTextContent('Sun, Mon, Tue, Wed, Thu, Fri, Sat');
    expect(thali).toHaveTextContent(/650\.00 \/ week/);
    expect(thali).toHaveTextContent('None');
    expect(thali).toHaveTextContent('60 min before serving');
    expect(thali).toHaveTextContent('Draft');
    // A plan with members cannot be deleted; one without can.
    expect(within(lunch).getByRole('button', { name: /Delete Weekday lunch/ })).toBeDisabled();
    expect(within(thali).getByRole('button', { name: /Delete Thali week/ })).toBeEnabled();

    await user.click(screen.getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: 'Daily Thali (Tower B Canteen)' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?restaurant=${encodeURIComponent(DAILY_THALI)}`));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Weekday lunch/ })).not.toBeInTheDocument());
    expect(
      record
        .filter((c) => c.path === 'subscription_plans')
        .at(-1)!
        .query.get('restaurant'),
    ).toBe(DAILY_THALI);
  });

  it("refuses a plan without a session or with price 0 (core's messages), then adds it", async () => {
    const { record } = subscriptionsApi();
    const user = setupUser();
    renderPage();
    await loadedTable('Subscription plans');
    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add plan' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: 'Spice Route (Atrium Food Court)' }));
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Office dinner');
    expect(within(drawer).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(within(drawer).getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
    await fill(user, within(drawer).getByRole('textbox', { name: /Price/ }), '0');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByText('Choose at least one session')).toBeVisible();
    expect(within(drawer).getByText('Must be more than zero')).toBeVisible();
    expect(sent(record, 'POST', 'subscription_plans')).toHaveLength(0);

    await user.click(within(drawer).getByRole('checkbox', { name: 'Dinner' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Saturday' }));
    await fill(user, within(drawer).getByRole('textbox', { name: /Price/ }), '900');
    await user.click(within(drawer).getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Per week' }));
    await fill(user, within(drawer).getByRole('textbox', { name: 'Trial days' }), '3');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(record, 'POST', 'subscription_plans')).toHaveLength(1));
    expect(sent(record, 'POST', 'subscription_plans')[0]).toMatchObject({
      restaurant: SPICE_ROUTE,
      name: 'Office dinner',
      status: 'draft',
      sessions: ['Dinner'],
      days: [1, 2, 3, 4, 5, 6],
      serve_time: '12:30',
      period: 'week',
      price: 900,
      trial_days: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add plan' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a restaurant without subscriptions under Restaurant", async () => {
    subscriptionsApi({ notEnabled: { [SPICE_ROUTE]: 'Spice Route' } });
    const user = setupUser();
    renderPage('/subscription?action=new');
    const drawer = await screen.findByRole('dialog', { name: 'Add plan' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: 'Spice Route (Atrium Food Court)' }));
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Lunch box');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Lunch' }));
    await fill(user, within(drawer).getByRole('textbox', { name: /Price/ }), '1500');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    const restaurant = within(drawer).getByRole('combobox', { name: 'Restaurant' });
    await waitFor(() => expect(restaurant).toHaveAccessibleDescription(/^Spice Route does not offer subscriptions/));
    expect(screen.getByRole('dialog', { name: 'Add plan' })).toBeVisible();
  });

  it('lists the members with their statuses and offers Resume only to a paused one', async () => {
    subscriptionsApi();
    const user = setupUser();
    const { router } = renderPage();
    const { members } = await openMembers(user);
    expect(router.state.location.search).toBe('?edit=1&dialog=members');

    const active = within(members).getByRole('row', { name: /C-1001/ });
    expect(active).toHaveTextContent('Asha Rao');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('02-11-2026');
    expect(active).toHaveTextContent('changes for the next meal until 27-11-2026 10:30');
    expect(active).toHaveTextContent('18');
    expect(within(members).getByRole('row', { name: /C-1002/ })).toHaveTextContent('Trial');
    const paused = within(members).getByRole('row', { name: /C-1003/ });
    expect(paused).toHaveTextContent('Paused');
    expect(paused).toHaveTextContent('23-11-2026 – 06-12-2026');
    const cancelled = within(members).getByRole('row', { name: /C-1004/ });
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(cancelled).toHaveTextContent('16-11-2026');

    for (const ref of ['C-1001', 'C-1002']) {
      const row = within(members).getByRole('row', { name: new RegExp(ref) });
      expect(within(row).getByRole('button', { name: `Pause ${ref}` })).toBeVisible();
      expect(within(row).getByRole('button', { name: `Cancel ${ref}` })).toBeVisible();
      expect(within(row).queryByRole('button', { name: `Resume ${ref}` })).not.toBeInTheDocument();
    }
    expect(within(paused).getByRole('button', { name: 'Resume C-1003' })).toBeVisible();
    expect(within(paused).queryByRole('button', { name: 'Pause C-1003' })).not.toBeInTheDocument();
    expect(within(cancelled).queryAllByRole('button')).toHaveLength(0);
  });

  it('filters the members by status and searches them', async () => {
    const { record } = subscriptionsApi();
    const user = setupUser();
    const { dialog, members } = await (async () => {
      renderPage('/subscription?dialog=members&edit=1');
      const found = await screen.findByRole('dialog', { name: 'Members of Weekday lunch' });
      const table = within(found).getByRole('table', { name: 'Subscriptions' });
      await within(table).findByRole('row', { name: /C-1001/ });
      return { dialog: found, members: table };
    })();
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paused' }));
    await waitFor(() => expect(within(members).queryByRole('row', { name: /C-1001/ })).not.toBeInTheDocument());
    expect(within(members).getByRole('row', { name: /C-1003/ })).toBeVisible();
    const members1 = record.filter((c) => c.path === 'subscription_plans/1/members');
    expect(members1.at(-1)!.query.get('status')).toBe('paused');

    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search by customer' }), 'asha');
    await waitFor(() =>
      expect(
        record
          .filter((c) => c.path === 'subscription_plans/1/members')
          .at(-1)!
          .query.get('search'),
      ).toBe('asha'),
    );
    await waitFor(() => expect(within(members).queryByRole('row', { name: /C-1003/ })).not.toBeInTheDocument());
    expect(within(members).getByRole('row', { name: /C-1001/ })).toBeVisible();
  });

  it('pauses a subscription from a day until a day, with the version shown', async () => {
    const { record } = subscriptionsApi();
    const user = setupUser();
    renderPage();
    const { members } = await openMembers(user);
    await user.click(within(members).getByRole('button', { name: 'Pause C-1001' }));
    const pause = await screen.findByRole('dialog', { name: 'Pause C-1001' });
    expect(pause).toHaveTextContent('Changes for the next meal until 27-11-2026 10:30');
    await typeDate(user, pause, 'From', '01122026');
    await typeDate(user, pause, 'Until (optional)', '14122026');
    await user.click(within(pause).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(record, 'POST', 'subscriptions/11/change')).toHaveLength(1));
    expect(sent(record, 'POST', 'subscriptions/11/change')[0]).toMatchObject({
      action: 'pause',
      from: '2026-12-01',
      until: '2026-12-14',
      version: 4,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pause C-1001' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(members).getByRole('row', { name: /C-1001/ })).toHaveTextContent('Paused'));
    expect(within(members).getByRole('row', { name: /C-1001/ })).toHaveTextContent('01-12-2026 – 14-12-2026');
    expect(within(members).getByRole('button', { name: 'Resume C-1001' })).toBeVisible();
  });

  it("shows the server's deadline refusal in the dialog and keeps it open", async () => {
    const { record } = subscriptionsApi({ changesOpenFrom: '2026-11-28' });
    const user = setupUser();
    renderPage();
    const { members } = await openMembers(user);
    await user.click(within(members).getByRole('button', { name: 'Resume C-1003' }));
    const resume = await screen.findByRole('dialog', { name: 'Resume C-1003' });
    expect(within(resume).queryByRole('group', { name: 'Until (optional)' })).not.toBeInTheDocument();
    await typeDate(user, resume, 'From', '27112026');
    await user.click(within(resume).getByRole('button', { name: 'Save' }));

    const alert = await within(resume).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Changes to the meal of 27-11-2026 closed at 27-11-2026 10:30 (120 minutes before it is served)',
    );
    expect(sent(record, 'POST', 'subscriptions/13/change')).toHaveLength(1);
    expect(sent(record, 'POST', 'subscriptions/13/change')[0]).toMatchObject({
      action: 'resume',
      from: '2026-11-27',
      until: null,
      version: 3,
    });
    expect(screen.getByRole('dialog', { name: 'Resume C-1003' })).toBeVisible();
    expect(within(resume).getByRole('group', { name: 'From' })).toBeVisible();
  });

  it('on a version conflict says so, and Reload takes the saved version for the next Save', async () => {
    const { record } = subscriptionsApi({ changedElsewhere: [11] });
    const user = setupUser();
    renderPage();
    const { members } = await openMembers(user);
    await user.click(within(members).getByRole('button', { name: 'Cancel C-1001' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel C-1001' });
    await typeDate(user, cancel, 'From', '01122026');
    await user.click(within(cancel).getByRole('button', { name: 'Save' }));
    expect(await within(cancel).findByText('Saved by someone else')).toBeVisible();
    expect(within(cancel).getByText('Subscription of C-1001 was changed by other.admin')).toBeVisible();

    await user.click(within(cancel).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(cancel).queryByText('Saved by someone else')).not.toBeInTheDocument());
    await user.click(within(cancel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel C-1001' })).not.toBeInTheDocument());
    const posted = sent(record, 'POST', 'subscriptions/11/change');
    expect(posted.map((b) => [b.action, b.from, b.version])).toEqual([
      ['cancel', '2026-12-01', 4],
      ['cancel', '2026-12-01', 5],
    ]);
    await waitFor(() => expect(within(members).getByRole('row', { name: /C-1001/ })).toHaveTextContent('Cancelled'));
  });

  it("refuses a pause that ends before it starts with core's message, without asking the server", async () => {
    const { record } = subscriptionsApi();
    const user = setupUser();
    renderPage();
    const { members } = await openMembers(user);
    await user.click(within(members).getByRole('button', { name: 'Pause C-1002' }));
    const pause = await screen.findByRole('dialog', { name: 'Pause C-1002' });
    await typeDate(user, pause, 'From', '10122026');
    await typeDate(user, pause, 'Until (optional)', '05122026');
    await user.click(within(pause).getByRole('button', { name: 'Save' }));
    expect(await within(pause).findByText('End date cannot be before start date')).toBeVisible();
    expect(sent(record, 'POST', 'subscriptions/12/change')).toHaveLength(0);
  });

  it('enrols a customer from the members dialog', async () => {
    const { record } = subscriptionsApi();
    const user = setupUser();
    renderPage();
    const { dialog, members } = await openMembers(user);
    const enrol = within(dialog).getByRole('form', { name: 'Enrol a customer' });
    await user.click(within(enrol).getByRole('button', { name: 'Enrol customer' }));
    expect(await within(enrol).findByText('Enter the customer reference')).toBeVisible();

    await fill(user, within(enrol).getByRole('textbox', { name: 'Customer reference' }), 'C-2001');
    await typeDate(user, enrol, 'Start date', '01122026');
    await user.click(within(enrol).getByRole('button', { name: 'Enrol customer' }));
    await waitFor(() => expect(sent(record, 'POST', 'subscriptions')).toHaveLength(1));
    expect(sent(record, 'POST', 'subscriptions')[0]).toMatchObject({
      plan_id: 1,
      customer_ref: 'C-2001',
      start_date: '2026-12-01',
    });
    expect(await within(members).findByRole('row', { name: /C-2001/ })).toHaveTextContent('Trial');
    expect(within(enrol).getByRole('textbox', { name: 'Customer reference' })).toHaveValue('');
  });
});
