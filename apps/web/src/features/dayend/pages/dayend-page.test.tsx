import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, DATE, dayendApi, openDay, RESTAURANT } from '../testing/dayend-api';
import { DayendPage } from './dayend-page';

const ROUTE = `/dayend?restaurant=${encodeURIComponent(RESTAURANT)}&date=${DATE}`;
const renderPage = (route = ROUTE) => renderScreen(<DayendPage />, { path: '/dayend', route, signedInAs: ADMIN });
const posts = (record: ReturnType<typeof dayendApi>['record'], path: string) =>
  record.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body as Record<string, unknown>);
const dayRegion = () => screen.getByRole('region', { name: 'The day' });
const closeButton = () => screen.getByRole('button', { name: 'Close day' });
const confirm = async (user: ReturnType<typeof setupUser>, name: string | RegExp) => {
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name }));
};

describe('Day end', { timeout: 60_000 }, () => {
  it('refuses to close while orders block the day, and resolves chosen orders together after asking', async () => {
    const { record } = dayendApi();
    const user = setupUser();
    renderPage();
    const blockers = await screen.findByRole('table', { name: 'Orders blocking the close' });
    expect(within(blockers).getByRole('row', { name: /RVK-0041 Still open/ })).toBeVisible();
    expect(within(blockers).getByRole('row', { name: /RVK-0042 Not fully paid .*£20\.00 £15\.00/ })).toBeVisible();
    expect(closeButton()).toBeDisabled();
    expect(screen.getByText(/Close day is off while 2 orders block the day/)).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Choose every order' }));
    await user.click(screen.getByRole('button', { name: 'Carry 2 orders to the next day' }));
    expect(await screen.findByText('Carry 2 orders to the next business day?')).toBeVisible();
    expect(posts(record, 'dayend/resolve')).toEqual([]);
    await confirm(user, 'Carry 2 orders to the next day');

    await waitFor(() => expect(posts(record, 'dayend/resolve')).toHaveLength(1));
    expect(posts(record, 'dayend/resolve')[0]).toMatchObject({
      restaurant: RESTAURANT,
      business_date: DATE,
      order_ids: [41, 42],
      action: 'carry',
    });
    expect(await screen.findByText(/Nothing blocks closing/)).toBeVisible();
    expect(closeButton()).toBeEnabled();
  });

  it('shows the orders the server names when it refuses a close for blockers', async () => {
    const blockers = openDay().blockers;
    dayendApi({
      day: openDay({ blockers: [] }),
      reply: {
        close: () => ({
          status: 409,
          body: { result: 'failure', message: 'Orders block', extras: { code: 'dayHasBlockers', blockers } },
        }),
      },
    });
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Close day' }));
    await confirm(user, 'Close day');
    expect(await screen.findByText(/still block it: RVK-0041, RVK-0042/)).toBeVisible();
  });

  it('says so when someone else closed the day first, and reads the day again', async () => {
    const { record } = dayendApi({
      day: openDay({ blockers: [] }),
      reply: {
        close: () => ({
          status: 409,
          body: { result: 'failure', message: 'Closed already', extras: { code: 'dayClosed' } },
        }),
      },
    });
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Close day' }));
    await confirm(user, 'Close day');
    expect(await screen.findByText(/Someone else closed this day first/)).toBeVisible();
    await waitFor(() => expect(record.filter((c) => c.method === 'GET' && c.path === 'dayend')).toHaveLength(2));
  });

  it('shows the difference as the count is typed and asks for a note when it is not zero', async () => {
    const { record } = dayendApi({ day: openDay({ blockers: [] }) });
    const user = setupUser();
    renderPage();
    const count = await screen.findByRole('table', { name: 'Counted amounts' });
    const cash = within(count).getByRole('row', { name: /^Cash/ });
    expect(cash).toHaveTextContent('£120.50');

    await fill(user, within(cash).getByLabelText('Counted Cash'), '100');
    expect(cash).toHaveTextContent('£20.50 short');
    await fill(user, within(cash).getByLabelText('Counted Cash'), '121');
    expect(cash).toHaveTextContent('£0.50 over');

    await user.click(closeButton());
    expect(await screen.findByText('Say why the count differs from what was expected')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(record, 'dayend/close')).toEqual([]);

    await fill(user, screen.getByRole('textbox', { name: 'Note' }), 'Tip left in the drawer');
    await user.click(closeButton());
    await confirm(user, 'Close day');
    await waitFor(() => expect(posts(record, 'dayend/close')).toHaveLength(1));
    expect(posts(record, 'dayend/close')[0]).toMatchObject({
      restaurant: RESTAURANT,
      business_date: DATE,
      version: 0,
      counted: [{ tender: 'cash', amount: 121 }],
      note: 'Tip left in the drawer',
    });
    expect(await screen.findByRole('table', { name: 'Counted at close' })).toHaveTextContent(
      /Cash£120\.50£121\.00£0\.50 over/,
    );
    expect(within(dayRegion()).getByText('Closed')).toBeVisible();
  });

  it("sends every tender's count and the reopened day's version; a matching count needs no note", async () => {
    const { record } = dayendApi({ day: openDay({ blockers: [], state: 'reopened', version: 2 }) });
    const user = setupUser();
    renderPage();
    const count = await screen.findByRole('table', { name: 'Counted amounts' });
    await fill(user, within(count).getByLabelText('Counted Cash'), '120.5');
    await fill(user, within(count).getByLabelText('Counted Card'), '300');
    expect(within(count).getAllByText('None')).toHaveLength(2);
    await user.click(closeButton());
    await confirm(user, 'Close day');
    await waitFor(() => expect(posts(record, 'dayend/close')).toHaveLength(1));
    expect(posts(record, 'dayend/close')[0]).toMatchObject({
      version: 2,
      counted: [
        { tender: 'cash', amount: 120.5 },
        { tender: 'card', amount: 300 },
      ],
      note: '',
    });
  });

  it('offers Reopen only when the day says it can be reopened, and asks for a reason', async () => {
    const closed = {
      blockers: [],
      state: 'closed' as const,
      version: 1,
      closed_at: '2026-03-03T01:00:00Z',
      closed_by: 'demo.admin',
    };
    dayendApi({ day: openDay({ ...closed, can_reopen: false }) });
    const first = renderPage();
    expect(await screen.findByText(/Closed by demo\.admin/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close day' })).not.toBeInTheDocument();
    first.unmount();

    const { record } = dayendApi({ day: openDay({ ...closed, can_reopen: true }) });
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: /Reopen 02-03-2026 of Noodle House/ });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen the day' }));
    expect(within(dialog).getByText('Say why the day is reopened')).toBeVisible();
    expect(posts(record, 'dayend/reopen')).toEqual([]);
    await fill(user, within(dialog).getByRole('textbox', { name: /Reason/ }), 'Late refund');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen the day' }));
    await waitFor(() => expect(posts(record, 'dayend/reopen')).toHaveLength(1));
    expect(posts(record, 'dayend/reopen')[0]).toMatchObject({ version: 1, reason: 'Late refund', business_date: DATE });
    await waitFor(() => expect(dayRegion()).toHaveTextContent('Reopened'));
    expect(await screen.findByRole('button', { name: 'Close day' })).toBeEnabled();
  });

  it('lists recent days with their state and opens one; the day-end log is a tab', async () => {
    dayendApi();
    const user = setupUser();
    const { router } = renderPage();
    const days = await screen.findByRole('table', { name: 'Recent days' });
    expect(within(days).getByRole('row', { name: /01-03-2026 Closed 30/ })).toBeVisible();
    await user.click(within(days).getByRole('button', { name: '01-03-2026' }));
    await waitFor(() => expect(router.state.location.search).toContain('date=2026-03-01'));
    await user.click(screen.getByRole('tab', { name: 'Day-end log' }));
    expect(await screen.findByRole('table', { name: 'Day-end log' })).toHaveTextContent('Cash counted as expected');
  });
});
