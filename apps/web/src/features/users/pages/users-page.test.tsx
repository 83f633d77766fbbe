import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { aUser, editorProfile } from '../../../test/fixtures';
import { mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { fill, setupUser } from '../../../test/user-events';
import { UsersPage } from './users-page';

const USERS = [
  aUser({ userid: 'demo.admin', name: 'Demo Administrator', admin: true }),
  aUser({ userid: 'e2e.cashier', name: 'Cashier One', status: 'inactive', login_types: ['password', 'phone'] }),
];

function api(onList?: (query: URLSearchParams) => void) {
  return mockApiRoutes({
    'POST vendor/details': () => ({ body: editorProfile() }),
    'GET vendor/users': ({ query }) => {
      onList?.(query);
      const search = query.get('search') ?? '';
      const users = USERS.filter((u) => u.userid.includes(search) || u.name.includes(search));
      return {
        body: { users, total: users.length === 1 ? 1 : 60, page: Number(query.get('page') ?? 1), page_size: 25 },
      };
    },
    'GET vendor/users/e2e.cashier': () => ({ body: { user: USERS[1] } }),
  });
}

describe('users list', { timeout: 60_000 }, () => {
  it('lists the users of the page the address names, with the search it holds', async () => {
    const fetchMock = api();
    renderScreen(<UsersPage />, { path: '/vendor', route: '/vendor?search=Cashier&status=inactive&page=2' });

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Cashier One')).toBeInTheDocument();
    expect(within(table).getByText('Password, Phone OTP')).toBeInTheDocument();
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('GET vendor/users?search=Cashier&status=inactive&page=2&page_size=25');
    expect(screen.getByLabelText('Search users')).toHaveValue('Cashier');
  });

  it('applies the search to the address 500 ms after typing stops, back on page 1', async () => {
    const searches: string[] = [];
    api((query) => searches.push(query.get('search') ?? ''));
    const user = setupUser();
    const { router } = renderScreen(<UsersPage />, { path: '/vendor', route: '/vendor?page=2' });
    await screen.findByText('Demo Administrator');

    await fill(user, screen.getByLabelText('Search users'), 'Cash');
    // Still typing: nothing searched yet.
    expect(searches).not.toContain('C');
    await waitFor(() => expect(router.state.location.search).toBe('?search=Cash'));
    await waitFor(() => expect(searches.filter((s) => s !== '')).toEqual(['Cash']));
    await waitFor(() => expect(screen.queryByText('Demo Administrator')).not.toBeInTheDocument());
  });

  it('moves between pages and opens a user by the address', async () => {
    api();
    const user = setupUser();
    const { router } = renderScreen(<UsersPage />, { path: '/vendor', route: '/vendor' });
    await screen.findByText('Demo Administrator');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(router.state.location.search).toBe('?page=2');

    await user.click(screen.getByRole('button', { name: 'e2e.cashier' }));
    expect(router.state.location.search).toBe('?page=2&user=e2e.cashier');
    expect(await screen.findByRole('heading', { name: 'Edit user e2e.cashier' })).toBeInTheDocument();
  });
});
