import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { aMenu, aSummary, profileWith } from '../testing/menu-fixtures';
import { mockMenuApi } from '../testing/mock-menu-api';
import { MenuPage } from './menu-page';

const RESTAURANT = 'fc-blr-atrium:spice_route';
const route = (query = '') => `/menu?restaurant=${encodeURIComponent(RESTAURANT)}${query}`;

function mockMenu(menu = aMenu()) {
  return mockMenuApi({
    'POST vendor/details': () => ({ body: profileWith({ admin: true }) }),
    'GET vendor/fooditem': ({ query }) =>
      query.get('restaurant') === RESTAURANT ? { body: menu } : { status: 404, body: { result: 'failure' } },
  });
}

// jsdom lays nothing out: give the list's scroll box the size a browser would, so the virtualiser shows rows.
beforeEach(() => {
  const size = (value: number) =>
    function (this: HTMLElement) {
      return this.dataset.testid === 'menu-item-scroller' ? value : 0;
    };
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(size(640));
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(size(1000));
});
afterEach(() => vi.restoreAllMocks());

const listed = () =>
  within(screen.getByRole('list', { name: 'Menu items' }))
    .queryAllByRole('listitem')
    .map((row) => within(row).getAllByRole('button')[0]!.querySelector('p')?.textContent);

describe('/menu', { timeout: 60_000 }, () => {
  it('asks for a restaurant first, then lists its items with their price, food type, hidden and unavailable marks', async () => {
    const user = userEvent.setup();
    mockMenu(
      aMenu({
        fooditems: [
          aSummary(),
          aSummary({ foodid: 'b', foodname: 'Chicken Biryani', price: 320, vegflag: 'N', listofcategories: ['Mains'] }),
          aSummary({ foodid: 'c', foodname: 'Egg Curry', price: 180, vegflag: 'E', hide_item: true }),
          aSummary({ foodid: 'd', foodname: 'Winter Soup', price: 90, unavailable: true, hide_item: true }),
        ],
      }),
    );
    const { router } = renderScreen(<MenuPage />, {
      signedInAs: profileWith({ admin: true }),
      path: '/menu',
      route: '/menu',
    });
    expect(screen.getByText('Choose a restaurant to see its menu.')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: 'Spice Route' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?restaurant=${encodeURIComponent(RESTAURANT)}`));

    const biryani = await screen.findByRole('button', { name: /Chicken Biryani/ });
    expect(within(biryani).getByText('₹320.00')).toBeVisible();
    expect(within(biryani).getByText('Non-veg')).toBeVisible();
    const egg = screen.getByRole('button', { name: /Egg Curry/ });
    expect(within(egg).getByText('Hidden')).toBeVisible();
    expect(within(egg).getByText('Egg')).toBeVisible();
    expect(within(egg).queryByText('Unavailable')).not.toBeInTheDocument();
    expect(within(biryani).queryByText('Hidden')).not.toBeInTheDocument();
    // The states are words in the row's name, not a colour only (issue 21 point 7).
    const soup = screen.getByRole('button', { name: /Winter Soup/ });
    expect(soup).toHaveAccessibleName(/Winter Soup Hidden Unavailable Starters/);
    expect(screen.getByText('4 of 4 items')).toBeVisible();
  });

  it('filters by search (after a pause) and by category, keeping both in the address', async () => {
    const user = userEvent.setup();
    mockMenu(
      aMenu({
        fooditems: [
          aSummary(),
          aSummary({ foodid: 'b', foodname: 'Chicken Biryani', listofcategories: ['Mains'] }),
          aSummary({ foodid: 'd', foodname: 'Masala Dosa', listofcategories: ['Mains'] }),
        ],
      }),
    );
    const { router } = renderScreen(<MenuPage />, {
      signedInAs: profileWith({ admin: true }),
      path: '/menu',
      route: route(),
    });
    await screen.findByRole('button', { name: /Masala Dosa/ });

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Mains' }));
    await waitFor(() => expect(listed()).toEqual(['Chicken Biryani', 'Masala Dosa']), { timeout: 5000 });

    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'dosa');
    await waitFor(() => expect(listed()).toEqual(['Masala Dosa']), { timeout: 5000 });
    expect(router.state.location.search).toContain('search=dosa');
    expect(router.state.location.search).toContain('category=Mains');
  });

  it('shows the price-book price with a note when the restaurant sells from a price book', async () => {
    mockMenu(
      aMenu({
        restaurant: {
          restaurant: RESTAURANT,
          name: 'Spice Route',
          client: 'acme',
          currency: 'INR',
          pricebook_path: 'standard',
        },
        fooditems: [aSummary({ pricebook_price: 230 }), aSummary({ foodid: 'x', foodname: 'Masala Dosa', price: 150 })],
      }),
    );
    renderScreen(<MenuPage />, {
      signedInAs: profileWith({ admin: true }),
      path: '/menu',
      route: route(),
    });
    const paneer = await screen.findByRole('button', { name: /Paneer Tikka/ });
    expect(within(paneer).getByText('₹230.00')).toBeVisible();
    expect(within(paneer).getByText('Price book ₹230.00 (new) · menu ₹220.00 (old)')).toBeVisible();
    const dosa = screen.getByRole('button', { name: /Masala Dosa/ });
    expect(within(dosa).queryByText(/Price book/)).not.toBeInTheDocument();
  });

  it('puts only the rows in view in the page for a 5,000-item menu', async () => {
    const items = Array.from({ length: 5000 }, (_, i) =>
      aSummary({ foodid: `item_${i}`, foodname: `Item ${String(i).padStart(4, '0')}` }),
    );
    mockMenu(aMenu({ fooditems: items }));
    renderScreen(<MenuPage />, {
      signedInAs: profileWith({ admin: true }),
      path: '/menu',
      route: route(),
    });
    expect(await screen.findByRole('button', { name: /Item 0000/ }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText('5000 of 5000 items')).toBeVisible();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(40);
    expect(screen.queryByRole('button', { name: /Item 4999/ })).not.toBeInTheDocument();
  });

  it("shows the item editor as the restaurant's client flags say (spec 001 §3.4)", async () => {
    const user = userEvent.setup();
    mockMenuApi({
      'POST vendor/details': () => ({ body: profileWith({ admin: true }) }),
      'GET vendor/fooditem': () => ({ body: aMenu() }),
      'POST get_client_data': () => ({
        body: {
          client_settings: {
            acme: { flags: { allergensMapping: false, nutritionalInfo: false, defaultAllDaysAvailablity: false } },
          },
        },
      }),
    });
    renderScreen(<MenuPage />, { signedInAs: profileWith({ admin: true }), path: '/menu', route: route() });
    await screen.findByRole('button', { name: /Paneer Tikka/ });
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const editor = await screen.findByRole('dialog');
    expect(await within(editor).findByRole('checkbox', { name: 'Monday' })).not.toBeChecked();
    expect(within(editor).getByRole('heading', { name: 'Dietary information' })).toBeInTheDocument();
    expect(within(editor).queryByRole('group', { name: 'Allergens' })).toBeNull();
    expect(within(editor).queryByText('Allergens')).toBeNull();
    expect(within(editor).queryByRole('heading', { name: 'Nutrition' })).toBeNull();
  });

  it('opens an item in the editor from the list, by its id in the address', async () => {
    const user = userEvent.setup();
    mockMenu();
    const { router } = renderScreen(<MenuPage />, {
      signedInAs: profileWith({ admin: true }),
      path: '/menu',
      route: route(),
    });
    await user.click(await screen.findByRole('button', { name: /Paneer Tikka/ }));
    await waitFor(() => expect(router.state.location.search).toContain('item=spice_route_paneer_tikka'));
  });
});
