import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NAME_RULE_MESSAGE, PASSWORD_RULE_MESSAGE } from '@cd/core';
import { renderScreen } from '../../../test/render';
import { aUser, editorProfile } from '../../../test/fixtures';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { fill, setupUser } from '../../../test/user-events';
import { UsersPage } from './users-page';

const baseApi = {
  'POST vendor/details': () => ({ body: editorProfile() }),
  'GET vendor/users': () => ({ body: { users: [], total: 0, page: 1, page_size: 25 } }),
};

function renderNewUser() {
  const user = setupUser();
  const view = renderScreen(<UsersPage />, { path: '/vendor', route: '/vendor?action=new' });
  return { user, ...view };
}

const TEXT = 'input:not([type="checkbox"])';
const field = (label: RegExp) => screen.getByLabelText(label, { selector: TEXT });
const passwordField = () => screen.getByLabelText(/^Password/, { selector: 'input[type="password"]' });
const save = () => screen.getByText('Save');

// The form is large (every page permission); jsdom and user-event need more than the default 5 s.
describe('the user form validates with the shared schemas', { timeout: 60_000 }, () => {
  it('names the missing user id and name, and the password that password sign-in needs', async () => {
    const fetchMock = mockApiRoutes(baseApi);
    const { user } = renderNewUser();
    await screen.findByLabelText(/User ID/, { selector: TEXT });
    await user.click(save());

    expect(await screen.findByText('User id needs at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter a name')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('POST vendor/users');

    await fill(user, field(/User ID/), 'new.user');
    await fill(user, field(/^Name/), 'New User');
    await user.click(save());
    expect(await screen.findByText('Password sign-in needs a password')).toBeInTheDocument();
  });

  it('refuses a name with a forbidden character and a weak password, showing the rule live', async () => {
    mockApiRoutes(baseApi);
    const { user } = renderNewUser();
    await fill(user, await screen.findByLabelText(/User ID/, { selector: TEXT }), 'new.user');
    await fill(user, field(/^Name/), 'New (User)');
    await fill(user, passwordField(), 'weakpass');
    expect(screen.getByText(/does not meet the rule yet/)).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText(NAME_RULE_MESSAGE)).toBeInTheDocument();
    await fill(user, field(/^Name/), 'New User');
    await user.click(save());
    expect(await screen.findByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    await fill(user, passwordField(), 'Cashier#2026');
    expect(await screen.findByText(/meets the rule/)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_RULE_MESSAGE)).not.toBeInTheDocument();
  });

  it('asks for a phone for phone sign-in and an e-mail for e-mail sign-in', async () => {
    mockApiRoutes(baseApi);
    const { user } = renderNewUser();
    await fill(user, await screen.findByLabelText(/User ID/, { selector: TEXT }), 'new.user');
    await fill(user, field(/^Name/), 'New User');
    await user.click(screen.getByLabelText('Password', { selector: 'input[type="checkbox"]' }));
    await user.click(screen.getByLabelText('Phone OTP'));
    await user.click(screen.getByLabelText('E-mail OTP'));
    await user.click(save());

    expect(await screen.findByText('Phone sign-in needs a phone number')).toBeInTheDocument();
    expect(screen.getByText('E-mail and SSO sign-in need an e-mail address')).toBeInTheDocument();

    await fill(user, field(/^Phone/), '9000000123');
    await fill(user, field(/^E-mail/), 'new.user@demo.test');
    expect(screen.queryByText('Phone sign-in needs a phone number')).not.toBeInTheDocument();
    expect(screen.queryByText('E-mail and SSO sign-in need an e-mail address')).not.toBeInTheDocument();
  });

  it('SSO only leaves single sign-on as the only method and drops the password', async () => {
    mockApiRoutes(baseApi);
    const { user } = renderNewUser();
    await user.click(await screen.findByLabelText('Phone OTP'));
    await user.click(screen.getByLabelText('SSO only'));

    const methods = within(screen.getByText('Sign-in methods allowed', { selector: 'legend' }).closest('fieldset')!);
    expect(methods.getByLabelText('Single sign-on (SSO)')).toBeChecked();
    for (const name of ['Password', 'Phone OTP', 'E-mail OTP']) {
      expect(methods.getByLabelText(name)).not.toBeChecked();
      expect(methods.getByLabelText(name)).toBeDisabled();
    }
    expect(screen.queryByLabelText(/^Password/, { selector: 'input[type="password"]' })).not.toBeInTheDocument();
  });

  it('creates the user with the parsed body and shows the server message', async () => {
    const fetchMock = mockApiRoutes({
      ...baseApi,
      'POST vendor/users': ({ body }) => ({
        body: { message: 'User created', user: aUser({ userid: String(body.userid), name: String(body.name) }) },
      }),
    });
    const { user, router } = renderNewUser();
    await fill(user, await screen.findByLabelText(/User ID/, { selector: TEXT }), 'e2e.cashier');
    await fill(user, field(/^Name/), 'Cashier One');
    await fill(user, passwordField(), 'Cashier#2026');
    await user.click(screen.getByLabelText('Show the pages of Site handlers'));
    await user.click(screen.getByLabelText('Organization'));
    await user.click(save());

    expect(await screen.findByTestId('notice')).toHaveTextContent('User created');
    const [body] = bodiesSent(fetchMock, 'POST vendor/users');
    expect(body).toMatchObject({
      userid: 'e2e.cashier',
      name: 'Cashier One',
      phone: null,
      email: null,
      password: 'Cashier#2026',
      login_types: ['password'],
      pagepermissionaccess: ['location'],
      permissions: ['add_location'],
      sites: { locations: [], foodcourts: [], restaurants: [] },
    });
    expect(router.state.location.search).toBe('');
  });

  it('shows a server failure naming a field under that field', async () => {
    mockApiRoutes({
      ...baseApi,
      'POST vendor/users': () => ({
        status: 409,
        body: {
          result: 'failure',
          message: 'A user with this user id already exists',
          extras: { code: 'userExists', field: 'userid' },
        },
      }),
    });
    const { user } = renderNewUser();
    await fill(user, await screen.findByLabelText(/User ID/, { selector: TEXT }), 'demo.admin');
    await fill(user, field(/^Name/), 'Someone');
    await fill(user, passwordField(), 'Cashier#2026');
    await user.click(save());

    const userid = await screen.findByLabelText(/User ID/, { selector: TEXT });
    expect(userid).toHaveAccessibleDescription('A user with this user id already exists');
    expect(userid).toHaveAttribute('aria-invalid', 'true');
  });
});
