import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PricebookFoodItem, PricebookSubmenuView } from '@cd/core';
import type { SubmenuEditorProps } from '../../submenu-editor';
import { renderScreen } from '../../../test/render';

/** An admin holds /allpath (spec 000 §6), so the paths are asked for. */
const ADMIN = { name: 'Demo Admin', userid: 'demo.admin', vendorextras: { admin: true } };
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { fill, setupUser } from '../../../test/user-events';
import { PricebookPage } from './pricebook-page';

vi.mock('../../submenu-editor', () => ({
  SubmenuEditor: (props: SubmenuEditorProps) => (
    <div role="dialog" aria-label="Submenu">
      <p>
        {props.mode} editor for path {props.mode === 'pricebook' ? props.path : props.restaurant}:{' '}
        {props.submenuid ?? 'a new submenu'}
      </p>
      <button onClick={() => props.onClose(true)}>Save submenu</button>
    </div>
  ),
}));

const item = (over: Partial<PricebookFoodItem>): PricebookFoodItem => ({
  foodid: 'spice_route_mango_lassi',
  foodname: 'Mango Lassi',
  price: 95,
  path: 1,
  tags: '',
  extras: JSON.stringify({ enable_as_submenu: true, imageurl: '' }),
  version: 2,
  ...over,
});

const submenu = (over: Partial<PricebookSubmenuView>): PricebookSubmenuView => ({
  submenuid: 'pbsm_bev',
  submenuname: 'Beverages',
  submenutype: 'pricebooksubmenu',
  tags: 'drinks,cold',
  rules: {
    ismand: false,
    multiple: false,
    default: '',
    min: -1,
    max: -1,
    min_quantity: -1,
    max_quantity: -1,
    free_quantity: -1,
    description: '',
  },
  price: 0,
  extras: {},
  imageurl: '',
  isHidden: false,
  path: 1,
  subitems: [],
  version: 3,
  updated_at: '2026-01-01T00:00:00.000Z',
  updated_by: 'demo.admin',
  ...over,
});

function api() {
  let items = [
    item({}),
    item({ foodid: 'spice_route_paneer_tikka', foodname: 'Paneer Tikka', price: 230, extras: '{}', version: 1 }),
  ];
  const submenus = [submenu({}), submenu({ submenuid: 'pbsm_sweet', submenuname: 'Sweets', tags: 'dessert' })];
  return mockApiRoutes({
    'GET allpath': () => ({
      body: {
        data: [
          { id: 1, pathid: 'standard' },
          { id: 2, pathid: 'corporate' },
        ],
      },
    }),
    'GET pricebook/fooditems': ({ query }) => {
      const search = (query.get('search') ?? '').toLowerCase();
      const path = Number(query.get('path'));
      const onPath = path === 1 ? items : [item({ path: 2, price: 99 })];
      return { body: { data: onPath.filter((i) => i.foodname.toLowerCase().includes(search)) } };
    },
    'PUT pricebook/fooditem': ({ body }) => {
      // Only Paneer Tikka saves, at its current version: anything else was changed by someone else first.
      const current = items.find((i) => i.foodid === body.foodid);
      if (current?.foodid !== 'spice_route_paneer_tikka' || body.version !== current.version) {
        return { status: 409, body: { result: 'failure', message: 'Changed', extras: { code: 'versionConflict' } } };
      }
      items = items.map((i) =>
        i.foodid === body.foodid ? { ...i, price: Number(body.price), version: i.version + 1 } : i,
      );
      return { body: { data: items[1] } };
    },
    'GET pricebook/submenu': () => ({ body: { data: submenus } }),
    'GET pricebook/tagsearch': ({ query }) => ({
      body: { data: submenus.filter((s) => s.tags.split(',').some((t) => query.get('tags')?.split(',').includes(t))) },
    }),
    'DELETE pricebook/submenu/pbsm_sweet': () => ({ body: {} }),
    'GET menu/history': ({ query }) => ({
      body: {
        entity: query.get('entity'),
        id: query.get('id'),
        version: 1,
        revisions: [
          {
            id: 77,
            op: 'update',
            at: '2026-03-02T09:30:00.000Z',
            actor: 'asha.k',
            changes: [{ field: 'price', before: 210, after: 230 }],
            reverted_from: null,
            revertible: true,
          },
        ],
      },
    }),
  });
}

const itemsTable = () => screen.findByRole('table', { name: 'Price-book items of standard' });
const submenusTable = () => screen.findByRole('table', { name: 'Price-book submenus of standard' });

describe('Price book', { timeout: 60_000 }, () => {
  it('without the /allpath page permission it says so and asks for no paths', async () => {
    const fetchMock = api();
    renderScreen(<PricebookPage />, {
      path: '/pricebook',
      route: '/pricebook',
      signedInAs: {
        name: 'Menu',
        userid: 'demo.menu',
        vendorextras: { admin: false, pagepermissionaccess: ['pricebook'] },
      },
    });
    expect(await screen.findByText(/needs the \/allpath page permission/)).toBeInTheDocument();
    expect(requestsMade(fetchMock).filter((r) => r.includes('allpath'))).toEqual([]);
  });

  it('lists the items and submenus of the path chosen, which is kept in the address', async () => {
    const fetchMock = api();
    const user = setupUser();
    const { router } = renderScreen(<PricebookPage />, { path: '/pricebook', route: '/pricebook', signedInAs: ADMIN });
    expect(await screen.findByText(/Choose a price-book path/)).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Price-book path' }));
    await user.click(await screen.findByRole('option', { name: 'standard' }));
    await waitFor(() => expect(router.state.location.search).toBe('?path=standard'));
    const items = await itemsTable();
    expect(within(items).getByRole('row', { name: /Mango Lassi spice_route_mango_lassi Yes ₹95\.00/ })).toBeVisible();
    expect(within(items).getByRole('row', { name: /Paneer Tikka spice_route_paneer_tikka ₹230\.00/ })).toBeVisible();
    expect(within(await submenusTable()).getByRole('row', { name: /Beverages drinks cold 0/ })).toBeVisible();
    expect(requestsMade(fetchMock)).toContain('GET pricebook/fooditems?path=1');
    expect(requestsMade(fetchMock)).toContain('GET pricebook/submenu?path=1');
  });

  it("opens a price's history on its path, asked for by the path's id and the item", async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<PricebookPage />, { path: '/pricebook', route: '/pricebook?path=standard', signedInAs: ADMIN });
    const items = await itemsTable();
    const paneer = within(items).getByRole('row', { name: /Paneer Tikka/ });
    await user.click(within(paneer).getByRole('button', { name: 'History of the price of Paneer Tikka' }));
    const drawer = await screen.findByRole('dialog', { name: /Paneer Tikka/ });
    expect(await within(drawer).findByText(/210 → 230/)).toBeVisible();
    expect(requestsMade(fetchMock)).toContain('GET menu/history?entity=price&id=1:spice_route_paneer_tikka');
  });

  it('logs a failed price-book read and says the price book could not be read, never that the path is empty', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = { status: 500, body: { result: 'failure', message: 'Price book offline' } };
    mockApiRoutes({
      'GET allpath': () => ({ body: { data: [{ id: 1, pathid: 'standard' }] } }),
      'GET pricebook/fooditems': () => failure,
      'GET pricebook/submenu': () => failure,
    });
    renderScreen(<PricebookPage />, { path: '/pricebook', route: '/pricebook?path=standard', signedInAs: ADMIN });
    expect(await screen.findByText('The price book could not be read: Price book offline')).toBeVisible();
    expect(await screen.findByText("The price book's submenus could not be read: Price book offline")).toBeVisible();
    expect(screen.queryByText('No items on this path.')).toBeNull();
    expect(screen.queryByText('No submenus on this path.')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Call failed', expect.arrayContaining(['pricebook']), expect.anything());
    logged.mockRestore();
  });

  it('searches items only from 3 characters on', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<PricebookPage />, { path: '/pricebook', route: '/pricebook?path=standard', signedInAs: ADMIN });
    await itemsTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search price-book items' }), 'pa');
    expect(await screen.findByText('Type at least 3 characters')).toBeVisible();
    expect(requestsMade(fetchMock).filter((r) => r.includes('search='))).toHaveLength(0);
    await user.type(screen.getByRole('searchbox', { name: 'Search price-book items' }), 'n');
    await waitFor(() => expect(requestsMade(fetchMock)).toContain('GET pricebook/fooditems?path=1&search=pan'));
    await waitFor(async () =>
      expect(within(await itemsTable()).queryByRole('row', { name: /Mango Lassi/ })).not.toBeInTheDocument(),
    );
  });

  it('edits a price in place, refusing a negative one, and reports a conflicting change', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<PricebookPage />, { path: '/pricebook', route: '/pricebook?path=standard', signedInAs: ADMIN });
    await itemsTable();

    await user.click(screen.getByRole('button', { name: 'Edit price of Paneer Tikka' }));
    const price = screen.getByRole('spinbutton', { name: 'Price of Paneer Tikka' });
    // Typed beside the region's currency symbol, as the menu writes prices (issue 21 point 7).
    expect(price.closest('.MuiInputBase-root')).toHaveTextContent('₹');
    // A minus is refused visibly, typed or pasted, and never dropped into a positive price.
    await user.clear(price);
    await user.type(price, '-');
    expect(await screen.findByText('A price cannot be negative')).toBeVisible();
    await fill(user, price, '-5');
    expect(price).not.toHaveValue(-5);
    expect(price).not.toHaveValue(5);
    // More than half up or down is asked about first.
    await fill(user, price, '5');
    await user.click(screen.getByRole('button', { name: 'Save price of Paneer Tikka' }));
    const ask = await screen.findByRole('dialog', { name: 'A large price change' });
    expect(ask).toHaveTextContent(/Change the price of Paneer Tikka from ₹.* to ₹5\.00\?/);
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    expect(bodiesSent(fetchMock, 'PUT pricebook/fooditem')).toHaveLength(0);
    await fill(user, price, '245.5');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('spinbutton', { name: 'Price of Paneer Tikka' })).not.toBeInTheDocument(),
    );
    await waitFor(async () =>
      expect(within(await itemsTable()).getByRole('row', { name: /Paneer Tikka .*245\.5/ })).toBeVisible(),
    );
    expect(bodiesSent(fetchMock, 'PUT pricebook/fooditem')[0]).toMatchObject({
      path: 1,
      foodid: 'spice_route_paneer_tikka',
      price: 245.5,
      version: 1,
    });
    // Undo on the saved notice puts the old price back, as a save of the version just written.
    await user.click(within(screen.getByTestId('notice')).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Price of Paneer Tikka put back to ₹230.00')).toBeVisible();
    expect(bodiesSent(fetchMock, 'PUT pricebook/fooditem')[1]).toMatchObject({ price: 230, version: 2 });
    await waitFor(async () =>
      expect(within(await itemsTable()).getByRole('row', { name: /Paneer Tikka .*230\.00/ })).toBeVisible(),
    );

    // Mango Lassi's version (2) is refused by the stub: someone else saved first.
    await user.click(screen.getByRole('button', { name: 'Edit price of Mango Lassi' }));
    await fill(user, screen.getByRole('spinbutton', { name: 'Price of Mango Lassi' }), '100');
    await user.click(screen.getByRole('button', { name: 'Save price of Mango Lassi' }));
    expect(await screen.findByText(/Someone else changed this/)).toBeVisible();
  });

  it('finds submenus by tag and returns to the whole list', async () => {
    const fetchMock = api();
    const user = setupUser();
    const { router } = renderScreen(<PricebookPage />, {
      path: '/pricebook',
      route: '/pricebook?path=standard',
      signedInAs: ADMIN,
    });
    await submenusTable();
    await fill(user, screen.getByRole('textbox', { name: 'Search by tags' }), ' Cold , ');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Submenus tagged cold')).toBeVisible();
    expect(requestsMade(fetchMock)).toContain('GET pricebook/tagsearch?tags=cold&path=1');
    await waitFor(async () =>
      expect(within(await submenusTable()).queryByRole('row', { name: /Sweets/ })).not.toBeInTheDocument(),
    );
    expect(router.state.location.search).toContain('tags=cold');
    await user.click(screen.getByRole('button', { name: 'Clear tag search' }));
    expect(within(await submenusTable()).getByRole('row', { name: /Sweets/ })).toBeVisible();
  });

  it('opens the editor in price-book mode with the numeric path, and deletes a submenu after confirmation', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<PricebookPage />, { path: '/pricebook', route: '/pricebook?path=standard', signedInAs: ADMIN });
    await submenusTable();
    await user.click(screen.getByRole('button', { name: 'Edit Beverages' }));
    const editor = await screen.findByRole('dialog', { name: 'Submenu' });
    expect(editor).toHaveTextContent('pricebook editor for path 1: pbsm_bev');
    const reads = requestsMade(fetchMock).filter((r) => r.startsWith('GET pricebook/submenu?')).length;
    await user.click(within(editor).getByRole('button', { name: 'Save submenu' }));
    await waitFor(() =>
      expect(requestsMade(fetchMock).filter((r) => r.startsWith('GET pricebook/submenu?')).length).toBe(reads + 1),
    );

    await user.click(screen.getByRole('button', { name: 'Add submenu' }));
    expect(await screen.findByRole('dialog', { name: 'Submenu' })).toHaveTextContent('path 1: a new submenu');
    await user.click(screen.getByRole('button', { name: 'Save submenu' }));

    await user.click(await screen.findByRole('button', { name: 'Delete Sweets' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete submenu Sweets?' })).getByText('Delete'));
    await waitFor(() => expect(requestsMade(fetchMock)).toContain('DELETE pricebook/submenu/pbsm_sweet?version=3'));
  });
});
