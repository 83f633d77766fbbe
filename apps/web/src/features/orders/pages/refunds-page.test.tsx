import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, ordersApi } from '../testing/orders-api';
import { RefundsPage } from './refunds-page';

describe('Refunds', { timeout: 60_000 }, () => {
  it('finds an order, refunds a line, and lists the refund, which opens its order', async () => {
    const { record } = ordersApi();
    const user = setupUser();
    const { router } = renderScreen(<RefundsPage />, { path: '/refunds', route: '/refunds', signedInAs: ADMIN });
    expect(await screen.findByText('No refunds yet.')).toBeVisible();

    await user.type(screen.getByRole('combobox', { name: 'Find an order to refund' }), 'RVK');
    await user.click(await screen.findByRole('option', { name: /RVK-0007 · Noodle House · 02-03-2026/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=7'));
    expect(record.some((c) => c.path === 'orders' && c.query.get('search') === 'RVK')).toBe(true);

    const detail = await screen.findByRole('dialog', { name: 'Order RVK-0007' });
    await user.click(within(detail).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order RVK-0007' });
    await fill(user, within(dialog).getByRole('spinbutton', { name: 'Units of Green Tea' }), '1');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spilt');
    await user.click(within(dialog).getByRole('button', { name: 'Refund £2.50' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Refund order/ })).not.toBeInTheDocument());

    await user.click(
      within(await screen.findByRole('dialog', { name: 'Order RVK-0007' })).getByRole('button', { name: 'Close' }),
    );
    const table = await loadedTable('Refunds');
    await waitFor(() =>
      expect(
        within(table).getByRole('row', { name: /RVK-0007 Noodle House Lines £2\.50 Spilt demo\.admin/ }),
      ).toBeVisible(),
    );
    await user.click(within(table).getByRole('button', { name: 'Open order RVK-0007' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=7'));
    expect(await screen.findByRole('dialog', { name: 'Order RVK-0007' })).toHaveTextContent('Spilt');
  });
});
