import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubmenuEditorProps } from '../../submenu-editor';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { fill, setupUser } from '../../../test/user-events';
import { aCategory, aSubmenu, profileWith, SPICE_ROUTE } from '../testing/fixtures';
import { SubmenuManagementPage } from './submenu-management-page';

// The editor is its own feature with its own tests; here it only has to open with the right props and close.
vi.mock('../../submenu-editor', () => ({
  SubmenuEditor: (props: SubmenuEditorProps) => (
    <div role="dialog" aria-label="Submenu">
      <p>
        {props.mode} editor for {props.mode === 'menu' ? props.restaurant : props.path}:{' '}
        {props.submenuid ?? 'a new submenu'}
      </p>
      <button onClick={() => props.onClose(true)}>Save submenu</button>
      <button onClick={() => props.onClose(false)}>Close editor</button>
    </div>
  ),
}));

const ROUTE = `/submenu_management?restaurant=${encodeURIComponent(SPICE_ROUTE)}`;

let signedIn = profileWith({ admin: true });

function api(extras: Parameters<typeof profileWith>[0] = { admin: true }) {
  signedIn = profileWith(extras);
  let categories = [
    aCategory({ id: 1, name: 'Starters', item_count: 1, version: 3 }),
    aCategory({ id: 2, name: 'Mains', item_count: 4, version: 1 }),
    aCategory({ id: 3, name: 'Specials', item_count: 0, version: 2 }),
  ];
  let submenus = [
    aSubmenu({ submenuid: 'sm_spice', title: 'Spice level', option_count: 3, connected_count: 2, version: 4 }),
    aSubmenu({ submenuid: 'sm_drink', title: 'Add a drink', option_count: 2, connected_count: 1, all_linked: true }),
  ];
  const conflict = (code: string, message: string) => ({
    status: 409,
    body: { result: 'failure', message, extras: { code } },
  });
  return mockApiRoutes({
    'POST vendor/details': () => ({ body: profileWith(extras) }),
    'GET vendor/category': () => ({ body: { categories } }),
    'POST vendor/category': ({ body }) => {
      const category = aCategory({ id: 9, name: String(body.name), item_count: 0 });
      categories = [...categories, category];
      return { body: { category } };
    },
    'PUT vendor/category/1': ({ body }) => {
      categories = categories.map((c) => (c.id === 1 ? { ...c, name: String(body.name), version: 4 } : c));
      return { body: { category: categories[0] } };
    },
    'DELETE vendor/category/2': () => conflict('categoryInUse', 'The category is used by 4 items'),
    'DELETE vendor/category/3': () => {
      categories = categories.filter((c) => c.id !== 3);
      return { body: {} };
    },
    'GET vendor/submenu': () => ({ body: { submenus } }),
    'GET menu/history': ({ query }) => ({
      body: {
        entity: query.get('entity'),
        id: query.get('id'),
        version: 3,
        revisions: [
          {
            id: 41,
            op: 'update',
            at: '2026-03-02T09:30:00.000Z',
            actor: 'asha.k',
            changes: [{ field: 'name', before: 'Snacks', after: 'Starters' }],
            reverted_from: null,
            revertible: true,
          },
        ],
      },
    }),
    'DELETE vendor/submenu/sm_spice': () => {
      submenus = submenus.filter((s) => s.submenuid !== 'sm_spice');
      return { body: {} };
    },
  });
}

const categoryTable = () => loadedTable('Categories of Spice Route');
const submenuTable = () => screen.findByRole('table', { name: 'Submenus of Spice Route' });

describe('Category & Submenu Management', { timeout: 60_000 }, () => {
  it("shows a category's renames in its history, asked for by the category's id", async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<SubmenuManagementPage />, { signedInAs: signedIn, path: '/submenu_management', route: ROUTE });
    const categories = await categoryTable();
    await user.click(within(categories).getByRole('button', { name: 'History of Starters' }));
    const drawer = await screen.findByRole('dialog', { name: /Starters/ });
    expect(await within(drawer).findByText(/Snacks → Starters/)).toBeVisible();
    expect(requestsMade(fetchMock)).toContain('GET menu/history?entity=category&id=1');
  });

  it("lists the chosen restaurant's categories with item counts and its submenus with option and connection counts", async () => {
    const fetchMock = api();
    renderScreen(<SubmenuManagementPage />, {
      signedInAs: signedIn,
      path: '/submenu_management',
      route: ROUTE,
    });
    expect(await screen.findByRole('heading', { name: 'Category & Submenu Management', level: 1 })).toBeVisible();
    const picker = await screen.findByRole('combobox', { name: 'Restaurant' });
    await waitFor(() => expect(picker).toHaveValue('Spice Route'));
    const categories = await categoryTable();
    expect(within(categories).getByRole('row', { name: /Mains 4/ })).toBeVisible();
    const submenus = await submenuTable();
    expect(within(submenus).getByRole('row', { name: /Spice level 3 2/ })).toBeVisible();
    expect(within(submenus).getByRole('row', { name: /Add a drink Menu items 2 1/ })).toBeVisible();
    expect(requestsMade(fetchMock)).toContain(`GET vendor/category?page=1&page_size=25&restaurant=${SPICE_ROUTE}`);
  });

  it('asks for a restaurant first, and picking one puts it in the address', async () => {
    api();
    const user = setupUser();
    const { router } = renderScreen(<SubmenuManagementPage />, {
      signedInAs: signedIn,
      path: '/submenu_management',
      route: '/submenu_management',
    });
    expect(await screen.findByText(/Choose a restaurant/)).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: /Noodle House/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?restaurant=fc-ldn-river%3Anoodle_house'));
    expect(await screen.findByRole('table', { name: 'Categories of Noodle House' })).toBeVisible();
  });

  it('shows only categories to a holder of category_Only, titled Category Management', async () => {
    api({ pagepermissionaccess: [], permissions: ['category_Only'] });
    renderScreen(<SubmenuManagementPage />, {
      signedInAs: signedIn,
      path: '/submenu_management',
      route: ROUTE,
    });
    expect(await screen.findByRole('heading', { name: 'Category Management', level: 1 })).toBeVisible();
    expect(await categoryTable()).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Submenus' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add submenu' })).not.toBeInTheDocument();
  });

  it('shows only submenus to a holder of submenu_Only, titled Submenu Management', async () => {
    api({ pagepermissionaccess: [], permissions: ['submenu_Only'] });
    renderScreen(<SubmenuManagementPage />, {
      signedInAs: signedIn,
      path: '/submenu_management',
      route: ROUTE,
    });
    expect(await screen.findByRole('heading', { name: 'Submenu Management', level: 1 })).toBeVisible();
    expect(await submenuTable()).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Categories' })).not.toBeInTheDocument();
  });

  it('adds a category, refusing an empty name, and renames one naming the version it edited', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<SubmenuManagementPage />, {
      signedInAs: signedIn,
      path: '/submenu_management',
      route: ROUTE,
    });
    await categoryTable();

    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const add = await screen.findByRole('dialog', { name: 'Add category' });
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(within(add).getByText('Enter a category name')).toBeVisible();
    expect(bodiesSent(fetchMock, 'POST vendor/category')).toHaveLength(0);
    await fill(user, within(add).getByLabelText(/Category name/), '  Desserts ');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(add).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'POST vendor/category')[0]).toMatchObject({
      restaurant: SPICE_ROUTE,
      name: 'Desserts',
    });
    expect(within(await categoryTable()).getByRole('row', { name: /Desserts 0/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Rename Starters' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename category' });
    expect(within(rename).getByLabelText(/Category name/)).toHaveValue('Starters');
    await fill(user, within(rename).getByLabelText(/Category name/), 'Small plates');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rename).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'PUT vendor/category/1')[0]).toMatchObject({ name: 'Small plates', version: 3 });
    expect(within(await categoryTable()).getByRole('row', { name: /Small plates 1/ })).toBeVisible();
  });

  it('says plainly that a category used by items cannot be deleted, and deletes an unused one after confirmation', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<SubmenuManagementPage />, {
      signedInAs: signedIn,
      path: '/submenu_management',
      route: ROUTE,
    });
    await categoryTable();

    await user.click(screen.getByRole('button', { name: 'Delete Mains' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete category Mains?' })).getByText('Delete'));
    const inUse = await screen.findByRole('dialog', { name: 'Category in use' });
    expect(inUse).toHaveTextContent('Mains is used by menu items');
    await user.click(within(inUse).getByRole('button', { name: 'Got it' }));
    expect(within(await categoryTable()).getByRole('row', { name: /Mains 4/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete Specials' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete category Specials?' })).getByText('Delete'),
    );
    await waitFor(async () =>
      expect(within(await categoryTable()).queryByRole('row', { name: /Specials/ })).not.toBeInTheDocument(),
    );
    expect(requestsMade(fetchMock)).toContain('DELETE vendor/category/3?version=2');
  });

  it('filters submenus by title and deletes one after confirmation, naming its version', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<SubmenuManagementPage />, {
      signedInAs: signedIn,
      path: '/submenu_management',
      route: ROUTE,
    });
    await submenuTable();

    await user.type(screen.getByRole('searchbox', { name: 'Search submenus' }), 'drink');
    expect(within(await submenuTable()).queryByRole('row', { name: /Spice level/ })).not.toBeInTheDocument();
    expect(within(await submenuTable()).getByRole('row', { name: /Add a drink/ })).toBeVisible();
    await user.clear(screen.getByRole('searchbox', { name: 'Search submenus' }));

    await user.click(await screen.findByRole('button', { name: 'Delete Spice level' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete submenu Spice level?' });
    expect(confirm).toHaveTextContent('It is also removed from the 2 menu items it is connected to.');
    await user.click(within(confirm).getByText('Delete'));
    await waitFor(async () =>
      expect(within(await submenuTable()).queryByRole('row', { name: /Spice level/ })).not.toBeInTheDocument(),
    );
    expect(requestsMade(fetchMock)).toContain('DELETE vendor/submenu/sm_spice?version=4');
  });

  it('opens the editor in menu mode for a new submenu and for a row, and reloads the list after a save', async () => {
    const fetchMock = api();
    const user = setupUser();
    const { router } = renderScreen(<SubmenuManagementPage />, {
      signedInAs: signedIn,
      path: '/submenu_management',
      route: ROUTE,
    });
    await submenuTable();

    await user.click(screen.getByRole('button', { name: 'Add submenu' }));
    const editor = await screen.findByRole('dialog', { name: 'Submenu' });
    expect(editor).toHaveTextContent(`menu editor for ${SPICE_ROUTE}: a new submenu`);
    expect(router.state.location.search).toContain('submenu=new');
    await user.click(within(editor).getByRole('button', { name: 'Close editor' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submenu' })).not.toBeInTheDocument());

    const listReads = () => requestsMade(fetchMock).filter((r) => r.startsWith('GET vendor/submenu?')).length;
    const before = listReads();
    await user.click(within(await submenuTable()).getByRole('cell', { name: 'Spice level' }));
    const existing = await screen.findByRole('dialog', { name: 'Submenu' });
    expect(existing).toHaveTextContent(`menu editor for ${SPICE_ROUTE}: sm_spice`);
    await user.click(within(existing).getByRole('button', { name: 'Save submenu' }));
    await waitFor(() => expect(listReads()).toBe(before + 1));
    expect(router.state.location.search).not.toContain('submenu=');
  });
});
