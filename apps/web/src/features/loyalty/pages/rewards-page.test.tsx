import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, loyaltyApi, queriesOf, sent } from '../testing/loyalty-api';
import { LoyaltyRewardsPage } from './rewards-page';

const renderRewards = (route = '/loyalty-rewards') =>
  renderScreen(<LoyaltyRewardsPage />, { path: '/loyalty-rewards', route, signedInAs: ADMIN });

describe('Loyalty rewards', { timeout: 90_000 }, () => {
  it('lists the rewards with their cost in the units of their program and what they give, filtered by program', async () => {
    const { record } = loyaltyApi();
    const user = setupUser();
    const { router } = renderRewards();
    const table = await loadedTable('Rewards');
    const coffee = within(table).getByRole('row', { name: /Free coffee/ });
    await waitFor(() => expect(coffee).toHaveTextContent('120 points'));
    expect(coffee).toHaveTextContent('Coffee points');
    expect(coffee).toHaveTextContent('1 × Mango lassi free');
    expect(coffee).toHaveTextContent('Yes');
    expect(within(coffee).getByRole('cell', { name: '14' })).toBeVisible();
    const chai = within(table).getByRole('row', { name: /Chai on the house/ });
    expect(chai).toHaveTextContent('a full card (8 stamps)');
    expect(chai).toHaveTextContent('2 × Samosa free');
    expect(within(table).getByRole('row', { name: /Fifty off/ })).toHaveTextContent('₹50 off the order');
    // In the currency of its program's restaurants (issue 33): a London program's reward is in pounds.
    expect(within(table).getByRole('row', { name: /Fiver off/ })).toHaveTextContent('£5 off the order');
    const tenth = within(table).getByRole('row', { name: /Tenth off/ });
    expect(tenth).toHaveTextContent('50 stars');
    expect(tenth).toHaveTextContent('10% off the order');
    expect(tenth).toHaveTextContent('No');
    // The programs of the filter and the form: every kind, 200 at most.
    expect(queriesOf(record, 'loyalty/programs')[0]!.get('page_size')).toBe('200');

    await user.click(screen.getByRole('combobox', { name: 'Program' }));
    await user.click(await screen.findByRole('option', { name: 'Chai card' }));
    await waitFor(() => expect(router.state.location.search).toBe('?program_id=3'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Free coffee/ })).not.toBeInTheDocument());
    expect(within(table).getByRole('row', { name: /Chai on the house/ })).toBeVisible();
    expect(queriesOf(record, 'loyalty/rewards').at(-1)!.get('program_id')).toBe('3');
  });

  it('adds a free-item reward for a stamp card, costing a full card by default', async () => {
    const { record } = loyaltyApi();
    const user = setupUser();
    renderRewards();
    await loadedTable('Rewards');
    await user.click(screen.getByRole('button', { name: 'Add reward' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add reward' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Program' }));
    await user.click(await screen.findByRole('option', { name: 'Chai card' }));
    const cost = within(drawer).getByRole('textbox', { name: /Cost in stamps/ });
    expect(cost).toHaveValue('8');
    expect(within(drawer).getByText('A full card is 8 stamps')).toBeVisible();
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Free samosas');
    expect(within(drawer).getByRole('combobox', { name: 'Reward' })).toHaveTextContent('Free item');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Pick the item')).toBeVisible();
    expect(sent(record, 'POST', 'loyalty/rewards')).toHaveLength(0);

    const picker = within(drawer).getByRole('group', { name: 'Free item' });
    await user.click(within(picker).getByRole('combobox', { name: 'Free item' }));
    await user.click(await screen.findByRole('option', { name: /Samosa/ }));
    expect(within(picker).getByRole('list', { name: 'Free item chosen' })).toHaveTextContent('Samosa');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Quantity' }), '2');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'loyalty/rewards')).toHaveLength(1));
    expect(sent(record, 'POST', 'loyalty/rewards')[0]).toMatchObject({
      program_id: 3,
      name: 'Free samosas',
      active: true,
      cost: 8,
      reward: { kind: 'free_item', foodid: 'f-samosa', quantity: 2 },
      valid_days: 30,
    });
  });

  it("switches the reward's fields by kind: an amount off, then a percent off, each checked by core", async () => {
    const { record } = loyaltyApi();
    const user = setupUser();
    renderRewards('/loyalty-rewards?program_id=1&action=new');
    const drawer = await screen.findByRole('dialog', { name: 'Add reward' });
    // The program filtered by is the new reward's program.
    await waitFor(() =>
      expect(within(drawer).getByRole('combobox', { name: 'Program' })).toHaveTextContent('Coffee points'),
    );
    expect(within(drawer).getByRole('textbox', { name: /Cost in points/ })).toHaveValue('');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Money off');
    await fill(user, within(drawer).getByRole('textbox', { name: /Cost in points/ }), '300');

    await user.click(within(drawer).getByRole('combobox', { name: 'Reward' }));
    await user.click(await screen.findByRole('option', { name: 'Amount off' }));
    expect(within(drawer).queryByRole('group', { name: 'Free item' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox', { name: 'Quantity' })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Enter a number')).toBeVisible();
    await fill(user, within(drawer).getByRole('textbox', { name: /Amount off/ }), '75');

    await user.click(within(drawer).getByRole('combobox', { name: 'Reward' }));
    await user.click(await screen.findByRole('option', { name: 'Percent off' }));
    expect(within(drawer).queryByRole('textbox', { name: /Amount off/ })).not.toBeInTheDocument();
    await fill(user, within(drawer).getByRole('textbox', { name: /Percent off/ }), '150');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(/Too big.*100/)).toBeVisible();
    expect(sent(record, 'POST', 'loyalty/rewards')).toHaveLength(0);

    await fill(user, within(drawer).getByRole('textbox', { name: /Percent off/ }), '15');
    await fill(user, within(drawer).getByRole('textbox', { name: /Code valid for/ }), '14');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'loyalty/rewards')).toHaveLength(1));
    expect(sent(record, 'POST', 'loyalty/rewards')[0]).toMatchObject({
      program_id: 1,
      cost: 300,
      reward: { kind: 'percent', percent: 15 },
      valid_days: 14,
    });
  });
});
