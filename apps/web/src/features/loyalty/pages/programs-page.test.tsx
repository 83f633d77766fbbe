import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, PROGRAMS, aProgram, loyaltyApi, queriesOf, sent } from '../testing/loyalty-api';
import { replaceText } from '../testing/replace-text';
import { LoyaltyPointsPage, LoyaltyStampsPage } from './programs-page';

const renderPoints = (route = '/loyalty_points') =>
  renderScreen(<LoyaltyPointsPage />, { path: '/loyalty_points', route, signedInAs: ADMIN });
const renderStamps = (route = '/loyalty-stamps') =>
  renderScreen(<LoyaltyStampsPage />, { path: '/loyalty-stamps', route, signedInAs: ADMIN });

describe('Loyalty programs', { timeout: 90_000 }, () => {
  it('lists the points programs (kind=points) with how they earn in words, expiry and what members hold', async () => {
    const { record } = loyaltyApi();
    const user = setupUser();
    const { router } = renderPoints();
    const table = await loadedTable('Points programs');
    expect(queriesOf(record, 'loyalty/programs').every((q) => q.get('kind') === 'points')).toBe(true);
    const coffee = within(table).getByRole('row', { name: /Coffee points/ });
    expect(coffee).toHaveTextContent('1 point per ₹10 · 5 per visit · ×2 on 01-12-2026…07-12-2026');
    expect(coffee).toHaveTextContent('Active');
    expect(coffee).toHaveTextContent('Never');
    expect(within(coffee).getByRole('cell', { name: '4,500' })).toBeVisible();
    const staff = within(table).getByRole('row', { name: /Staff stars/ });
    expect(staff).toHaveTextContent('stars on 1 item · 20 per visit from ₹200');
    expect(staff).toHaveTextContent('90 days');
    expect(staff).toHaveTextContent('Draft');
    expect(within(table).queryByRole('row', { name: /Chai card/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add program' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Members of Coffee points' })).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Coffee points/ })).not.toBeInTheDocument());
    const last = queriesOf(record, 'loyalty/programs').at(-1)!;
    expect(last.get('status')).toBe('draft');
    expect(last.get('kind')).toBe('points');
  });

  it("shows each program's own members and points held, and its money in its restaurants' currency (issue 33)", async () => {
    const both = aProgram({
      id: 6,
      name: 'Both cities',
      restaurants: ['fc-blr-atrium:spice-route', 'fc-ldn-river:noodle-house'],
      points: { per_amount: { points: 2, per: 25 }, per_item: [], per_visit: 0, visit_min_spend: 0, multipliers: [] },
      members: 7,
      outstanding: 310,
      currency: '',
      currencies: ['GBP', 'INR'],
    });
    loyaltyApi({ programs: [...PROGRAMS, both] });
    const user = setupUser();
    renderPoints();
    const table = await loadedTable('Points programs');
    const figures = (name: RegExp) => {
      const row = within(table).getByRole('row', { name });
      const cells = within(row).getAllByRole('cell');
      const at = (header: string) =>
        within(table)
          .getAllByRole('columnheader')
          .findIndex((h) => h.textContent === header);
      return { row, members: cells[at('Members')]?.textContent, held: cells[at('Points held')]?.textContent };
    };
    expect(figures(/Coffee points/)).toMatchObject({ members: '60', held: '4,500' });
    expect(figures(/Staff stars/)).toMatchObject({ members: '0', held: '0' });
    const thames = figures(/Thames points/);
    expect(thames).toMatchObject({ members: '2', held: '4' });
    expect(figures(/Both cities/)).toMatchObject({ members: '7', held: '310' });
    // A London program earns per pounds, not rupees; one in two currencies names no symbol.
    expect(thames.row).toHaveTextContent('1 point per £50');
    expect(thames.row).not.toHaveTextContent('₹');
    expect(figures(/Coffee points/).row).toHaveTextContent('1 point per ₹10');
    expect(figures(/Both cities/).row).toHaveTextContent('2 points per 25');
    expect(figures(/Both cities/).row).not.toHaveTextContent(/[₹£]/);

    // Its form's amounts show the pound too.
    await user.click(within(thames.row).getByRole('button', { name: 'Edit Thames points' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Thames points' });
    const perAmount = within(drawer).getByRole('group', { name: 'Per amount spent' });
    expect(within(perAmount).getByText('£')).toBeVisible();
    expect(within(drawer).queryByText('₹')).not.toBeInTheDocument();
  });

  it('lists the stamp cards (kind=stamps) and adds one with the card fields only', async () => {
    const { record } = loyaltyApi();
    const user = setupUser();
    renderStamps();
    const table = await loadedTable('Stamp cards');
    expect(queriesOf(record, 'loyalty/programs').every((q) => q.get('kind') === 'stamps')).toBe(true);
    expect(within(table).getByRole('row', { name: /Chai card/ })).toHaveTextContent('8 stamps for a reward');
    expect(within(table).getByRole('row', { name: /Lunch card/ })).toHaveTextContent(
      '10 stamps for a reward · on 2 items, 1 category · at most 2 an order',
    );
    expect(within(table).getByRole('row', { name: /Lunch card/ })).toHaveTextContent('1 day');
    expect(within(table).getByRole('columnheader', { name: 'Stamps held' })).toBeVisible();
    expect(within(table).queryByRole('row', { name: /Coffee points/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add stamp card' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add stamp card' });
    expect(within(drawer).queryByRole('group', { name: 'Per amount spent' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox', { name: 'Name of the points' })).not.toBeInTheDocument();
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Dosa card');
    await fill(user, within(drawer).getByRole('textbox', { name: /Stamps for a reward/ }), '60');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('At most 50 stamps')).toBeVisible();
    expect(sent(record, 'POST', 'loyalty/programs')).toHaveLength(0);

    await replaceText(user, within(drawer).getByRole('textbox', { name: /Stamps for a reward/ }), '6');
    await fill(user, within(drawer).getByRole('textbox', { name: /Stamps per order at most/ }), '1');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Kiosk' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'loyalty/programs')).toHaveLength(1));
    expect(sent(record, 'POST', 'loyalty/programs')[0]).toMatchObject({
      name: 'Dosa card',
      kind: 'stamps',
      points: null,
      stamps: { required: 6, items: [], categories: [], max_per_order: 1 },
      channels: ['kiosk'],
      expiry_days: null,
    });
  });

  it('refuses a points program with no way to earn, and a multiplier over 10×, then saves it', async () => {
    const { record } = loyaltyApi();
    const user = setupUser();
    renderPoints('/loyalty_points?action=new');
    const drawer = await screen.findByRole('dialog', { name: 'Add program' });
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Breakfast club');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Give at least one way to earn points')).toBeVisible();
    expect(sent(record, 'POST', 'loyalty/programs')).toHaveLength(0);

    const perAmount = within(drawer).getByRole('group', { name: 'Per amount spent' });
    await fill(user, within(perAmount).getByRole('textbox', { name: 'Points' }), '2');
    await fill(user, within(perAmount).getByRole('textbox', { name: /For every/ }), '50');
    await user.click(within(drawer).getByRole('button', { name: 'Add multiplier' }));
    const multiplier = within(drawer).getByRole('group', { name: 'Multiplier 1' });
    await fill(user, within(multiplier).getByRole('textbox', { name: /Factor/ }), '12');
    await fill(user, within(drawer).getByRole('textbox', { name: /Expiry \(days\)/ }), '365');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(multiplier).findByText('At most 10×')).toBeVisible();
    expect(within(drawer).queryByText('Give at least one way to earn points')).not.toBeInTheDocument();
    expect(sent(record, 'POST', 'loyalty/programs')).toHaveLength(0);

    await replaceText(user, within(multiplier).getByRole('textbox', { name: /Factor/ }), '3');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'loyalty/programs')).toHaveLength(1));
    const body = sent(record, 'POST', 'loyalty/programs')[0]!;
    expect(body).toMatchObject({
      name: 'Breakfast club',
      kind: 'points',
      status: 'draft',
      stamps: null,
      expiry_days: 365,
      points: { per_amount: { points: 2, per: 50 }, per_item: [], per_visit: 0, multipliers: [{ factor: 3 }] },
    });
    const [m] = (body.points as { multipliers: { from: string; to: string }[] }).multipliers;
    expect(m!.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(m!.to > m!.from).toBe(true);
  });

  it('edits a program from the address: points per item by name, saved with the version edited', async () => {
    const { record } = loyaltyApi();
    const user = setupUser();
    renderPoints('/loyalty_points?edit=2');
    const drawer = await screen.findByRole('dialog', { name: 'Edit Staff stars' });
    expect(within(drawer).getByRole('textbox', { name: 'Name of the points' })).toHaveValue('stars');
    // Emptied, the expiry is never (null), not its old 90 days again.
    const expiry = within(drawer).getByRole('textbox', { name: /Expiry \(days\)/ });
    expect(expiry).toHaveValue('90');
    await user.click(expiry);
    await user.keyboard('{End}{Backspace}{Backspace}');
    expect(expiry).toHaveValue('');
    const points = await within(drawer).findByRole('textbox', { name: 'Points for Chicken biryani' });
    expect(points).toHaveValue('10');
    await replaceText(user, points, '15');
    const picker = within(drawer).getByRole('group', { name: 'Points per item' });
    await user.click(within(picker).getByRole('combobox', { name: 'Points per item' }));
    await user.click(await screen.findByRole('option', { name: /Samosa/ }));
    expect(within(drawer).getByRole('textbox', { name: 'Points for Samosa' })).toHaveValue('1');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'loyalty/programs/2')).toHaveLength(1));
    expect(sent(record, 'PUT', 'loyalty/programs/2')[0]).toMatchObject({
      version: 3,
      points_name: 'stars',
      expiry_days: null,
      points: {
        per_amount: null,
        per_item: [
          { foodid: 'f-biryani', points: 15 },
          { foodid: 'f-samosa', points: 1 },
        ],
        per_visit: 20,
        visit_min_spend: 200,
      },
    });
  });
});
