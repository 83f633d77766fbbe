import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from '@cd/core';
import { renderScreen } from '../../../test/render';
import { aUser, editorProfile } from '../../../test/fixtures';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { fill, setupUser } from '../../../test/user-events';
import { UsersPage } from './users-page';

const admin = aUser({
  userid: 'demo.admin',
  name: 'Demo Administrator',
  admin: true,
  pagepermissionaccess: ['vendor'],
  permissions: [],
  version: 7,
});

function renderEdit(userid: string) {
  const user = setupUser();
  const view = renderScreen(<UsersPage />, { path: '/vendor', route: `/vendor?user=${userid}` });
  return { user, ...view };
}

const list = () => ({ body: { users: [admin], total: 1, page: 1, page_size: 25 } });

describe('editing a user', { timeout: 60_000 }, () => {
  it('shows who changed the user last, as DD-MM-YYYY HH:mm', async () => {
    mockApiRoutes({
      'POST vendor/details': () => ({ body: editorProfile() }),
      'GET vendor/users': list,
      'GET vendor/users/e2e.cashier': () => ({ body: { user: aUser({ updated_at: '2026-03-05T09:07:00' }) } }),
    });
    renderEdit('e2e.cashier');
    expect(await screen.findByText('Last changed by demo.admin at 05-03-2026 09:07')).toBeInTheDocument();
  });

  it('names the permission profile last applied to the user', async () => {
    mockApiRoutes({
      'POST vendor/details': () => ({ body: editorProfile() }),
      'GET vendor/users': list,
      'GET vendor/users/e2e.cashier': () => ({
        body: { user: aUser({ permission_profile: { id: 4, name: 'Menu team' } }) },
      }),
    });
    renderEdit('e2e.cashier');
    expect(await screen.findByText(/^Permission profile Menu team was applied to this user last/)).toBeVisible();
  });

  it('asks before an admin removes their own admin flag, and sends the confirmation only after Yes', async () => {
    const fetchMock = mockApiRoutes({
      'POST vendor/details': () => ({ body: editorProfile({ userid: 'demo.admin' }) }),
      'GET vendor/users': list,
      'GET vendor/users/demo.admin': () => ({ body: { user: admin } }),
      'PUT vendor/users/demo.admin': ({ body }) => ({
        body: { message: 'User updated', user: { ...admin, admin: Boolean(body.admin), version: 8 } },
      }),
    });
    const { user } = renderEdit('demo.admin');
    await user.click(await screen.findByLabelText('Administrator'));
    await user.click(screen.getByText('Save'));

    // Queries by text: role queries compute accessible names, which is slow on this large, styled screen.
    expect(await screen.findByText('Remove your own admin access?')).toBeInTheDocument();
    expect(screen.getByText('You will lose the user-management pages.')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('PUT vendor/users/demo.admin');

    // No keeps the user an admin on the server.
    const popup = screen.getByRole('dialog', { hidden: true, name: 'Remove your own admin access?' });
    await user.click(within(popup).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByText('Remove your own admin access?')).not.toBeInTheDocument());
    expect(requestsMade(fetchMock)).not.toContain('PUT vendor/users/demo.admin');

    await user.click(screen.getByText('Save'));
    await user.click(await screen.findByText('Remove'));
    expect(await screen.findByTestId('notice')).toHaveTextContent('User updated');
    const [body] = bodiesSent(fetchMock, 'PUT vendor/users/demo.admin');
    expect(body).toMatchObject({ admin: false, version: 7, confirm_remove_own_admin: true });
  });

  it('asks when the server wants the confirmation, then sends with it', async () => {
    const fetchMock = mockApiRoutes({
      'POST vendor/details': () => ({ body: editorProfile({ userid: 'demo.admin' }) }),
      'GET vendor/users': list,
      // The list showed the user as no admin; the server knows better.
      'GET vendor/users/demo.admin': () => ({ body: { user: { ...admin, admin: false } } }),
      'PUT vendor/users/demo.admin': ({ body }) =>
        body.confirm_remove_own_admin
          ? { body: { message: 'User updated', user: { ...admin, admin: false, version: 8 } } }
          : {
              status: 400,
              body: {
                result: 'failure',
                message: 'Confirm removing your own admin access',
                extras: { code: 'confirmRemoveOwnAdmin' },
              },
            },
    });
    const { user } = renderEdit('demo.admin');
    await fill(user, await screen.findByLabelText(/^Name/, { selector: 'input' }), 'Demo Administrator Two');
    await user.click(screen.getByText('Save'));
    await user.click(await screen.findByText('Remove'));

    expect(await screen.findByTestId('notice')).toHaveTextContent('User updated');
    const bodies = bodiesSent(fetchMock, 'PUT vendor/users/demo.admin');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ confirm_remove_own_admin: true });
  });

  it('on a version conflict offers Reload, which shows the saved copy instead of overwriting it', async () => {
    let saved = aUser({ name: 'Cashier One', version: 3 });
    const fetchMock = mockApiRoutes({
      'POST vendor/details': () => ({ body: editorProfile() }),
      'GET vendor/users': list,
      'GET vendor/users/e2e.cashier': () => ({ body: { user: saved } }),
      'PUT vendor/users/e2e.cashier': () => {
        // Someone else saved first.
        saved = aUser({ name: 'Cashier Renamed', version: 4, updated_by: 'demo.menu' });
        return {
          status: 409,
          body: {
            result: 'failure',
            message: 'demo.menu saved this user at 05-03-2026 10:00 after you opened it',
            extras: { code: 'versionConflict' },
          },
        };
      },
    });
    const { user } = renderEdit('e2e.cashier');
    const name = await screen.findByLabelText(/^Name/, { selector: 'input' });
    await fill(user, name, 'My Edit');
    await user.click(screen.getByText('Save'));

    const alert = await screen.findByText('demo.menu saved this user at 05-03-2026 10:00 after you opened it');
    expect(alert).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/, { selector: 'input' })).toHaveValue('My Edit');

    await user.click(screen.getByText('Reload'));
    await waitFor(() => expect(screen.getByLabelText(/^Name/, { selector: 'input' })).toHaveValue('Cashier Renamed'));
    expect(screen.queryByText(/after you opened it/)).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'PUT vendor/users/e2e.cashier')).toHaveLength(1);
  });

  it('sets a password in its own linkable dialog, refusing a weak one with the rule', async () => {
    const fetchMock = mockApiRoutes({
      'POST vendor/details': () => ({ body: editorProfile() }),
      'GET vendor/users': list,
      'GET vendor/users/e2e.cashier': () => ({ body: { user: aUser() } }),
      'POST vendor/users/e2e.cashier/password': () => ({ body: { message: 'Password updated' } }),
    });
    const { user, router } = renderEdit('e2e.cashier');
    await user.click(await screen.findByText('Set password'));
    expect(router.state.location.search).toBe('?user=e2e.cashier&dialog=password');

    const field = await screen.findByLabelText('New password');
    await fill(user, field, 'short');
    await user.click(screen.getAllByText('Set password').at(-1)!);
    expect(await screen.findByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('POST vendor/users/e2e.cashier/password');

    await fill(user, field, 'Cashier#2027');
    await user.click(screen.getAllByText('Set password').at(-1)!);
    expect(await screen.findByTestId('notice')).toHaveTextContent('Password updated');
    expect(bodiesSent(fetchMock, 'POST vendor/users/e2e.cashier/password')[0]).toMatchObject({
      password: 'Cashier#2027',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?user=e2e.cashier'));
  });
});
