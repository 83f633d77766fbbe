import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALLERGEN_CATALOGUE, type AllergenView } from '@cd/core';
import { renderScreen } from '../../../test/render';
import { bodiesSent, mockApiRoutes, requestsMade, type MockRequest } from '../../../test/mock-api-routes';
import { fill, setupUser } from '../../../test/user-events';
import { AllergensPage } from './allergens-page';

/** The allergen API as the server answers it: search, sort and paging on the server, versions checked. */
function api() {
  let data: AllergenView[] = [
    ...ALLERGEN_CATALOGUE.map((a) => ({
      code: a.code,
      name: a.name,
      imageurl: '',
      regulated: true,
      item_count: a.code === 'MK' ? 3 : 0,
      version: 1,
    })),
    { code: 'CHL', name: 'Chilli', imageurl: '', regulated: false, item_count: 2, version: 1 },
    { code: 'GRL', name: 'Garlic', imageurl: '', regulated: false, item_count: 0, version: 4 },
  ];
  const list = ({ query }: MockRequest) => {
    const search = (query.get('search') ?? '').toLowerCase();
    let rows = data.filter((a) => !search || `${a.code} ${a.name}`.toLowerCase().includes(search));
    if (query.get('regulated')) rows = rows.filter((a) => String(a.regulated) === query.get('regulated'));
    const sort = query.get('sort') as keyof AllergenView | null;
    if (sort) rows = [...rows].sort((a, b) => String(a[sort]).localeCompare(String(b[sort])));
    if (query.get('order') === 'desc') rows.reverse();
    const size = Number(query.get('page_size') ?? rows.length);
    const page = Number(query.get('page') ?? 1);
    return { body: { data: rows.slice((page - 1) * size, page * size), total: rows.length } };
  };
  return mockApiRoutes({
    'GET allergens': list,
    'POST allergens': ({ body }) => {
      if (data.some((a) => a.code === body.code)) {
        const extras = { code: 'allergenExists', field: 'code' };
        return {
          status: 409,
          body: { result: 'failure', message: `Allergen code ${String(body.code)} is taken`, extras },
        };
      }
      const allergen = {
        ...(body as { code: string; name: string; imageurl: string }),
        regulated: false,
        item_count: 0,
        version: 1,
      };
      data = [...data, allergen];
      return { body: { allergen, message: 'Allergen added' } };
    },
    'PUT allergens/MK': ({ body }) => {
      const current = data.find((a) => a.code === 'MK')!;
      if (body.version !== current.version) {
        const extras = { code: 'versionConflict', updated_by: 'other.admin' };
        return {
          status: 409,
          body: { result: 'failure', message: 'Allergen MK was changed by other.admin since you opened it.', extras },
        };
      }
      data = data.map((a) => (a.code === 'MK' ? { ...a, name: String(body.name), version: a.version + 1 } : a));
      return { body: { allergen: data.find((a) => a.code === 'MK') } };
    },
    'DELETE allergens/GRL': () => {
      data = data.filter((a) => a.code !== 'GRL');
      return { body: { message: 'Allergen deleted' } };
    },
    /** Someone else renames Milk behind the user's back. */
    'POST test/rename-milk': () => {
      data = data.map((a) => (a.code === 'MK' ? { ...a, name: 'Milk (other)', version: a.version + 1 } : a));
      return { body: {} };
    },
  });
}

/** The table once its rows have loaded. */
async function table() {
  await screen.findAllByRole('row', { name: /Celery|Onion|Garlic|Chilli/ });
  return screen.getByRole('table', { name: 'Allergens' });
}
const renderPage = (route = '/allergens') => renderScreen(<AllergensPage />, { path: '/allergens', route });

describe('Allergens', { timeout: 60_000 }, () => {
  it('lists allergens a page at a time with their code, name, items using it and whether they are regulated', async () => {
    const fetchMock = api();
    renderPage();
    expect(within(await table()).getAllByRole('row')).toHaveLength(1 + 16);
    expect(requestsMade(fetchMock)[0]).toBe('GET allergens?counts=true&page=1&page_size=25');
    expect(within(await table()).getByRole('row', { name: /CY Celery 0 Regulated/ })).toBeVisible();
    expect(within(await table()).getByRole('row', { name: /MK Milk 3 Regulated/ })).toBeVisible();
    expect(within(await table()).getByRole('row', { name: /CHL Chilli 2 Custom/ })).toBeVisible();
    // Regulated and used allergens cannot be deleted; an unused custom one can.
    expect(screen.getByRole('button', { name: 'Delete Celery' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Chilli' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Garlic' })).toBeEnabled();
  });

  it('sorts and filters on the server, keeping both in the address', async () => {
    const fetchMock = api();
    const user = setupUser();
    const { router } = renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&order=desc'));
    expect(requestsMade(fetchMock).at(-1)).toBe('GET allergens?counts=true&order=desc&page=1&page_size=25&sort=name');
    const names = () =>
      within(screen.getByRole('table', { name: 'Allergens' }))
        .getAllByRole('row')
        .slice(1);
    await waitFor(() => expect(names()[0]).toHaveTextContent('Tree nuts'));

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Custom' }));
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(router.state.location.search).toContain('regulated=false');
  });

  it('adds a custom allergen, refusing a code that is not 2 to 4 letters and showing a clash under the code', async () => {
    const fetchMock = api();
    const user = setupUser();
    const { router } = renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add allergen' }));
    expect(router.state.location.search).toBe('?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add allergen' });
    await fill(user, within(dialog).getByLabelText(/Code/), 'x1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use a code of 2 to 4 letters')).toBeVisible();
    expect(within(dialog).getByText('Enter a name')).toBeVisible();
    expect(bodiesSent(fetchMock, 'POST allergens')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText(/Code/), 'grl');
    await fill(user, within(dialog).getByLabelText(/Name/), 'Garlic again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Allergen code GRL is taken')).toBeVisible();
    expect(within(dialog).getByLabelText(/Code/)).toHaveAttribute('aria-invalid', 'true');

    await fill(user, within(dialog).getByLabelText(/Code/), 'on');
    await fill(user, within(dialog).getByLabelText(/Name/), 'Onion');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'POST allergens').at(-1)).toMatchObject({ code: 'ON', name: 'Onion', imageurl: '' });
    expect(await screen.findByText('Allergen added')).toBeVisible();
    expect(within(await table()).getByRole('row', { name: /ON Onion 0 Custom/ })).toBeVisible();
  });

  it('opens the edit dialog from the address and renames, naming the version; its code stays', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderPage('/allergens?edit=MK');
    const dialog = await screen.findByRole('dialog', { name: 'Edit allergen MK' });
    expect(within(dialog).getByLabelText(/Code/)).toBeDisabled();
    await fill(user, within(dialog).getByLabelText(/Name/), 'Milk (dairy)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'PUT allergens/MK')[0]).toMatchObject({
      code: 'MK',
      name: 'Milk (dairy)',
      version: 1,
    });
    expect(within(await table()).getByRole('row', { name: /MK Milk \(dairy\) 3/ })).toBeVisible();
  });

  it('when someone else saved first, says who, keeps the typed name, and Reload takes their version', async () => {
    api();
    const user = setupUser();
    renderPage('/allergens?edit=MK');
    const dialog = await screen.findByRole('dialog', { name: 'Edit allergen MK' });
    await fetch('/v2/bck/test/rename-milk', { method: 'POST', body: '{}' });
    await fill(user, within(dialog).getByLabelText(/Name/), 'Milk (mine)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/changed by other.admin/)).toBeVisible();
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Milk (mine)');
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Milk (other)'));
  });

  it('closing with unsaved edits asks first', async () => {
    api();
    const user = setupUser();
    const { router } = renderPage('/allergens?edit=MK');
    const dialog = await screen.findByRole('dialog', { name: 'Edit allergen MK' });
    await fill(user, within(dialog).getByLabelText(/Name/), 'Changed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Changed');
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('deletes an unused custom allergen after confirmation, with its version', async () => {
    const fetchMock = api();
    const user = setupUser();
    const { router } = renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Garlic' }));
    expect(router.state.location.search).toBe('?edit=GRL&dialog=delete');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete allergen Garlic?' })).getByText('Delete'),
    );
    await waitFor(async () =>
      expect(within(await table()).queryByRole('row', { name: /Garlic/ })).not.toBeInTheDocument(),
    );
    expect(requestsMade(fetchMock)).toContain('DELETE allergens/GRL?version=4');
  });
});
