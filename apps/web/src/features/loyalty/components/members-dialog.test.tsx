import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { LoyaltyPointsPage } from '../pages/programs-page';
import { ADMIN, loyaltyApi, marketer, queriesOf, sent } from '../testing/loyalty-api';

type User = typeof ADMIN | ReturnType<typeof marketer>;

const renderPoints = (route: string, signedInAs: User = ADMIN) =>
  renderScreen(<LoyaltyPointsPage />, { path: '/loyalty_points', route, signedInAs });

const MEMBERS_PATH = 'loyalty/programs/1/members';

/** The balance of the first member shown (the third cell of the first row of the body). */
const firstBalance = (table: HTMLElement) =>
  within(table).getAllByRole('row')[1]!.querySelectorAll('td')[2]?.textContent;

describe('Loyalty members', { timeout: 90_000 }, () => {
  it("pages a program's members on the server and sorts them by balance", async () => {
    const { record } = loyaltyApi();
    const user = setupUser();
    const { router } = renderPoints('/loyalty_points');
    const programs = await loadedTable('Points programs');
    await user.click(within(programs).getByRole('button', { name: 'Members of Coffee points' }));
    await waitFor(() => expect(router.state.location.search).toBe('?edit=1&dialog=members'));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Coffee points' });
    const table = await within(dialog).findByRole('table', { name: 'Members' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    expect(within(table).getByRole('row', { name: /C-1001 Customer 1 120 235/ })).toBeVisible();
    expect(within(dialog).getByText('1–25 of 60')).toBeVisible();
    expect(queriesOf(record, MEMBERS_PATH)[0]!.get('page_size')).toBe('25');

    await user.click(within(table).getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(firstBalance(table)).toBe('20'));
    let last = queriesOf(record, MEMBERS_PATH).at(-1)!;
    expect([last.get('sort'), last.get('order'), last.get('page')]).toEqual(['balance', 'asc', '1']);

    await user.click(within(table).getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(firstBalance(table)).toBe('600'));
    last = queriesOf(record, MEMBERS_PATH).at(-1)!;
    expect([last.get('sort'), last.get('order')]).toEqual(['balance', 'desc']);

    await user.click(within(dialog).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(dialog).getByText('26–50 of 60')).toBeVisible());
    last = queriesOf(record, MEMBERS_PATH).at(-1)!;
    expect([last.get('sort'), last.get('order'), last.get('page')]).toEqual(['balance', 'desc', '2']);

    await user.click(within(dialog).getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '200' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(61));
    last = queriesOf(record, MEMBERS_PATH).at(-1)!;
    expect([last.get('page_size'), last.get('page')]).toEqual(['200', '1']);
  });

  it("shows a member's balance and signed history; Adjust is hidden without loyalty_adjust", async () => {
    loyaltyApi();
    renderPoints('/loyalty_points?dialog=members&edit=1&member=C-1001', marketer());
    const member = await screen.findByRole('dialog', { name: 'C-1001 in Coffee points' });
    expect(await within(member).findByRole('heading', { name: 'Balance: 120' })).toBeVisible();
    expect(within(member).getByRole('status')).toHaveTextContent('Balance: 120');
    const history = within(member).getByRole('table', { name: 'History' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Adjusted\+10—.*Goodwilldemo\.admin/),
      expect.stringMatching(/Expired\u22125/),
      expect.stringMatching(/Earned\+175A-7003/),
      expect.stringMatching(/Redeemed\u2212100—Free coffee/),
      expect.stringMatching(/Reversed by refund\u221210A-7001/),
      expect.stringMatching(/Earned\+50A-7001/),
    ]);
    expect(within(member).queryByRole('button', { name: 'Adjust' })).not.toBeInTheDocument();
    expect(within(member).queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument();
  });

  it('adjusts a balance with loyalty_adjust: a reason is required, {points, reason} is posted, the balance reloads', async () => {
    const { record } = loyaltyApi();
    const user = setupUser();
    const { router } = renderPoints('/loyalty_points?dialog=members&edit=1', marketer(['loyalty_adjust']));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Coffee points' });
    const table = await within(dialog).findByRole('table', { name: 'Members' });
    await user.click(await within(table).findByRole('button', { name: 'Open C-1001' }));
    await waitFor(() => expect(router.state.location.search).toContain('member=C-1001'));
    const member = await screen.findByRole('dialog', { name: 'C-1001 in Coffee points' });
    expect(await within(member).findByRole('heading', { name: 'Balance: 120' })).toBeVisible();

    await fill(user, within(member).getByRole('textbox', { name: /Points/ }), '-30');
    await user.click(within(member).getByRole('button', { name: 'Adjust' }));
    expect(await within(member).findByText('Say why (at least 3 characters)')).toBeVisible();
    expect(sent(record, 'POST', `${MEMBERS_PATH}/C-1001/adjust`)).toHaveLength(0);

    await fill(user, within(member).getByRole('textbox', { name: /Reason/ }), 'Order cancelled at the counter');
    await user.click(within(member).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(sent(record, 'POST', `${MEMBERS_PATH}/C-1001/adjust`)).toHaveLength(1));
    expect(sent(record, 'POST', `${MEMBERS_PATH}/C-1001/adjust`)[0]).toEqual({
      points: -30,
      reason: 'Order cancelled at the counter',
      sender: expect.any(String),
      lang: expect.any(String),
    });
    expect(await within(member).findByRole('heading', { name: 'Balance: 90' })).toBeVisible();
    const history = within(member).getByRole('table', { name: 'History' });
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent(
      /Adjusted\u221230—.*Order cancelled at the counter/,
    );
    expect(await screen.findByText('Balance of C-1001 adjusted')).toBeVisible();
    // The form is emptied for the next adjustment.
    expect(within(member).getByRole('textbox', { name: /Reason/ })).toHaveValue('');

    // Closing the members closes the member with them, in one change of the address.
    await user.click(within(member).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?dialog=members&edit=1'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows Adjust to an admin', async () => {
    loyaltyApi();
    renderPoints('/loyalty_points?dialog=members&edit=1&member=C-1002', ADMIN);
    const member = await screen.findByRole('dialog', { name: 'C-1002 in Coffee points' });
    expect(await within(member).findByRole('button', { name: 'Adjust' })).toBeVisible();
  });
});
