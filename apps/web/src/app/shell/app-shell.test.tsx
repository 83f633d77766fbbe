import { lazy, type ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MENU_MANAGEMENT_PAGES } from '@cd/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calledPaths } from '../../test/mock-api';
import { profileAnswer, renderSignedIn, stubScreenWidth } from '../../test/render-app';

const admin = profileAnswer({ admin: true }, { userid: 'demo.admin', name: 'Demo Admin' });
const menuUser = profileAnswer(
  { pagepermissionaccess: [...MENU_MANAGEMENT_PAGES] },
  { userid: 'demo.menu', name: 'Demo Menu' },
);
const nobody = profileAnswer({}, { userid: 'new.user', name: 'New User' });

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const groupHeadings = () =>
  within(nav())
    .getAllByRole('heading')
    .map((h) => h.textContent);

beforeEach(() => stubScreenWidth(1280));
afterEach(() => {
  document.cookie = 'device_user=; path=/; max-age=0';
});

describe('side navigation', () => {
  it('a menu-only user sees exactly the Menu Management group and its six pages', async () => {
    renderSignedIn('/', { profile: menuUser });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(groupHeadings()).toEqual(['Menu Management']);
    const links = within(nav())
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual([
      'Category & Submenu Management',
      'Submenu Management V2',
      'Add/Edit Menu',
      'Scheduled Menu Changes',
      'Allergens',
      'Pricebook',
    ]);
  });

  it("an admin sees the groups with the spec's labels; Site handlers opens by default and the current page is highlighted", async () => {
    const user = userEvent.setup();
    renderSignedIn('/', { profile: admin });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(groupHeadings()).toEqual([
      'User Management',
      'Site handlers',
      'Menu Management',
      'Content Management',
      'Feedback and reports',
      'Day end and SAP',
      'Marketing',
      // "Vehicle tracking, misc" only grants permissions; its one entry opens a site that is not configured here.
    ]);
    expect(within(nav()).queryByRole('link', { name: 'Vendor Performance' })).toBeNull();
    expect(within(nav()).getByRole('button', { name: 'Site handlers' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('button', { name: 'Marketing' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).queryByRole('link', { name: 'Groups' })).toBeNull();

    await user.click(within(nav()).getByRole('button', { name: 'Counter' }));
    await user.click(within(nav()).getByRole('link', { name: 'Counter Template' }));
    expect(await screen.findByRole('heading', { name: 'Counter Template', level: 1 })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Counter Template' })).toHaveAttribute('aria-current', 'page');
  });

  it('names the entry that opens the same page; every held page is built, so none says coming soon', async () => {
    const user = userEvent.setup();
    renderSignedIn('/allergens', { profile: admin });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav()).getByRole('link', { name: 'Allergens' })).not.toHaveAccessibleDescription();
    expect(within(nav()).getByRole('link', { name: 'Menu Bulk Operations' })).toHaveAccessibleDescription(
      'Same page as Bulk Operations',
    );
    expect(within(nav()).getByRole('link', { name: 'Clone Menu' })).not.toHaveAccessibleDescription();
    expect(within(nav()).getByRole('link', { name: 'Production Planning' })).not.toHaveAccessibleDescription();
    expect(within(nav()).getByRole('link', { name: 'Classifications' })).not.toHaveAccessibleDescription();
    await user.click(within(nav()).getByRole('button', { name: 'Content Management' }));
    expect(within(nav()).getByRole('link', { name: 'HTML Manager' })).not.toHaveAccessibleDescription();
    await user.click(within(nav()).getByRole('button', { name: 'Marketing' }));
    expect(within(nav()).getByRole('link', { name: 'Loyalty Points' })).not.toHaveAccessibleDescription();
    await user.click(within(nav()).getByRole('button', { name: 'Day end and SAP' }));
    expect(within(nav()).getByRole('link', { name: 'Day End' })).not.toHaveAccessibleDescription();
    await user.click(within(nav()).getByRole('button', { name: 'Feedback and reports' }));
    expect(within(nav()).getByRole('link', { name: 'Feedback' })).not.toHaveAccessibleDescription();
    expect(within(nav()).queryAllByText('Coming soon')).toEqual([]);
  });

  it('opens the group of the page the address names', async () => {
    renderSignedIn('/loyalty_points', { profile: admin });
    await screen.findByRole('heading', { name: 'Loyalty Points', level: 1 });
    expect(within(nav()).getByRole('button', { name: 'Marketing' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: 'Loyalty Points' })).toHaveAttribute('aria-current', 'page');
  });

  it('below 960px the drawer is hidden until the menu button opens it, and closes after a choice', async () => {
    stubScreenWidth(600);
    const user = userEvent.setup();
    const { router } = renderSignedIn('/', { profile: menuUser });
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    await user.click(within(nav()).getByRole('link', { name: 'Pricebook' }));
    expect(router.state.location.pathname).toBe('/pricebook');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
  });
});

describe('pages', () => {
  it('a page the user does not hold shows "not allowed", never the page', async () => {
    const Secret = lazy(async () => ({ default: () => <p>secret user list</p> }));
    renderSignedIn('/vendor', { profile: menuUser, builtPages: { '/vendor': Secret } });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.queryByText('secret user list')).toBeNull();
  });

  it('a held, built page loads on demand, with the loading text meanwhile', async () => {
    let load: (module: { default: () => ReactNode }) => void = () => {};
    const Menu = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (load = resolve)));
    renderSignedIn('/menu', { profile: menuUser, builtPages: { '/menu': Menu } });
    // The shell is up around the page's loading text.
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Loading...')).toBeInTheDocument();
    act(() => load({ default: () => <p>the menu editor</p> }));
    expect(await screen.findByText('the menu editor')).toBeInTheDocument();
  });

  it('a page that fails to load shows the general error inside the shell', async () => {
    const Broken = lazy(() => Promise.reject(new Error('page crashed')));
    renderSignedIn('/menu', { profile: menuUser, builtPages: { '/menu': Broken } });
    expect(await screen.findByText(/Oops\.\.\. Something went wrong/)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('a held page that is not built yet says so under its label', async () => {
    renderSignedIn('/allergens', { profile: menuUser });
    expect(await screen.findByRole('heading', { name: 'Allergens', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This page is not available yet.')).toBeInTheDocument();
  });

  it('unknown and differently cased paths are not found; a region-only page is a page on its region', async () => {
    const user = userEvent.setup();
    const { router } = renderSignedIn('/no-such-page', { profile: admin });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to home' }));
    expect(router.state.location.pathname).toBe('/');

    await router.navigate('/Menu');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    // The test host is the default region, India, where /pos-vsd exists (other regions: see nav-model.test).
    await router.navigate('/pos-vsd');
    expect(await screen.findByRole('heading', { name: 'POS VSD', level: 1 })).toBeInTheDocument();
  });

  it('a user who is not admin and holds no page gets the welcome page and no navigation groups', async () => {
    renderSignedIn('/', { profile: nobody });
    expect(await screen.findByRole('heading', { name: 'Welcome, New User' })).toBeInTheDocument();
    expect(screen.getByTestId('welcome-image')).toBeInTheDocument();
    expect(screen.getByText(/does not have access to any pages yet/)).toBeInTheDocument();
    expect(within(nav()).queryAllByRole('heading')).toHaveLength(0);
  });

  it('home shows the region card with the currency sample of the default region', async () => {
    renderSignedIn('/', { profile: admin });
    expect(await screen.findByRole('heading', { name: 'Region' })).toBeInTheDocument();
    expect(screen.getByTestId('currency-sample')).toHaveTextContent('₹1,234.50');
    expect(screen.getByText('India')).toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
    expect(screen.getByText('INR')).toBeInTheDocument();
  });

  it('/submenu_management-v2 without a configured v2 base frames our own submenu management', async () => {
    renderSignedIn('/submenu_management-v2', { profile: menuUser });
    expect(await screen.findByRole('heading', { name: 'Submenu Management V2', level: 1 })).toBeInTheDocument();
    expect(screen.getByTitle('Submenu Management V2')).toHaveAttribute('src', '/submenu_management?embedded=1');
  });
});

describe('start-up calls', () => {
  const sync = (time: string | null) => ({
    get_last_bq_sync_time: () => ({ body: { result: 'success', last_bqsync_time: time } }),
  });
  const clientData = {
    get_client_data: () => ({
      body: { result: 'success', client_settings: {}, taxes_to_apply: [], counter_permissions: [] },
    }),
  };

  it('shows the last sync time as DD-MM-YYYY HH:mm, sets the device cookie, loads restaurants and client data', async () => {
    const { fetchMock } = renderSignedIn('/', {
      profile: admin,
      handlers: {
        ...sync('2026-03-05T09:07:00'),
        ...clientData,
        pos_restaurants: () => ({ body: { result: 'success', restaurants: [] } }),
      },
    });
    expect(await screen.findByTestId('last-sync')).toHaveTextContent('Last sync: 05-03-2026 09:07');
    await waitFor(() =>
      expect(calledPaths(fetchMock)).toEqual(expect.arrayContaining(['pos_restaurants', 'get_client_data'])),
    );
    // Set once the page is up (an idle moment), not during the start's first render.
    await waitFor(() => expect(document.cookie).toMatch(/device_user=[0-9a-f-]{36}/));
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('skips the restaurants call with full POS-restaurant access; no sync time, no sync text', async () => {
    const full = profileAnswer({ admin: true, permissions: ['pos_restaurant_full_access'] });
    const { fetchMock } = renderSignedIn('/', { profile: full, handlers: { ...sync(null), ...clientData } });
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('get_client_data'));
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('get_last_bq_sync_time'));
    expect(calledPaths(fetchMock)).not.toContain('pos_restaurants');
    expect(screen.queryByTestId('last-sync')).toBeNull();
  });

  it('a client-data failure shows "Something Went Wrong" and the shell still works', async () => {
    renderSignedIn('/', {
      profile: admin,
      handlers: { get_client_data: () => ({ status: 500, body: { result: 'failure', message: 'boom' } }) },
    });
    expect(await screen.findByTestId('notice')).toHaveTextContent('Something Went Wrong');
    expect(screen.getByTestId('currency-sample')).toBeInTheDocument();
  });
});
