import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, ordersApi, VIEWER } from '../testing/orders-api';
import { OrderHistoryPage } from './order-history-page';

const renderPage = (route = '/orderhistory', signedInAs: typeof ADMIN = ADMIN) =>
  renderScreen(<OrderHistoryPage />, { path: '/orderhistory', route, signedInAs });
const orderRequests = (record: ReturnType<typeof ordersApi>['record']) =>
  record.filter((c) => c.method === 'GET' && c.path === 'orders').map((c) => Object.fromEntries(c.query));
const drawer = () => screen.findByRole('dialog', { name: 'Order RVK-0007' });

describe('Pre-order history', { timeout: 60_000 }, () => {
  it('asks the server with the filters of the address, and writes each filter chosen into it', async () => {
    const { record } = ordersApi();
    const user = setupUser();
    const route = '/orderhistory?search=RVK&foodcourt=fc-ldn-river&from=2026-03-01&to=2026-03-07&status=completed';
    const { router } = renderPage(route);
    const table = await loadedTable('Orders');
    expect(within(table).getByRole('row', { name: /RVK-0007 .*Noodle House.*£27\.50/ })).toBeVisible();
    expect(orderRequests(record)[0]).toEqual({
      search: 'RVK',
      foodcourt: 'fc-ldn-river',
      from: '2026-03-01',
      to: '2026-03-07',
      status: 'completed',
      page: '1',
      page_size: '25',
    });
    expect(screen.getByRole('combobox', { name: 'Food court' })).toHaveTextContent('Riverside Kitchen');

    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    await user.click(await screen.findByRole('option', { name: 'Kiosk' }));
    await waitFor(() => expect(router.state.location.search).toContain('channel=kiosk'));
    await waitFor(() => expect(orderRequests(record).at(-1)).toMatchObject({ channel: 'kiosk', status: 'completed' }));

    // A date typed into the range goes to the address once whole; an end before the start is refused.
    const to = screen.getByRole('group', { name: 'To' });
    await user.click(within(to).getAllByRole('spinbutton')[0]!);
    await user.keyboard('28022026');
    expect(await screen.findByRole('alert')).toHaveTextContent('End date cannot be before start date');
    expect(router.state.location.search).toContain('to=2026-03-07');
    await user.click(within(to).getAllByRole('spinbutton')[0]!);
    await user.keyboard('10032026');
    await waitFor(() => expect(router.state.location.search).toContain('to=2026-03-10'));
    await waitFor(() => expect(orderRequests(record).at(-1)).toMatchObject({ from: '2026-03-01', to: '2026-03-10' }));
  });

  it("opens an order's detail from its row and from the address: lines with options, payments, history, refunds", async () => {
    ordersApi();
    const user = setupUser();
    const { router } = renderPage();
    await loadedTable('Orders');
    await user.click(screen.getByRole('button', { name: 'Open order RVK-0007' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=7'));
    const detail = await drawer();
    const lines = within(detail).getByRole('table', { name: 'Lines' });
    expect(
      within(lines).getByRole('row', { name: /Tonkotsu Ramen\s*Toppings: Extra egg \(\+£1\.50\) 2 £12\.50 £25\.00/ }),
    ).toBeVisible();
    expect(within(detail).getByRole('table', { name: 'Payments' })).toHaveTextContent(/Card£27\.50TXN-1/);
    expect(within(detail).getByRole('table', { name: 'Status history' })).toHaveTextContent('Collected');
    expect(within(detail).getByText('No refunds.')).toBeVisible();

    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no Refund to a user without the refunds page', async () => {
    ordersApi();
    renderPage('/orderhistory?view=7', VIEWER);
    const detail = await drawer();
    expect(within(detail).getByText('Green Tea')).toBeVisible();
    expect(within(detail).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('refuses a refund above what is refundable with the rule the server uses, and sends nothing', async () => {
    const { record } = ordersApi();
    const user = setupUser();
    renderPage('/orderhistory?view=7&dialog=refund');
    const dialog = await screen.findByRole('dialog', { name: 'Refund order RVK-0007' });
    expect(dialog).toHaveTextContent('Refundable: £27.50 (£27.50 paid, £0.00 refunded)');
    await user.click(within(dialog).getByRole('radio', { name: 'Amount' }));
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount to refund' });
    // Typed beside the order's currency symbol (issue 21 point 7).
    expect(amount.closest('.MuiInputBase-root')).toHaveTextContent('£');
    await fill(user, amount, '30');
    expect(within(dialog).getByText(/At most 27\.50 can be refunded/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Lines' }));
    await fill(user, within(dialog).getByRole('spinbutton', { name: 'Units of Green Tea' }), '2');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only 1 of 1 can still be refunded');
    await fill(user, within(dialog).getByRole('spinbutton', { name: 'Units of Green Tea' }), '1');
    // A reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Refund £2.50' }));
    expect(within(dialog).getByText('Give a reason')).toBeVisible();
    expect(record.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends one idempotency key per opening, also when the first try fails, and shows the refund afterwards', async () => {
    let fail = true;
    const { record } = ordersApi({
      refundReply: () => {
        if (!fail) return undefined;
        fail = false;
        return { status: 503, body: { result: 'failure', message: 'Try again', extras: { code: 'unavailable' } } };
      },
    });
    const user = setupUser();
    const { router } = renderPage('/orderhistory?view=7');
    const detail = await drawer();
    await user.click(within(detail).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=7&dialog=refund'));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order RVK-0007' });
    await fill(user, within(dialog).getByRole('spinbutton', { name: 'Units of Tonkotsu Ramen' }), '1');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Cold food');
    await user.click(within(dialog).getByRole('button', { name: 'Refund £12.50' }));
    expect(await within(dialog).findByText('Try again')).toBeVisible();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Refund £12.50' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Refund order/ })).not.toBeInTheDocument());
    const posts = record.filter((c) => c.method === 'POST');
    // The failed try and one retry: the double click's second click sends nothing.
    expect(posts).toHaveLength(2);
    const keys = new Set(posts.map((c) => (c.body as { idempotency_key: string }).idempotency_key));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.body).toMatchObject({ kind: 'lines', lines: [{ line_id: 71, quantity: 1 }], reason: 'Cold food' });
    expect(router.state.location.search).toBe('?view=7');

    // The detail shows the refund at once (the answer's order), with the line refunded.
    const refunds = await within(await drawer()).findByRole('table', { name: 'Refunds' });
    expect(
      within(refunds).getByRole('row', { name: /Lines £12\.50 Cold food Tonkotsu Ramen × 1 demo\.admin/ }),
    ).toBeVisible();
    expect(await drawer()).toHaveTextContent('Partly refunded');

    // Opened again, the dialog has a key of its own.
    await user.click(within(await drawer()).getByRole('button', { name: 'Refund' }));
    const again = await screen.findByRole('dialog', { name: 'Refund order RVK-0007' });
    await fill(user, within(again).getByRole('spinbutton', { name: 'Units of Green Tea' }), '1');
    await fill(user, within(again).getByRole('textbox', { name: 'Reason' }), 'Spilt');
    await user.click(within(again).getByRole('button', { name: 'Refund £2.50' }));
    await waitFor(() => expect(record.filter((c) => c.method === 'POST').length).toBe(posts.length + 1));
    const last = record.filter((c) => c.method === 'POST').at(-1)!.body as { idempotency_key: string };
    expect(last.idempotency_key).not.toBe([...keys][0]);
  });
});
