import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, ITEMS, sent, upsellingApi } from '../testing/upselling-api';
import { UpsellingPage } from './upselling-page';

const renderPage = (route = '/upselling') =>
  renderScreen(<UpsellingPage />, { path: '/upselling', route, signedInAs: ADMIN });

describe('Upselling', { timeout: 90_000 }, () => {
  it('lists the rules with what fires them, what they suggest and where, and filters by active', async () => {
    const { record } = upsellingApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Upsell rules');
    const drinks = within(table).getByRole('row', { name: /Drinks with mains/ });
    expect(drinks).toHaveTextContent('Lunch, Dinner');
    expect(drinks).toHaveTextContent('App, Kiosk');
    expect(drinks).toHaveTextContent('In the cart');
    expect(drinks).toHaveTextContent('Active');
    const dessert = within(table).getByRole('row', { name: /Dessert at checkout/ });
    expect(dessert).toHaveTextContent('Any cart');
    expect(dessert).toHaveTextContent('At checkout');
    expect(dessert).toHaveTextContent('Off');

    await user.click(screen.getByRole('combobox', { name: 'Active' }));
    await user.click(await screen.findByRole('option', { name: 'Off' }));
    await waitFor(() => expect(router.state.location.search).toBe('?active=false'));
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: /Drinks with mains/ })).not.toBeInTheDocument(),
    );
    expect(
      record
        .filter((c) => c.path === 'upsell_rules')
        .at(-1)!
        .query.get('active'),
    ).toBe('false');
  });

  it('refuses more than 8 suggestions, keeps their order (Move up) and saves', async () => {
    const { record } = upsellingApi();
    const user = setupUser();
    renderPage('/upselling?action=new');
    const drawer = await screen.findByRole('dialog', { name: 'Add upsell rule' });
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Sides');
    const suggestions = await within(drawer).findByRole('group', { name: 'Suggestions' });
    const nine = ITEMS.slice(1, 10);
    for (const item of nine) {
      await user.click(within(suggestions).getByRole('combobox', { name: 'Suggestions' }));
      await user.click(await screen.findByRole('option', { name: new RegExp(item.name) }));
    }
    const chosen = within(suggestions).getByRole('list', { name: 'Suggestions chosen' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(9);
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('At most 8 items')).toBeVisible();
    expect(sent(record, 'POST', 'upsell_rules')).toHaveLength(0);

    await user.click(within(chosen).getByRole('button', { name: 'Remove Papad' }));
    await user.click(within(chosen).getByRole('button', { name: 'Move Masala chai up' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'upsell_rules')).toHaveLength(1));
    expect(sent(record, 'POST', 'upsell_rules')[0]).toMatchObject({
      name: 'Sides',
      active: true,
      trigger_items: [],
      placement: 'cart',
      max_shown: 3,
      suggestions: ['f-chai', 'f-lassi', 'f-kulfi', 'f-samosa', 'f-vada', 'f-idli', 'f-dosa', 'f-raita'],
    });
  });

  it("shows a rule's take-up for 30 days, then 7", async () => {
    const { record } = upsellingApi();
    const user = setupUser();
    renderPage();
    const table = await loadedTable('Upsell rules');
    await user.click(within(table).getByRole('button', { name: 'Take-up of Drinks with mains' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take-up of Drinks with mains' });
    expect(await within(dialog).findByText('25.0%')).toBeVisible();
    expect(dialog).toHaveTextContent(/Orders with a trigger item\s*200/);
    expect(dialog).toHaveTextContent(/Of those, with a suggestion\s*50/);
    const byItem = within(dialog).getByRole('table', { name: 'By suggested item' });
    expect(within(byItem).getAllByRole('row')).toHaveLength(3);
    expect(record.find((c) => c.path === 'upsell_rules/1/results')?.query.get('days')).toBe('30');

    await user.click(within(dialog).getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    expect(await within(dialog).findByText('15.0%')).toBeVisible();
    expect(dialog).toHaveTextContent(/Orders with a trigger item\s*40/);
  });

  it('previews the suggestions a cart gets', async () => {
    const { record } = upsellingApi();
    const user = setupUser();
    renderPage();
    await loadedTable('Upsell rules');
    await user.click(screen.getByRole('button', { name: 'Preview in a cart' }));
    const panel = await screen.findByRole('dialog', { name: 'Preview in a cart' });
    await user.click(await within(panel).findByRole('combobox', { name: 'Item of line 1' }));
    await user.click(await screen.findByRole('option', { name: /Chicken biryani/ }));
    await user.click(within(panel).getByRole('button', { name: 'Price the cart' }));
    const suggested = await within(panel).findByRole('list', { name: 'Suggested items' });
    expect(suggested).toHaveTextContent('Mango lassi — ₹90.00');
    expect(suggested).toHaveTextContent('Masala chai — ₹30.00');
    expect(sent(record, 'POST', 'offers/try')[0]).toMatchObject({ include: [] });
  });
});
