import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { aFoodcourt, aLocation, profileWith } from '../../../test/fixtures';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { clearLoginState, getSiteSelection, markLoggedIn } from '../../../lib/login-state';
import { FoodcourtPage } from './foodcourt-page';

// MUI under jsdom is slow on a busy machine: give waits more than the default second.
configure({ asyncUtilTimeout: 5000 });

type Handlers = Parameters<typeof mockApiRoutes>[0];

const LOCATIONS = [aLocation(), aLocation({ location: 'loc-london', name: 'London Riverside' })];
const FOODCOURTS = [
  aFoodcourt(),
  aFoodcourt({
    foodcourt: 'fc-ldn-river',
    name: 'River Kitchen',
    location: 'loc-london',
    location_name: 'London Riverside',
  }),
];

function api(extras: Parameters<typeof profileWith>[0] = { admin: true }, more: Handlers = {}) {
  return mockApiRoutes({
    'POST vendor/details': () => ({ body: profileWith(extras) }),
    'GET vendor/location': ({ query }) => ({
      body: {
        locations: LOCATIONS.filter((l) => `${l.name} ${l.location}`.includes(query.get('search') ?? '')),
        total: 2,
      },
    }),
    'GET vendor/foodcourt': ({ query }) => {
      const rows = FOODCOURTS.filter(
        (f) =>
          (!query.get('location') || f.location === query.get('location')) &&
          `${f.name} ${f.foodcourt}`.includes(query.get('search') ?? ''),
      );
      return { body: { foodcourts: rows, total: rows.length } };
    },
    ...more,
  });
}

const renderPage = (route = '/foodcourt') => {
  const user = userEvent.setup();
  return { user, ...renderScreen(<FoodcourtPage />, { path: '/foodcourt', route }) };
};

// MUI's pickers and dialogs are slow under jsdom and user-event.
describe('the food court list', { timeout: 30_000 }, () => {
  it('shows food courts with their organisation and restaurant count', async () => {
    api();
    renderPage();
    const table = await loadedTable('Food courts');
    const row = within(table).getByRole('row', { name: /River Kitchen/ });
    expect(within(row).getByText('London Riverside')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '4' })).toHaveAttribute('href', '/restaurant?foodcourt=fc-ldn-river');
    expect(within(row).getByRole('button', { name: 'Edit River Kitchen' })).toBeInTheDocument();
  });

  it('filters by organisation on the server and keeps the filter in the address', async () => {
    const fetchMock = api();
    const { user, router } = renderPage('/foodcourt?page=2');
    await loadedTable('Food courts');
    await user.click(screen.getByRole('combobox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: /London Riverside/ }));

    await waitFor(() => expect(router.state.location.search).toBe('?location=loc-london'));
    await waitFor(() =>
      expect(requestsMade(fetchMock)).toContain('GET vendor/foodcourt?location=loc-london&page=1&page_size=25'),
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: /Atrium/ })).not.toBeInTheDocument());
  });

  it("keeps the chosen organisation as the session's site selection, which a list opened without a filter starts at", async () => {
    api();
    markLoggedIn({ name: 'Demo User', userid: 'demo.user' });
    const { user, router, unmount } = renderPage('/foodcourt');
    await loadedTable('Food courts');
    await user.click(screen.getByRole('combobox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: /London Riverside/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=loc-london'));
    expect(getSiteSelection()).toEqual({ locations: ['loc-london'], foodcourts: [] });
    unmount();

    const again = renderPage('/foodcourt');
    await waitFor(() => expect(again.router.state.location.search).toBe('?location=loc-london'));
    clearLoginState();
    expect(getSiteSelection()).toEqual({ locations: [], foodcourts: [] });
  });

  it('shows the chosen organisation by name after a reload', async () => {
    api();
    renderPage('/foodcourt?location=loc-london');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveValue('London Riverside'));
  });

  it.each([
    ['a user with add_foodcourt', { permissions: ['add_foodcourt'] }, true],
    ['a user with only add_location', { permissions: ['add_location'] }, false],
  ])('shows "Add food court" to %s', async (_who, extras, shown) => {
    const fetchMock = api(extras);
    renderPage();
    await loadedTable('Food courts');
    await waitFor(() => expect(requestsMade(fetchMock)).toContain('POST vendor/details'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await waitFor(() => expect(Boolean(screen.queryByRole('button', { name: 'Add food court' }))).toBe(shown));
  });

  it('adds a food court to the organisation filtered on, after the schema is satisfied', async () => {
    const fetchMock = api(
      { admin: true },
      {
        'POST vendor/foodcourt': ({ body }) => ({
          body: { message: 'Food court added', foodcourt: aFoodcourt({ foodcourt: String(body.foodcourt) }) },
        }),
      },
    );
    const { user, router } = renderPage('/foodcourt?location=loc-london');
    await user.click(await screen.findByRole('button', { name: 'Add food court' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add food court' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Organization/ })).toHaveValue('London Riverside'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an id of at least 2 characters')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('POST vendor/foodcourt');

    await user.type(within(dialog).getByLabelText(/Food court ID/), 'fc-ldn-deck');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Deck Diner');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'POST vendor/foodcourt')[0]).toMatchObject({
      foodcourt: 'fc-ldn-deck',
      location: 'loc-london',
      name: 'Deck Diner',
    });
    expect(router.state.location.search).toBe('?location=loc-london');
  });

  it('asks for an organisation when none is chosen', async () => {
    api();
    const { user } = renderPage('/foodcourt?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add food court' });
    await user.type(within(dialog).getByLabelText(/Food court ID/), 'fc-x');
    await user.type(within(dialog).getByLabelText(/^Name/), 'X');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose an organisation')).toBeInTheDocument();
  });

  it('asks before closing a dialog with unsaved edits', async () => {
    api();
    const { user, router } = renderPage('/foodcourt?edit=fc-ldn-river');
    const dialog = await screen.findByRole('dialog', { name: 'Edit food court River Kitchen' });
    expect(within(dialog).getByRole('combobox', { name: /Organization/ })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^Name/), ' Two');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    // No, the safe answer, has the focus: Enter keeps the edits (issue 35).
    await waitFor(() => expect(within(ask).getByRole('button', { name: 'No' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('River Kitchen Two');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
