import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RestaurantFormDialogProps } from '../../restaurants';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { aFoodcourt, aRestaurant, profileWith } from '../../../test/fixtures';
import { mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { RestaurantPage } from './restaurant-page';

// MUI under jsdom is slow on a busy machine: give waits more than the default second.
configure({ asyncUtilTimeout: 5000 });

// The restaurant form is another feature's, tested there; here a stand-in shows what it was opened with.
vi.mock('../../restaurants', () => ({
  RestaurantFormDialog: ({ mode, foodcourt, restaurant, onClose }: RestaurantFormDialogProps) => (
    <div role="dialog" aria-label="Restaurant form">
      <p>
        {mode} {foodcourt} {restaurant ?? '-'}
      </p>
      <button type="button" onClick={() => onClose({ restaurant: restaurant ?? 'new' } as never)}>
        Stand-in save
      </button>
      <button type="button" onClick={() => onClose()}>
        Stand-in close
      </button>
    </div>
  ),
}));

type Handlers = Parameters<typeof mockApiRoutes>[0];

const RESTAURANTS = [
  aRestaurant(),
  aRestaurant({
    restaurant: 'fc-blr-atrium:pizza-hub',
    restid: 'pizza-hub',
    name: 'Pizza Hub',
    client: 'globex',
    status: 'closed',
    type: 'subsidy',
    hasdinein: false,
    hasdelivery: true,
    hide_restaurant: true,
  }),
];

function api(extras: Parameters<typeof profileWith>[0] = { admin: true }, more: Handlers = {}) {
  return mockApiRoutes({
    'POST vendor/details': () => ({ body: profileWith(extras) }),
    'GET vendor/clients': () => ({
      body: {
        clients: [
          { client: 'acme', name: 'Acme Foods' },
          { client: 'globex', name: 'Globex Corp' },
        ],
      },
    }),
    'GET vendor/restaurant': ({ query }) => {
      const rows = RESTAURANTS.filter((r) => !query.get('status') || r.status === query.get('status'));
      return { body: { restaurants: rows, total: 2000 } };
    },
    'GET vendor/foodcourt': () => ({ body: { foodcourts: [aFoodcourt()], total: 1 } }),
    'GET vendor/location': () => ({ body: { locations: [], total: 0 } }),
    ...more,
  });
}

const renderPage = (route = '/restaurant') => {
  const user = userEvent.setup();
  return { user, ...renderScreen(<RestaurantPage />, { path: '/restaurant', route }) };
};

const listRequests = (fetchMock: ReturnType<typeof api>) =>
  requestsMade(fetchMock).filter((r) => r.startsWith('GET vendor/restaurant'));

describe('the restaurant list', { timeout: 30_000 }, () => {
  it('shows a server page of restaurants with client names, status, type and service chips', async () => {
    const fetchMock = api();
    renderPage('/restaurant?foodcourt=fc-blr-atrium&page_size=50');
    const table = await loadedTable('Restaurants');
    const pizza = within(table).getByRole('row', { name: /Pizza Hub/ });
    expect(within(pizza).getByText('fc-blr-atrium:pizza-hub')).toBeInTheDocument();
    expect(within(pizza).getByText('Atrium Food Court')).toBeInTheDocument();
    await waitFor(() => expect(within(pizza).getByText('Globex Corp')).toBeInTheDocument());
    expect(within(pizza).getByText('Closed')).toBeInTheDocument();
    expect(within(pizza).getByText('Subsidy')).toBeInTheDocument();
    expect(within(pizza).getByText('Delivery')).toBeInTheDocument();
    expect(within(pizza).getByText('Hidden')).toBeInTheDocument();
    expect(within(pizza).queryByText('Dine-in')).not.toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Dosa Corner/ })).getByText('Dine-in')).toBeInTheDocument();
    // Only the page asked for is loaded, never the food court's 2,000 rows.
    expect(listRequests(fetchMock)).toEqual(['GET vendor/restaurant?foodcourt=fc-blr-atrium&page=1&page_size=50']);
    expect(screen.getByText('1–50 of 2000')).toBeInTheDocument();
  });

  it('filters by status and client on the server, in the address', async () => {
    const fetchMock = api();
    const { user, router } = renderPage('/restaurant?page=4');
    await loadedTable('Restaurants');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Dosa Corner/ })).not.toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Globex Corp' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed&client=globex'));
    await waitFor(() =>
      expect(listRequests(fetchMock)).toContain(
        'GET vendor/restaurant?client=globex&page=1&page_size=25&status=closed',
      ),
    );
  });

  it('searches after the 500 ms pause', async () => {
    const fetchMock = api();
    const { user, router } = renderPage();
    await loadedTable('Restaurants');
    // One change, as a paste: on a busy machine typing letter by letter can pause longer than the debounce.
    await user.click(screen.getByRole('searchbox', { name: 'Search restaurants' }));
    await user.paste('pizza');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?search=pizza'));
    await waitFor(() =>
      expect(listRequests(fetchMock)).toContain('GET vendor/restaurant?page=1&page_size=25&search=pizza'),
    );
    expect(listRequests(fetchMock).filter((r) => r.includes('search='))).toHaveLength(1);
  });

  it.each([
    ['an admin', { admin: true }, true],
    ['a user with add_restaurant', { permissions: ['add_restaurant'] }, true],
    ['a user without it', { permissions: ['add_location', 'add_foodcourt'] }, false],
  ])('shows "Add restaurant" to %s', async (_who, extras, shown) => {
    const fetchMock = api(extras);
    renderPage();
    await loadedTable('Restaurants');
    await waitFor(() => expect(requestsMade(fetchMock)).toContain('POST vendor/details'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await waitFor(() => expect(Boolean(screen.queryByRole('button', { name: 'Add restaurant' }))).toBe(shown));
  });
});

describe('the restaurant form from the list', { timeout: 30_000 }, () => {
  it('opens a row in edit mode with ?edit=, and refreshes the list after a save', async () => {
    const fetchMock = api();
    const { user, router } = renderPage('/restaurant?foodcourt=fc-blr-atrium');
    await user.click(await screen.findByRole('button', { name: 'Edit Pizza Hub' }));
    expect(router.state.location.search).toBe('?foodcourt=fc-blr-atrium&edit=fc-blr-atrium%3Apizza-hub');
    const form = await screen.findByRole('dialog', { name: 'Restaurant form' });
    expect(within(form).getByText('edit fc-blr-atrium fc-blr-atrium:pizza-hub')).toBeInTheDocument();

    const before = listRequests(fetchMock).length;
    await user.click(within(form).getByRole('button', { name: 'Stand-in save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?foodcourt=fc-blr-atrium'));
    await waitFor(() => expect(listRequests(fetchMock).length).toBeGreaterThan(before));
  });

  it('reopens the form after a reload from the address', async () => {
    api();
    renderPage('/restaurant?edit=fc-blr-atrium%3Adosa-corner');
    const form = await screen.findByRole('dialog', { name: 'Restaurant form' });
    expect(within(form).getByText('edit fc-blr-atrium fc-blr-atrium:dosa-corner')).toBeInTheDocument();
  });

  it('adds in the filtered food court at once', async () => {
    api();
    const { user, router } = renderPage('/restaurant?foodcourt=fc-blr-atrium');
    await user.click(await screen.findByRole('button', { name: 'Add restaurant' }));
    expect(router.state.location.search).toBe('?foodcourt=fc-blr-atrium&action=new');
    const form = await screen.findByRole('dialog', { name: 'Restaurant form' });
    expect(within(form).getByText('new fc-blr-atrium -')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Stand-in close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?foodcourt=fc-blr-atrium'));
  });

  it('asks for the food court first when no food court filter is set', async () => {
    api();
    const { user, router } = renderPage('/restaurant');
    await user.click(await screen.findByRole('button', { name: 'Add restaurant' }));
    const picker = await screen.findByRole('dialog', { name: 'Add restaurant' });
    expect(within(picker).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(within(picker).getByRole('combobox', { name: 'Food court' }));
    await user.click(await screen.findByRole('option', { name: /Atrium Food Court/ }));
    await user.click(within(picker).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.search).toBe('?action=new&foodcourt=fc-blr-atrium'));
    const form = await screen.findByRole('dialog', { name: 'Restaurant form' });
    expect(within(form).getByText('new fc-blr-atrium -')).toBeInTheDocument();
  });

  it('does not open the add form for a user who may not add', async () => {
    const fetchMock = api({ permissions: [] });
    renderPage('/restaurant?action=new&foodcourt=fc-blr-atrium');
    await loadedTable('Restaurants');
    await waitFor(() => expect(requestsMade(fetchMock)).toContain('POST vendor/details'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
