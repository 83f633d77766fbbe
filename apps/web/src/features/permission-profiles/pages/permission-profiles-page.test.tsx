import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { aUser, editorProfile } from '../../../test/fixtures';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { setupUser } from '../../../test/user-events';
import { PermissionProfilesPage } from './permission-profiles-page';

const CASHIERS = {
  id: 4,
  name: 'Cashiers',
  admin: false,
  pagepermissionaccess: ['cashier-management', 'refunds'],
  permissions: [],
  read_only_access: ['refunds'],
  version: 2,
  updated_at: '2026-03-01T08:00:00',
  updated_by: 'demo.admin',
};

function api(extra = {}) {
  return mockApiRoutes({
    'POST vendor/details': () => ({ body: editorProfile() }),
    'GET permission_profiles': () => ({ body: { profiles: [CASHIERS] } }),
    'GET vendor/users': ({ query }) => ({
      body: {
        users: [aUser({ userid: 'e2e.cashier', name: 'Cashier One' }), aUser({ userid: 'c2', name: 'Cashier Two' })],
        total: 2,
        page: 1,
        page_size: Number(query.get('page_size')),
      },
    }),
    ...extra,
  });
}

describe('permission profiles', { timeout: 60_000 }, () => {
  it('lists profiles and edits one with the permission editor, sending the version it loaded', async () => {
    const fetchMock = api({
      'PUT permission_profiles/4': ({ body }: { body: Record<string, unknown> }) => ({
        body: { profile: { ...CASHIERS, ...body, version: 3 }, message: 'Profile saved' },
      }),
    });
    const user = setupUser();
    renderScreen(<PermissionProfilesPage />, { path: '/permission-profile', route: '/permission-profile' });
    await user.click(await screen.findByRole('button', { name: 'Cashiers' }));
    expect(screen.getByText('2 pages')).toBeInTheDocument();

    // The group holding given pages starts open.
    expect(await screen.findByLabelText('Cashier Management')).toBeChecked();
    expect(screen.getByLabelText('Refunds read-only')).toBeChecked();
    await user.click(screen.getByLabelText('Organization'));
    await user.click(screen.getByText('Save'));

    expect(await screen.findByTestId('notice')).toHaveTextContent('Profile saved');
    const [body] = bodiesSent(fetchMock, 'PUT permission_profiles/4');
    expect(body).toMatchObject({
      name: 'Cashiers',
      version: 2,
      pagepermissionaccess: ['cashier-management', 'refunds', 'location'],
      permissions: ['add_location'],
      read_only_access: ['refunds'],
    });
  });

  it('deletes a profile only after the warning, naming the version', async () => {
    const fetchMock = api({ 'DELETE permission_profiles/4': () => ({ body: { message: 'Profile deleted' } }) });
    const user = setupUser();
    const { router } = renderScreen(<PermissionProfilesPage />, {
      path: '/permission-profile',
      route: '/permission-profile',
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Cashiers' }));
    expect(router.state.location.search).toBe('?edit=4&dialog=delete');
    expect(await screen.findByRole('dialog', { name: 'Delete the profile Cashiers?' })).toBeInTheDocument();
    expect(requestsMade(fetchMock).some((r) => r.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('notice')).toHaveTextContent('Profile deleted');
    expect(requestsMade(fetchMock)).toContain('DELETE permission_profiles/4?version=2');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('applies a profile to the users chosen from the list', async () => {
    const fetchMock = api({
      'POST permission_profiles/4/apply': () => ({ body: { message: 'Applied to 1 user', updated: 1 } }),
    });
    const user = setupUser();
    renderScreen(<PermissionProfilesPage />, {
      path: '/permission-profile',
      route: '/permission-profile?edit=4&dialog=apply',
    });
    expect(await screen.findByRole('dialog', { name: 'Apply Cashiers to users' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply to 0 users' })).toBeDisabled();
    await waitFor(() => expect(requestsMade(fetchMock)).toContain('GET vendor/users?page=1&page_size=200'));

    await user.click(screen.getByRole('combobox', { name: 'Users' }));
    await user.click(await screen.findByRole('option', { name: 'Cashier One (e2e.cashier)' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Apply to 1 user' }));

    expect(await screen.findByTestId('notice')).toHaveTextContent('Applied to 1 user');
    expect(bodiesSent(fetchMock, 'POST permission_profiles/4/apply')[0]).toMatchObject({ userids: ['e2e.cashier'] });
  });
});
