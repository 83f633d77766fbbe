import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StockLevel } from '@cd/core';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { renderScreen } from '../../../test/render';
import { fill, setupUser } from '../../../test/user-events';
import { InventoryPage } from './inventory-page';

const R = 'fc-blr-atrium:spice_route';
const level = (foodid: string, foodname: string, over: Partial<StockLevel> = {}): StockLevel => ({
  foodid,
  foodname,
  restaurant: R,
  listofcategories: [],
  tracked: true,
  on_hand: 0,
  low_threshold: null,
  sold_out: true,
  state: 'sold_out',
  version: 1,
  updated_by: 'demo.admin',
  updated_at: '2026-11-26T10:00:00.000Z',
  ...over,
});

function api() {
  let rows: StockLevel[] = [
    level('chai', 'Masala Chai'),
    level('lassi', 'Mango Lassi', { on_hand: 2, low_threshold: 3, sold_out: false, state: 'low' }),
    level('dosa', 'Masala Dosa', { tracked: false, sold_out: false, state: 'ok', version: 0, updated_at: null }),
  ];
  return mockApiRoutes({
    'GET inventory': ({ query }) => {
      const state = query.get('state');
      const shown = rows.filter((r) => !state || r.state === state);
      return { body: { items: shown, total: shown.length } };
    },
    'POST inventory/chai/entries': ({ body }) => {
      rows = rows.map((r) =>
        r.foodid === 'chai' ? { ...r, on_hand: Number(body.quantity), sold_out: false, state: 'ok' as const } : r,
      );
      return { body: { message: 'Stock recorded', item: rows[0] } };
    },
    'PUT inventory/dosa': ({ body }) => {
      rows = rows.map((r) =>
        r.foodid === 'dosa'
          ? { ...r, tracked: Boolean(body.tracked), low_threshold: body.low_threshold as number, version: 1 }
          : r,
      );
      return { body: { message: 'Stock settings saved', item: rows[2] } };
    },
    'GET inventory/lassi/ledger': () => ({
      body: {
        total: 2,
        entries: [
          {
            id: 2,
            foodid: 'lassi',
            entry_type: 'sale',
            quantity: -1,
            balance_after: 2,
            reason: '',
            ref: '41',
            occurred_at: '2026-11-26T10:05:00.000Z',
            created_by: 'pos',
          },
          {
            id: 1,
            foodid: 'lassi',
            entry_type: 'receipt',
            quantity: 3,
            balance_after: 3,
            reason: 'Delivery',
            ref: null,
            occurred_at: '2026-11-26T09:00:00.000Z',
            created_by: 'demo.admin',
          },
        ],
      },
    }),
  });
}

const renderPage = (route = `/inventoryManagement?restaurant=${encodeURIComponent(R)}`) =>
  renderScreen(<InventoryPage />, { path: '/inventoryManagement', route });

describe('Inventory Management', { timeout: 60_000 }, () => {
  it('lists the items with on hand, low and sold-out marks, and receives stock into a sold-out item', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Items and their stock' });
    expect(await within(table).findByRole('row', { name: /Masala Chai 0 Sold out/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Mango Lassi 2 3 Low/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Masala Dosa — Not tracked/ })).toBeVisible();
    expect(requestsMade(fetchMock)[0]).toContain('GET inventory?');

    await user.click(screen.getByRole('button', { name: 'Receive Masala Chai' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive Masala Chai' });
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(within(dialog).getByText('Enter a quantity')).toBeVisible();
    await fill(user, within(dialog).getByLabelText(/Quantity/), '12.5');
    await fill(user, within(dialog).getByLabelText('Reason'), 'Morning delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Receive Masala Chai' })).toBeNull());
    expect(bodiesSent(fetchMock, 'POST inventory/chai/entries')).toEqual([
      expect.objectContaining({ entry_type: 'receipt', quantity: 12.5, reason: 'Morning delivery' }),
    ]);
    expect(await within(table).findByRole('row', { name: /Masala Chai 12.5 In stock/ })).toBeVisible();
  });

  it('tracks an item with a low threshold, filters by state and shows an item ledger', async () => {
    const fetchMock = api();
    const user = setupUser();
    const { router } = renderPage();
    const table = await screen.findByRole('table', { name: 'Items and their stock' });
    await within(table).findByRole('row', { name: /Masala Dosa/ });
    await user.click(screen.getByRole('button', { name: 'Stock settings of Masala Dosa' }));
    const dialog = await screen.findByRole('dialog', { name: /Stock settings of Masala Dosa/ });
    await user.click(within(dialog).getByRole('switch', { name: 'Track stock' }));
    await fill(user, within(dialog).getByLabelText(/Low at/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'PUT inventory/dosa')).toHaveLength(1));
    expect(bodiesSent(fetchMock, 'PUT inventory/dosa')[0]).toMatchObject({
      tracked: true,
      low_threshold: 4,
      version: 0,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The dialog's exit transition hides the page from the accessibility tree a moment longer: wait for the filter.
    await user.click(await screen.findByRole('combobox', { name: 'Stock' }));
    await user.click(await screen.findByRole('option', { name: 'Low' }));
    await waitFor(() => expect(router.state.location.search).toContain('state=low'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Masala Chai/ })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Ledger of Mango Lassi' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ledger of Mango Lassi' });
    expect(await within(drawer).findByRole('row', { name: /Sale -1 2 41 pos/ })).toBeVisible();
    expect(within(drawer).getByRole('row', { name: /Receipt \+3 3 Delivery demo.admin/ })).toBeVisible();
  });
});
