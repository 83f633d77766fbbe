import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, invoicesApi } from '../testing/invoices-api';
import { InvoicesPage } from './invoices-page';

const renderPage = (route = '/invoice') =>
  renderScreen(<InvoicesPage />, { path: '/invoice', route, signedInAs: ADMIN });
const listRequests = (record: ReturnType<typeof invoicesApi>['record']) =>
  record.filter((c) => c.method === 'GET' && c.path === 'invoices').map((c) => Object.fromEntries(c.query));

describe('Invoice regeneration', { timeout: 60_000 }, () => {
  it('asks the server with the filters of the address, and writes each filter chosen into it', async () => {
    const { record } = invoicesApi();
    const user = setupUser();
    const route = '/invoice?search=INV&foodcourt=fc-ldn-river&from=2026-03-01&to=2026-03-07&kind=invoice';
    const { router } = renderPage(route);
    const table = await loadedTable('Invoices');
    expect(
      within(table).getByRole('row', { name: /INV-NH-000001 Invoice Issued .*RVK-0007 Noodle House/ }),
    ).toBeVisible();
    expect(listRequests(record)[0]).toEqual({
      search: 'INV',
      foodcourt: 'fc-ldn-river',
      from: '2026-03-01',
      to: '2026-03-07',
      kind: 'invoice',
      page: '1',
      page_size: '25',
    });
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Invoice');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Superseded' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=superseded'));
    await waitFor(() => expect(listRequests(record).at(-1)).toMatchObject({ status: 'superseded', kind: 'invoice' }));

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('kind='));
  });

  it('regenerates with a required reason and shows the new number and the credit note', async () => {
    const { record } = invoicesApi();
    const user = setupUser();
    const { router } = renderPage();
    await loadedTable('Invoices');
    await user.click(screen.getByRole('button', { name: 'Open INV-NH-000001' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=1'));
    const detail = await screen.findByRole('dialog', { name: 'Invoice INV-NH-000001' });
    expect(within(detail).getByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', '/v2/bck/invoices/1/pdf');
    expect(within(detail).getByRole('link', { name: 'Open PDF' })).toHaveAttribute('target', '_blank');
    expect(within(detail).getByRole('table', { name: 'Lines' })).toHaveTextContent('Tonkotsu Ramen (Extra egg)');

    await user.click(within(detail).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=1&dialog=regenerate'));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate invoice INV-NH-000001' });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(within(dialog).getByText('Give a reason')).toBeVisible();
    expect(record.filter((c) => c.method === 'POST')).toEqual([]);

    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Tea refunded after issue');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=3'));
    expect(record.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['invoices/1/regenerate', expect.objectContaining({ reason: 'Tea refunded after issue' })],
    ]);

    const fresh = await screen.findByRole('dialog', { name: 'Invoice INV-NH-000002' });
    expect(within(fresh).getByRole('status')).toHaveTextContent(
      'Invoice INV-NH-000002 issued. Credit note CN-NH-000001 cancels INV-NH-000001.',
    );
    const history = within(fresh).getByRole('table', { name: 'Documents of this order' });
    expect(
      within(history).getByRole('row', { name: /INV-NH-000001 Invoice Superseded .*Replaced by INV-NH-000002/ }),
    ).toBeVisible();
    expect(
      within(history).getByRole('row', {
        name: /CN-NH-000001 Credit note Issued .*Cancels INV-NH-000001 Tea refunded/,
      }),
    ).toBeVisible();
    expect(within(fresh).getByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', '/v2/bck/invoices/3/pdf');

    // The superseded invoice opens from the chain, without Regenerate.
    await user.click(within(history).getByRole('button', { name: 'INV-NH-000001' }));
    const old = await screen.findByRole('dialog', { name: 'Invoice INV-NH-000001' });
    expect(old).toHaveTextContent('Replaced by INV-NH-000002');
    expect(within(old).queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
  });

  it('issues the first invoice of an order found by its number, and opens it', async () => {
    const { record } = invoicesApi();
    const user = setupUser();
    const { router } = renderPage();
    await loadedTable('Invoices');
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue an invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(within(dialog).getByText('Choose an order from the list, or type an order id')).toBeVisible();

    await user.type(within(dialog).getByRole('combobox', { name: 'Order' }), 'RVK');
    await user.click(await screen.findByRole('option', { name: /RVK-0008 · Noodle House · 03-03-2026/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=4'));
    expect(record.find((c) => c.method === 'POST')?.body).toMatchObject({ order_id: 8 });
    // The order search asks with a page size the list contract takes (25, 50, 100, 200).
    const search = record.find((c) => c.path === 'orders')!;
    expect(Object.fromEntries(search.query)).toEqual({ search: 'RVK', page: '1', page_size: '25' });
    expect(await screen.findByRole('dialog', { name: 'Invoice INV-NH-000003' })).toBeVisible();
  });

  it('offers to open the invoice an order has already', async () => {
    invoicesApi({
      issueReply: () => ({
        status: 409,
        body: {
          result: 'failure',
          message: 'Order RVK-0007 already has invoice INV-NH-000001',
          extras: { code: 'invoiceExists', invoice_id: 1, number: 'INV-NH-000001' },
        },
      }),
    });
    const user = setupUser();
    const { router } = renderPage('/invoice?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Issue an invoice' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Order' }), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await within(dialog).findByText('Order RVK-0007 already has invoice INV-NH-000001')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Open it' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=1'));
    expect(await screen.findByRole('dialog', { name: 'Invoice INV-NH-000001' })).toBeVisible();
  });
});
