import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { aUser, editorProfile } from '../../../test/fixtures';
import { bodiesSent, mockApiRoutes } from '../../../test/mock-api-routes';
import { fill, setupUser } from '../../../test/user-events';
import { AdUsersPage } from './ad-users-page';

const SSO_USER = aUser({
  userid: 'demo.sso@corp.controldesk.test',
  name: 'Demo SSO User',
  login_types: ['sso'],
  only_sso_login: true,
  version: 5,
});

function api() {
  return mockApiRoutes({
    'POST vendor/details': () => ({ body: editorProfile() }),
    'GET ad_users': () => ({ body: { users: [SSO_USER] } }),
    'POST ad_users': ({ body }) => ({ body: { message: 'SSO user added', user: { ...SSO_USER, ...body } } }),
    'PUT ad_users/demo.sso@corp.controldesk.test': ({ body }) => ({
      body: { message: 'SSO user updated', user: { ...SSO_USER, ...body, version: 6 } },
    }),
  });
}

describe('AD users', { timeout: 60_000 }, () => {
  it('adds an SSO user by corporate e-mail, name and status', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<AdUsersPage />, { path: '/ad-user-management', route: '/ad-user-management' });
    expect(await screen.findByRole('button', { name: 'demo.sso@corp.controldesk.test' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add SSO user' }));

    const email = await screen.findByLabelText(/Corporate e-mail/, { selector: 'input' });
    await fill(user, email, 'jane.doe');
    await fill(user, screen.getByLabelText(/^Name/, { selector: 'input' }), 'Jane Doe');
    await user.click(screen.getByText('Save'));
    expect(await screen.findByText('Enter the corporate e-mail address')).toBeInTheDocument();

    await fill(user, email, 'jane.doe@Corp.ControlDesk.test');
    await user.click(screen.getByLabelText('Inactive'));
    await user.click(screen.getByText('Save'));
    expect(await screen.findByTestId('notice')).toHaveTextContent('SSO user added');
    expect(bodiesSent(fetchMock, 'POST ad_users')[0]).toMatchObject({
      userid: 'jane.doe@corp.controldesk.test',
      name: 'Jane Doe',
      status: 'inactive',
    });
  });

  it('changes name and status of an SSO user, naming the version', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<AdUsersPage />, {
      path: '/ad-user-management',
      route: '/ad-user-management?user=demo.sso%40corp.controldesk.test',
    });
    const name = await screen.findByLabelText(/^Name/, { selector: 'input' });
    expect(screen.getByLabelText(/Corporate e-mail/, { selector: 'input' })).toBeDisabled();
    await fill(user, name, 'SSO Person');
    await user.click(screen.getByText('Save'));
    expect(await screen.findByTestId('notice')).toHaveTextContent('SSO user updated');
    expect(bodiesSent(fetchMock, 'PUT ad_users/demo.sso@corp.controldesk.test')[0]).toEqual(
      expect.objectContaining({ name: 'SSO Person', status: 'active', version: 5 }),
    );
  });
});
