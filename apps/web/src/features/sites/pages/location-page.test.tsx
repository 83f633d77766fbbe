import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { aLocation, profileWith } from '../../../test/fixtures';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { LocationPage } from './location-page';

// MUI under jsdom is slow on a busy machine: give waits more than the default second.
configure({ asyncUtilTimeout: 5000 });

const LOCATIONS = [
  aLocation(),
  aLocation({ location: 'loc-london', name: 'London Riverside', foodcourt_count: 1, restaurant_count: 3 }),
];

type Handlers = Parameters<typeof mockApiRoutes>[0];

function api(extras: Parameters<typeof profileWith>[0] = { admin: true }, more: Handlers = {}) {
  return mockApiRoutes({
    'POST vendor/details': () => ({ body: profileWith(extras) }),
    'GET vendor/location': ({ query }) => ({
      body: {
        locations: LOCATIONS.filter((l) => `${l.name} ${l.location}`.includes(query.get('search') ?? '')),
        total: 120,
      },
    }),
    ...more,
  });
}

const renderPage = (route = '/location') => {
  const user = userEvent.setup();
  return { user, ...renderScreen(<LocationPage />, { path: '/location', route }) };
};

// MUI's dialogs are slow under jsdom and user-event.
describe('the Organization list', { timeout: 30_000 }, () => {
  it('shows a page of organisations with their counts and who changed them', async () => {
    const fetchMock = api();
    renderPage();
    const table = await loadedTable('Organizations');
    const row = within(table).getByRole('row', { name: /Bengaluru Tech Park/ });
    expect(within(row).getByText('loc-bengaluru')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '2' })).toHaveAttribute('href', '/foodcourt?location=loc-bengaluru');
    expect(within(row).getByRole('link', { name: '7' })).toHaveAttribute('href', '/restaurant?location=loc-bengaluru');
    expect(within(row).getByText('demo.admin')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 120')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('GET vendor/location?page=1&page_size=25');
  });

  it('applies the search 500 ms after typing stops and keeps it in the address', async () => {
    const fetchMock = api();
    const { user, router } = renderPage('/location?page=3');
    await loadedTable('Organizations');
    // One change, as a paste: on a busy machine typing letter by letter can pause longer than the debounce.
    await user.click(screen.getByRole('searchbox', { name: 'Search organizations' }));
    await user.paste('London');
    // Not at once: the search waits for the pause.
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(router.state.location.search).toBe('?search=London'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Bengaluru/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /London Riverside/ })).toBeInTheDocument();
    // One request for the whole word, none for the letters typed on the way.
    expect(requestsMade(fetchMock).filter((r) => r.includes('search='))).toEqual([
      'GET vendor/location?page=1&page_size=25&search=London',
    ]);
  });

  it('pages on the server and remembers the page and page size in the address', async () => {
    const fetchMock = api();
    const { user, router } = renderPage();
    await loadedTable('Organizations');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(requestsMade(fetchMock)).toContain('GET vendor/location?page=2&page_size=25'));

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '200' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page_size=200'));
    await waitFor(() => expect(requestsMade(fetchMock)).toContain('GET vendor/location?page=1&page_size=200'));
  });

  it.each([
    ['an admin', { admin: true }, true],
    ['a user with add_location', { permissions: ['add_location'] }, true],
    ['a user without it', { permissions: ['add_foodcourt'] }, false],
  ])('shows "Add organization" to %s: %s', async (_who, extras, shown) => {
    const fetchMock = api(extras);
    renderPage();
    await loadedTable('Organizations');
    // Judge once the profile has answered.
    await waitFor(() => expect(requestsMade(fetchMock)).toContain('POST vendor/details'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await waitFor(() => expect(Boolean(screen.queryByRole('button', { name: 'Add organization' }))).toBe(shown));
  });
});

describe('the organisation dialog', { timeout: 30_000 }, () => {
  it('opens from the add button with ?action=new and validates with the API schema', async () => {
    const fetchMock = api();
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add organization' }));
    expect(router.state.location.search).toBe('?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an id of at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Organization ID/), 'Loc Bad!');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Bad (name)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use lowercase letters, digits, - and _ only')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('POST vendor/location');
  });

  it('adds an organisation, closes and refreshes the list', async () => {
    const fetchMock = api(
      { admin: true },
      {
        'POST vendor/location': ({ body }) => ({
          body: {
            message: 'Organization added',
            location: aLocation({ location: String(body.location), name: String(body.name) }),
          },
        }),
      },
    );
    const { user, router } = renderPage('/location?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add organization' });
    await user.type(within(dialog).getByLabelText(/Organization ID/), 'LOC-Paris');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Paris Nord');
    const before = requestsMade(fetchMock).filter((r) => r.startsWith('GET vendor/location')).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(bodiesSent(fetchMock, 'POST vendor/location')[0]).toMatchObject({
      location: 'loc-paris',
      name: 'Paris Nord',
    });
    expect(await screen.findByText('Organization added')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsMade(fetchMock).filter((r) => r.startsWith('GET vendor/location')).length).toBeGreaterThan(before),
    );
  });

  it('shows an id already taken under the id field', async () => {
    api(
      { admin: true },
      {
        'POST vendor/location': () => ({
          status: 409,
          body: {
            result: 'failure',
            message: 'An organisation with this id exists',
            extras: { code: 'siteExists', field: 'location' },
          },
        }),
      },
    );
    const { user } = renderPage('/location?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add organization' });
    await user.type(within(dialog).getByLabelText(/Organization ID/), 'loc-bengaluru');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const id = within(dialog).getByLabelText(/Organization ID/);
    expect(await within(dialog).findByText('An organisation with this id exists')).toBeInTheDocument();
    expect(id).toHaveAttribute('aria-invalid', 'true');
  });

  it('reopens the edit dialog from ?edit=, renames with the version, and offers a reload on a conflict', async () => {
    let version = 1;
    const fetchMock = api(
      { permissions: [] },
      {
        'PUT vendor/location/loc-london': ({ body }) =>
          body.version === version
            ? {
                body: {
                  message: 'Organization updated',
                  location: aLocation({ location: 'loc-london', name: String(body.name), version: version + 1 }),
                },
              }
            : {
                status: 409,
                body: {
                  result: 'failure',
                  message: 'Someone else changed this organisation',
                  extras: { code: 'versionConflict' },
                },
              },
      },
    );
    const { user } = renderPage('/location?edit=loc-london');
    const dialog = await screen.findByRole('dialog', { name: 'Edit organization London Riverside' });
    expect(within(dialog).getByLabelText(/Organization ID/)).toBeDisabled();
    version = 2; // someone else saved meanwhile
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'London Bridge');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Someone else changed this organisation')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'PUT vendor/location/loc-london')[0]).toMatchObject({
      name: 'London Bridge',
      version: 1,
    });
    // Reload takes the saved copy (the list answers version 1 here, so make it answer 2).
    LOCATIONS[1] = { ...LOCATIONS[1]!, version: 2, name: 'London Riverside (renamed)' };
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('London Riverside (renamed)'));
    expect(within(dialog).queryByText('Someone else changed this organisation')).not.toBeInTheDocument();
    LOCATIONS[1] = { ...LOCATIONS[1]!, version: 1, name: 'London Riverside' };
  });

  it('looks up an organisation that is not on the page shown, and says when there is none', async () => {
    const fetchMock = api({ admin: true });
    renderPage('/location?edit=loc-nowhere');
    expect(await screen.findByText(/loc-nowhere was not found/)).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('GET vendor/location?page=1&page_size=200&search=loc-nowhere');
  });
});
