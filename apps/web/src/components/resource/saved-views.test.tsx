import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedView } from '@cd/core';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param, useUrlState } from '../../lib/url-state';
import { mockApiRoutes, requestsMade, type MockCall } from '../../test/mock-api-routes';
import { renderScreen } from '../../test/render';
import { loadedTable } from '../../test/tables';
import { fill, setupUser } from '../../test/user-events';
import { ResourceListPage } from './resource-list-page';

type Thing = { id: number; name: string; colour: string; size: string };
const thingApi = makeResourceApi<Thing, object>({
  key: 'things',
  path: 'things',
  rowsField: 'data',
  rowField: 'thing',
  idOf: (t) => t.id,
});
const thingsUrl = listUrlState({ sort: ['name', 'size'] as const, filters: { colour: param.id() } });

function ThingsPage() {
  const url = useUrlState(thingsUrl);
  return (
    <ResourceListPage
      title="Things"
      api={thingApi}
      url={url}
      columns={[
        { id: 'name', header: 'Name', sortable: true, cell: (t) => t.name },
        { id: 'colour', header: 'Colour', cell: (t) => t.colour },
        { id: 'size', header: 'Size', sortable: true, cell: (t) => t.size },
      ]}
      listLabel="Things"
      rowName={(t) => t.name}
      canEdit={() => false}
      renderForm={() => null}
      exportable={false}
    />
  );
}

const view = (fields: Partial<SavedView>): SavedView => ({
  id: 1,
  list_key: '/things',
  name: 'Red ones',
  query: 'colour=red&sort=size&order=desc',
  columns: ['name', 'size'],
  shared_with_profile: null,
  shared_with_profile_name: null,
  owner: 'me',
  owner_name: 'Me',
  mine: true,
  version: 1,
  updated_at: '2026-11-29T10:00:00.000Z',
  ...fields,
});

function api() {
  const record: MockCall[] = [];
  let views = [
    view({}),
    view({ id: 2, name: 'Shift start', query: 'search=tea', columns: null, mine: false, owner_name: 'Ana' }),
  ];
  const fetchMock = mockApiRoutes(
    {
      'GET things': () => ({
        body: { data: [{ id: 1, name: 'Kettle', colour: 'red', size: 'L' }], total: 1 },
      }),
      'GET saved_views': () => ({ body: { views, share_profiles: [{ id: 7, name: 'Shift leads' }] } }),
      'POST saved_views': ({ body }) => {
        if (body.name === 'Red ones')
          return {
            status: 409,
            body: {
              result: 'failure',
              message: 'name: You already have a view named "Red ones" on this list',
              extras: { code: 'savedViewExists', field: 'name' },
            },
          };
        const saved = view({ id: 3, ...(body as Partial<SavedView>), shared_with_profile_name: 'Shift leads' });
        views = [...views, saved];
        return { body: { message: 'View saved', view: saved } };
      },
      'PUT saved_views/1': ({ body }) => {
        const saved = view({ name: body.name as string, version: 2 });
        views = [saved, ...views.slice(1)];
        return { body: { message: 'View updated', view: saved } };
      },
      'DELETE saved_views/1': () => {
        views = views.slice(1);
        return { body: { message: 'View deleted' } };
      },
    },
    { record },
  );
  return { record, fetchMock };
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader', { hidden: true })
    .map((h) => h.textContent);

describe('saved views and columns of the frame', { timeout: 60_000 }, () => {
  it('asks for no view until the menu opens; picking one writes its filters, sort and columns into the address', async () => {
    const { fetchMock, record } = api();
    const user = setupUser();
    const { router } = renderScreen(<ThingsPage />, { path: '/things', route: '/things?page=2&colour=blue' });
    await loadedTable('Things');
    expect(requestsMade(fetchMock)).toEqual(['GET things?colour=blue&page=2&page_size=25']);

    await user.click(screen.getByRole('button', { name: 'Views' }));
    const menu = await screen.findByRole('dialog', { name: 'Saved views' });
    const mine = await within(menu).findByRole('list', { name: 'My views' });
    expect(within(mine).getByRole('button', { name: 'Red ones' })).toBeVisible();
    expect(within(menu).getByRole('list', { name: 'Shared with my profile' })).toHaveTextContent('Shift startBy Ana');
    expect(record.find((c) => c.path === 'saved_views')?.query.get('list_key')).toBe('/things');
    // Only the owner's views can be renamed or deleted.
    expect(
      within(menu)
        .getAllByRole('button', { name: /^(Rename|Delete) view/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Rename view Red ones', 'Delete view Red ones']);

    await user.click(within(mine).getByRole('button', { name: 'Red ones' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        colour: 'red',
        sort: 'size',
        order: 'desc',
        columns: 'name,size',
      }),
    );
    const table = await loadedTable('Things');
    await waitFor(() => expect(headers(table)).toEqual(['Name', 'Size', 'Actions']));
    await waitFor(() =>
      expect(requestsMade(fetchMock).at(-1)).toBe('GET things?colour=red&order=desc&page=1&page_size=25&sort=size'),
    );

    // The shared view: its search, every column again.
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('button', { name: /Shift start/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=tea'));
    await waitFor(() =>
      expect(headers(screen.getByRole('table', { name: 'Things' }))).toEqual(['Name', 'Colour', 'Size', 'Actions']),
    );
  });

  it('the Columns menu hides a column in the address, never the last one, and the query stays the same', async () => {
    const { fetchMock } = api();
    const user = setupUser();
    const { router } = renderScreen(<ThingsPage />, { path: '/things', route: '/things' });
    await loadedTable('Things');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Colour' }));
    await waitFor(() => expect(router.state.location.search).toBe('?columns=name%2Csize'));
    // The menu stays open (the page behind it is hidden from the accessibility tree meanwhile).
    expect(headers(screen.getByRole('table', { name: 'Things', hidden: true }))).toEqual(['Name', 'Size', 'Actions']);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Colour' })).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Size' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Name' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Show all columns' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(requestsMade(fetchMock).every((r) => !r.includes('columns'))).toBe(true);
  });

  it('saves the current view shared with a profile, shows a refused name under the field, renames and deletes', async () => {
    const { record } = api();
    const user = setupUser();
    renderScreen(<ThingsPage />, { path: '/things', route: '/things?colour=green&sort=name&columns=name' });
    await loadedTable('Things');
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('button', { name: 'Save current view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save current view' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Red ones');
    await user.click(within(dialog).getByRole('combobox', { name: 'Who sees it' }));
    await user.click(await screen.findByRole('option', { name: 'Users of profile Shift leads' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You already have a view named "Red ones" on this list')).toBeVisible();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Greens');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save current view' })).not.toBeInTheDocument());
    expect(record.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      list_key: '/things',
      name: 'Greens',
      query: 'colour=green&order=asc&page_size=25&sort=name',
      columns: ['name'],
      shared_with_profile: 7,
      sender: 'web',
      lang: 'en',
    });

    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('button', { name: 'Rename view Red ones' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename view Red ones' });
    await fill(user, within(rename).getByRole('textbox', { name: 'Name' }), 'Reds');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(record.some((c) => c.method === 'PUT')).toBe(true));
    expect(record.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name: 'Reds',
      version: 1,
      shared_with_profile: null,
    });

    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('button', { name: 'Delete view Reds' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(record.some((c) => c.method === 'DELETE' && c.query.get('version') === '2')).toBe(true));
  });
});
