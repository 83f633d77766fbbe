import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { DiscountsPage } from '../pages/offers-page';
import { ADMIN, offersApi, sent } from '../testing/offers-api';

const renderDiscounts = (route = '/discounts') =>
  renderScreen(<DiscountsPage />, { path: '/discounts', route, signedInAs: ADMIN });

describe('Try a cart', { timeout: 60_000 }, () => {
  it('prices a cart made up here and shows the offers applied, those not applied with why, and suggestions', async () => {
    const { record } = offersApi();
    const user = setupUser();
    const { router } = renderDiscounts();
    await loadedTable('Discounts');
    await user.click(screen.getByRole('button', { name: 'Try a cart' }));
    await waitFor(() => expect(router.state.location.search).toBe('?dialog=try'));
    const panel = await screen.findByRole('dialog', { name: 'Try a cart' });
    expect(within(panel).getByRole('combobox', { name: 'Restaurant' })).toHaveTextContent('Dosa Corner');
    // The shared pickers: the date DD-MM-YYYY and the time 24-hour, whatever the browser's locale (issue 35).
    const when = within(panel).getByRole('group', { name: 'Date and time' });
    const sections = (name: string) =>
      within(within(when).getByRole('group', { name }))
        .getAllByRole('spinbutton')
        .map((section) => section.textContent);
    expect(sections('Date').join('-')).toMatch(/^\d\d-\d\d-\d{4}$/);
    expect(sections('Time').join(':')).toMatch(/^\d\d:\d\d$/);

    const line = within(panel).getByRole('group', { name: 'Line 1' });
    await user.click(within(line).getByRole('combobox', { name: 'Item of line 1' }));
    await user.click(await screen.findByRole('option', { name: /Chicken biryani/ }));
    expect(within(line).getByRole('textbox', { name: 'Unit price of line 1' })).toHaveValue('250');
    await fill(user, within(line).getByRole('textbox', { name: 'Quantity of line 1' }), '2');
    const codes = within(panel).getByRole('combobox', { name: 'Codes' });
    await user.type(codes, 'welcome10{Enter}');
    await user.click(within(panel).getByRole('button', { name: 'Price the cart' }));

    await waitFor(() => expect(sent(record, 'POST', 'offers/try')).toHaveLength(1));
    expect(sent(record, 'POST', 'offers/try')[0]).toMatchObject({
      include: [],
      cart: {
        restaurant: 'fc-blr-atrium:dosa-corner',
        channel: 'app',
        order_type: 'dine_in',
        codes: ['WELCOME10'],
        lines: [{ foodid: 'f-biryani', quantity: 2, unit_price: 250, category: 'Mains' }],
      },
    });
    const result = await within(panel).findByRole('region', { name: 'Price' });
    expect(result).toHaveTextContent(/Subtotal\s*₹500\.00/);
    expect(result).toHaveTextContent(/Total\s*₹450\.00/);
    const applied = within(result).getByRole('table', { name: 'Applied' });
    expect(within(applied).getByRole('row', { name: 'Happy hour ₹50.00 —' })).toBeVisible();
    const notApplied = within(result).getByRole('table', { name: 'Not applied' });
    expect(within(notApplied).getByRole('row', { name: /Welcome ten/ })).toHaveTextContent(
      'Does not stack: "Happy hour" applies alone',
    );
    const lines = within(result).getByRole('table', { name: 'Lines priced' });
    expect(within(lines).getByRole('row', { name: /1 Chicken biryani ₹500\.00 ₹50\.00 ₹450\.00/ })).toBeVisible();
    expect(within(result).getByRole('table', { name: 'Codes in the cart' })).toHaveTextContent(
      'Known, but its offer did not apply',
    );
    expect(within(result).getByRole('list', { name: 'Suggested items' })).toHaveTextContent('Mango lassi — ₹90.00');
  });

  it("tries a row's offer in a cart, included even as a draft", async () => {
    const { record } = offersApi();
    const user = setupUser();
    renderDiscounts();
    const table = await loadedTable('Discounts');
    await user.click(within(table).getByRole('button', { name: 'Try Lunch combo in a cart' }));
    const panel = await screen.findByRole('dialog', { name: 'Try Lunch combo in a cart' });
    expect(within(panel).getByText(/counts as active here, even as a draft/)).toBeVisible();
    await user.click(within(panel).getByRole('combobox', { name: 'Item of line 1' }));
    await user.click(await screen.findByRole('option', { name: /Mango lassi/ }));
    await user.click(within(panel).getByRole('button', { name: 'Price the cart' }));
    await waitFor(() => expect(sent(record, 'POST', 'offers/try')).toHaveLength(1));
    expect(sent(record, 'POST', 'offers/try')[0]).toMatchObject({ include: [2] });
  });

  it("refuses an empty cart with core's message", async () => {
    const { record } = offersApi();
    const user = setupUser();
    renderDiscounts('/discounts?dialog=try');
    const panel = await screen.findByRole('dialog', { name: 'Try a cart' });
    await user.click(within(panel).getByRole('button', { name: 'Remove line 1' }));
    await user.click(within(panel).getByRole('button', { name: 'Price the cart' }));
    expect(await within(panel).findByText('Add a line to the cart')).toBeVisible();
    expect(sent(record, 'POST', 'offers/try')).toHaveLength(0);
  });
});
