import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { formatTime } from '../format';
import { ADMIN, LATER, aRun, aScheduled, callsTo, notificationsApi, sent } from '../testing/notifications-api';
import { NotificationsPage } from './notifications-page';

const region = vi.hoisted(() => ({
  flags: { hideNotificationSelectAll: false, notificationRestriction: false, notificationRecurrence: false },
}));
vi.mock('../../../lib/region', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/region')>();
  const base = actual.pickRegion('localhost');
  return { ...actual, currentRegion: () => ({ ...base, flags: { ...base.flags, ...region.flags } }) };
});

const renderPage = (route = '/notifications') =>
  renderScreen(<NotificationsPage />, { path: '/notifications', route, signedInAs: ADMIN });

describe('Notifications', { timeout: 60_000 }, () => {
  beforeEach(() => {
    region.flags = { hideNotificationSelectAll: false, notificationRestriction: false, notificationRecurrence: false };
  });

  it("says which region's rules apply on an address without a region, and what they take away (issue 35)", async () => {
    region.flags = { hideNotificationSelectAll: false, notificationRestriction: true, notificationRecurrence: false };
    notificationsApi();
    renderPage();
    await loadedTable('Notifications');
    expect(screen.getByRole('note')).toHaveTextContent(
      "India's rules apply: this address (localhost) has no region set. Notifications cannot repeat. They cannot go to everyone; choose sites or customer groups.",
    );
  });

  it('lists the notifications with channels, audience, status, next send and the last run', async () => {
    notificationsApi();
    renderPage();
    const table = await loadedTable('Notifications');
    expect(
      within(table).getByRole('row', { name: /Lunch is served Push, In-app Atrium Food Court Sent — 870 \/ 1,000/ }),
    ).toBeVisible();
    expect(within(table).getByRole('progressbar', { name: /Progress of the run/ })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(
      within(table).getByRole('row', {
        name: new RegExp(`Weekend brunch E-mail Loyal lunchers Scheduled ${formatTime(LATER)}`),
      }),
    ).toBeVisible();
    expect(within(table).getByRole('row', { name: /Menu launch Push, In-app Everyone Draft/ })).toBeVisible();
  });

  it('refuses a notification without title, message or sites with the contract messages', async () => {
    const { record } = notificationsApi();
    const user = setupUser();
    renderPage('/notifications?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add notification' });
    await user.click(within(dialog).getByRole('radio', { name: 'Sites' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText('Enter the title')).toBeVisible();
    expect(within(dialog).getByText('Enter the message')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one site')).toBeVisible();
    expect(callsTo(record, 'POST', 'notifications')).toHaveLength(0);
  });

  it('saves a draft to everyone with the body the API expects, and says how many it reaches', async () => {
    const { record } = notificationsApi();
    const user = setupUser();
    renderPage('/notifications?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add notification' });
    expect(await within(dialog).findByText('Reaches about 12,345 customers')).toBeVisible();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Diwali sweets');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Message/ }), 'Free laddoo with every thali');
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMS' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Link/ }), 'https://example.com/diwali');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent(record, 'POST', 'notifications')).toHaveLength(1));
    expect(sent(record, 'POST', 'notifications')[0]).toMatchObject({
      title: 'Diwali sweets',
      body: 'Free laddoo with every thali',
      channels: ['push', 'in_app', 'sms'],
      audience: 'everyone',
      foodcourts: [],
      groups: [],
      image: null,
      link: 'https://example.com/diwali',
      send_at: null,
      recurrence: null,
      status: 'draft',
    });
    expect(sent(record, 'POST', 'notifications/audience')[0]).toMatchObject({ audience: 'everyone' });
  });

  it('Send now waits 2.5 s before another click counts', async () => {
    notificationsApi();
    const user = setupUser();
    renderPage('/notifications?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add notification' });
    const send = within(dialog).getByRole('button', { name: 'Send now' });
    await user.click(send);
    expect(await within(dialog).findByText('Enter the title')).toBeVisible();
    expect(send).toBeDisabled();
    await waitFor(() => expect(send).toBeEnabled(), { timeout: 4000 });
  });

  it('in a restricted region hides Everyone, says the hours and refuses a send outside them', async () => {
    region.flags.notificationRestriction = true;
    const { record } = notificationsApi({
      notifications: [aScheduled({ send_at: dayjs(LATER).hour(8).format(), next_run_at: null })],
    });
    const user = setupUser();
    renderPage('/notifications?edit=2');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Weekend brunch' });
    expect(within(dialog).getByText(/sent only between 10:00 and 21:00/)).toBeVisible();
    expect(within(dialog).queryByRole('radio', { name: 'Everyone' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Notifications can be sent only between 10:00 and 21:00')).toBeVisible();
    expect(callsTo(record, 'PUT', 'notifications/2')).toHaveLength(0);
  });

  it('repeats weekly where the region allows, showing the next 3 sends', async () => {
    region.flags.notificationRecurrence = true;
    const { record } = notificationsApi();
    const user = setupUser();
    renderPage('/notifications?edit=2');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Weekend brunch' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Repeat' }));
    const next = within(dialog).getByRole('list', { name: 'Next sends' });
    const week = (n: number) => formatTime(dayjs(LATER).add(n, 'week').toDate());
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([week(0), week(1), week(2)]);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(sent(record, 'PUT', 'notifications/2')).toHaveLength(1));
    expect(sent(record, 'PUT', 'notifications/2')[0]).toMatchObject({
      status: 'scheduled',
      send_at: LATER,
      recurrence: { freq: 'weekly', interval: 1, weekdays: [], until: null },
      audience: 'groups',
      groups: [3],
      version: 1,
    });
  });

  it('opens a sent notification read only, still offering a test send', async () => {
    notificationsApi();
    renderPage('/notifications?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Lunch is served (read only)' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'SMS' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel sending' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send test to me' })).toBeEnabled();
  });

  it('shows a conflict when someone saved first, keeping the edits', async () => {
    const { record } = notificationsApi();
    const user = setupUser();
    renderPage('/notifications?edit=2');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Weekend brunch' });
    // Someone else saves it meanwhile.
    await fetch('/v2/bck/notifications/2', { method: 'PUT', body: JSON.stringify({ version: 1, title: 'Brunch!' }) });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Weekend brunch (mine)');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText(/Changed by other.admin/)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Weekend brunch (mine)');
    expect(callsTo(record, 'PUT', 'notifications/2')).toHaveLength(2);
  });

  it('shows the runs with their progress, sends a test once per 2.5 s and cancels sending naming the version', async () => {
    const { record } = notificationsApi({
      runs: [aRun({ id: 5, finished_at: null, progress: 40, sent: 400, failed: 0, targeted: 1000 })],
    });
    const user = setupUser();
    renderPage('/notifications?edit=2');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Weekend brunch' });
    const runs = await within(dialog).findByRole('table', { name: 'Runs' });
    expect(within(runs).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(runs).getByRole('row', { name: /Send .*40% 400 0 1,000/ })).toBeVisible();
    // An unfinished run is asked for again.
    await waitFor(() => expect(callsTo(record, 'GET', 'notifications/2/runs').length).toBeGreaterThan(1), {
      timeout: 4000,
    });

    const test = within(dialog).getByRole('button', { name: 'Send test to me' });
    await user.click(test);
    expect(test).toBeDisabled();
    await user.click(test);
    expect(await screen.findByText('Test sent to demo.admin')).toBeVisible();
    expect(callsTo(record, 'POST', 'notifications/2/test')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel sending' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel sending Weekend brunch?' });
    await user.click(within(ask).getByRole('button', { name: 'Yes, cancel sending' }));
    await waitFor(() => expect(sent(record, 'POST', 'notifications/2/cancel')).toHaveLength(1));
    expect(sent(record, 'POST', 'notifications/2/cancel')[0]).toMatchObject({ version: 1 });
    expect(await screen.findByText('Sending cancelled')).toBeVisible();
  });
});
