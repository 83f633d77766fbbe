import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MenuChangePreview, MenuChangeSet } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply } from '../../../test/mock-api-routes';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { aMenu, aSummary } from '../testing/menu-fixtures';
import { MenuChangesPage } from './changes-page';

const SPICE = 'fc-blr-atrium:spice-route';
const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};
const AT = '2026-03-05T09:07:00.000Z';

const aChange = (overrides: Partial<MenuChangeSet> = {}): MenuChangeSet => ({
  id: 7,
  restaurant: SPICE,
  restaurant_name: 'Spice Route',
  name: 'Lunch prices',
  status: 'scheduled',
  publish_at: '2026-03-10T09:00:00.000Z',
  entries: [
    {
      foodid: 'paneer',
      foodname: 'Paneer Tikka',
      values: { price: 240 },
      base: { price: 220 },
      base_at: AT,
    },
    { foodid: 'chai', foodname: 'Masala Chai', values: { hide_item: true }, base: { hide_item: false }, base_at: AT },
  ],
  entry_count: 2,
  published_at: null,
  report: null,
  created_by: 'demo.admin',
  version: 3,
  updated_by: 'demo.admin',
  updated_at: AT,
  ...overrides,
});

const PREVIEW: MenuChangePreview = {
  result: 'success',
  id: 7,
  conflicts: 1,
  entries: [
    {
      foodid: 'paneer',
      foodname: 'Paneer Tikka',
      exists: true,
      fields: [{ field: 'price', live: 230, base: 220, draft: 240, conflict: true }],
      changed_by: 'asha.k',
      changed_at: AT,
      problems: [],
    },
    {
      foodid: 'chai',
      foodname: 'Masala Chai',
      exists: true,
      fields: [{ field: 'hide_item', live: false, base: false, draft: true, conflict: false }],
      changed_by: 'demo.admin',
      changed_at: AT,
      problems: [],
    },
  ],
};

function changesApi(changes: MenuChangeSet[] = [aChange()]) {
  const record: MockCall[] = [];
  const answer = (change: MenuChangeSet, message: string): MockReply => ({ body: { message, change } });
  mockApiRoutes(
    {
      'GET backgroundjobs': () => ({ body: { data: [] } }),
      'GET menu-changes': () => ({ body: { changes, total: changes.length } }),
      'GET menu-changes/7': () => answer(changes[0]!, ''),
      'GET menu-changes/7/preview': () => ({ body: PREVIEW }),
      'GET vendor/fooditem': () => ({
        body: aMenu({
          fooditems: [
            aSummary(),
            aSummary({ foodid: 'chai', foodname: 'Masala Chai', price: 45 }),
            // A price-book price too: the change edits (and the form shows) the menu price.
            aSummary({ foodid: 'dosa', foodname: 'Masala Dosa', price: 120, pricebook_price: 140 }),
          ],
        }),
      }),
      'POST menu-changes': ({ body }) =>
        answer(aChange({ ...(body as Partial<MenuChangeSet>), id: 8, status: 'draft', version: 1 }), 'Draft saved'),
      'PUT menu-changes/7': ({ body }) => answer(aChange({ version: Number(body.version) + 1 }), 'Draft saved'),
      'POST menu-changes/7/cancel': () => answer(aChange({ status: 'cancelled', version: 4 }), 'Change cancelled'),
    },
    { record },
  );
  return record;
}

const renderPage = (route = '/menu-changes') =>
  renderScreen(<MenuChangesPage />, { path: '/menu-changes', route, signedInAs: ADMIN });
const sent = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);

describe('Scheduled menu changes', { timeout: 60_000 }, () => {
  it('lists each change with its restaurant, items, time and status', async () => {
    changesApi([aChange(), aChange({ id: 9, name: 'Breakfast', status: 'draft', publish_at: null, entry_count: 1 })]);
    renderPage();
    const table = await loadedTable('Scheduled menu changes');
    expect(within(table).getByRole('row', { name: /Lunch prices Spice Route 2 .* Scheduled/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Breakfast Spice Route 1 Draft \(no time\) Draft/ })).toBeVisible();
  });

  it('asks for a change to each item, then sends only the fields given, as a draft of the restaurant chosen', async () => {
    const record = changesApi([]);
    const user = setupUser();
    renderPage(`/menu-changes?restaurant=${encodeURIComponent(SPICE)}`);
    await user.click(await screen.findByRole('button', { name: 'New change' }));
    const drawer = await screen.findByRole('dialog', { name: 'New scheduled change' });
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Dinner');
    await user.click(within(drawer).getByRole('button', { name: 'Add item' }));
    const row = within(drawer).getByRole('listitem', { name: 'Item 1' });
    // The new item's picker has the focus.
    await waitFor(() => expect(within(row).getByRole('combobox', { name: 'Item' })).toHaveFocus());
    await user.type(within(row).getByRole('combobox', { name: 'Item' }), 'Dosa');
    await user.click(await screen.findByRole('option', { name: 'Masala Dosa' }));
    const dosa = within(drawer).getByRole('listitem', { name: 'Masala Dosa' });
    expect(within(dosa).getByText(/Now .*120\.00, Shown/)).toBeVisible();

    // Nothing to change yet: said under the item, and nothing is sent.
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(dosa).findByText(/Give a new name, price or visibility/)).toBeVisible();
    expect(sent(record, 'POST', 'menu-changes')).toEqual([]);

    await fill(user, within(dosa).getByRole('textbox', { name: 'New price' }), '135');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'menu-changes')).toHaveLength(1));
    expect(sent(record, 'POST', 'menu-changes')[0]).toMatchObject({
      restaurant: SPICE,
      name: 'Dinner',
      publish_at: null,
      entries: [{ foodid: 'dosa', values: { price: 135 } }],
    });
    // Empty fields are no change: no name, no visibility.
    const values = (sent(record, 'POST', 'menu-changes')[0]!.entries as { values: object }[])[0]!.values;
    expect(Object.keys(values)).toEqual(['price']);
  });

  it('previews a conflict with who changed the item; Keep mine saves the edit against the live value', async () => {
    const record = changesApi();
    const user = setupUser();
    renderPage('/menu-changes?view=7');
    const drawer = await screen.findByRole('dialog', { name: 'Lunch prices' });
    expect(
      await within(drawer).findByText(/1 field was changed live since its edit was made: it is left as it is/),
    ).toBeVisible();
    const table = within(drawer).getByRole('table', { name: 'Against the live menu' });
    const paneer = within(table).getByRole('row', { name: /Paneer Tikka Price ₹230\.00 ₹240\.00 Changed live since/ });
    expect(within(paneer).getByText(/Was ₹220\.00 when the edit was made; changed by asha\.k/)).toBeVisible();
    expect(within(table).getByRole('row', { name: /Masala Chai Visibility Shown Hidden/ })).toBeVisible();

    await user.click(within(paneer).getByRole('button', { name: 'Keep my change of Paneer Tikka' }));
    await waitFor(() => expect(sent(record, 'PUT', 'menu-changes/7')).toHaveLength(1));
    expect(sent(record, 'PUT', 'menu-changes/7')[0]).toMatchObject({
      version: 3,
      entries: [
        { foodid: 'paneer', values: { price: 240 }, keep_mine: true },
        { foodid: 'chai', values: { hide_item: true } },
      ],
    });
    expect((sent(record, 'PUT', 'menu-changes/7')[0]!.entries as object[])[1]).not.toHaveProperty('keep_mine');
  });

  it('cancels a scheduled change after Yes, naming the version shown', async () => {
    const record = changesApi();
    const user = setupUser();
    renderPage();
    const table = await loadedTable('Scheduled menu changes');
    await user.click(within(table).getByRole('button', { name: 'Cancel Lunch prices' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel the change' }));
    await waitFor(() => expect(sent(record, 'POST', 'menu-changes/7/cancel')).toMatchObject([{ version: 3 }]));
    expect(await screen.findByText('Change cancelled')).toBeVisible();
  });
});
