import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALLERGEN_CATALOGUE, type AllergenView } from '@cd/core';
import { renderScreen } from '../../../test/render';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { fill, setupUser } from '../../../test/user-events';
import { AllergensPage } from './allergens-page';

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
  return mockApiRoutes({
    'GET allergens': () => ({ body: { allergens_info: {}, data } }),
    'POST allergens': ({ body }) => {
      if (data.some((a) => a.code === body.code)) {
        return { status: 409, body: { result: 'failure', message: 'An allergen with code GRL exists', extras: {} } };
      }
      const allergen = {
        ...(body as { code: string; name: string; imageurl: string }),
        regulated: false,
        item_count: 0,
        version: 1,
      };
      data = [...data, allergen];
      return { body: { allergen } };
    },
    'PUT allergens/MK': ({ body }) => {
      data = data.map((a) => (a.code === 'MK' ? { ...a, name: String(body.name), version: 2 } : a));
      return { body: { allergen: data.find((a) => a.code === 'MK') } };
    },
    'DELETE allergens/GRL': () => {
      data = data.filter((a) => a.code !== 'GRL');
      return { body: {} };
    },
  });
}

const table = () => screen.findByRole('table', { name: 'Allergens' });

describe('Allergens', { timeout: 60_000 }, () => {
  it('lists every allergen with its code, name, items using it and whether it is regulated', async () => {
    api();
    renderScreen(<AllergensPage />, { path: '/allergens', route: '/allergens' });
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(1 + 14 + 2);
    expect(within(await table()).getByRole('row', { name: /CY Celery 0 Regulated/ })).toBeVisible();
    expect(within(await table()).getByRole('row', { name: /MK Milk 3 Regulated/ })).toBeVisible();
    expect(within(await table()).getByRole('row', { name: /CHL Chilli 2 Custom/ })).toBeVisible();
    // Regulated and used allergens cannot be deleted; an unused custom one can.
    expect(screen.getByRole('button', { name: 'Delete Celery' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Chilli' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Garlic' })).toBeEnabled();
  });

  it('adds a custom allergen, refusing a code that is not 2 to 4 letters and showing a clash', async () => {
    const fetchMock = api();
    const user = setupUser();
    const { router } = renderScreen(<AllergensPage />, { path: '/allergens', route: '/allergens' });
    await table();
    await user.click(screen.getByRole('button', { name: 'Add allergen' }));
    expect(router.state.location.search).toBe('?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add allergen' });
    await fill(user, within(dialog).getByLabelText('Code'), 'x1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Use a code of 2 to 4 letters')).toBeVisible();
    expect(within(dialog).getByText('Enter a name')).toBeVisible();
    expect(bodiesSent(fetchMock, 'POST allergens')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Code'), 'grl');
    expect(within(dialog).getByLabelText('Code')).toHaveValue('GRL');
    await fill(user, within(dialog).getByLabelText('Name'), 'Garlic again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An allergen with code GRL exists')).toBeVisible();

    await fill(user, within(dialog).getByLabelText('Code'), 'on');
    await fill(user, within(dialog).getByLabelText('Name'), 'Onion');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'POST allergens').at(-1)).toMatchObject({ code: 'ON', name: 'Onion', imageurl: '' });
    expect(within(await table()).getByRole('row', { name: /ON Onion 0 Custom/ })).toBeVisible();
  });

  it('renames a regulated allergen, naming its version; its code stays', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<AllergensPage />, { path: '/allergens', route: '/allergens' });
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Milk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit allergen MK' });
    expect(within(dialog).getByLabelText('Code')).toBeDisabled();
    await fill(user, within(dialog).getByLabelText('Name'), 'Milk (dairy)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'PUT allergens/MK')[0]).toMatchObject({
      code: 'MK',
      name: 'Milk (dairy)',
      version: 1,
    });
    expect(within(await table()).getByRole('row', { name: /MK Milk \(dairy\) 3/ })).toBeVisible();
  });

  it('deletes an unused custom allergen after confirmation', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderScreen(<AllergensPage />, { path: '/allergens', route: '/allergens' });
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Garlic' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete allergen Garlic?' })).getByText('Delete'),
    );
    await waitFor(async () =>
      expect(within(await table()).queryByRole('row', { name: /Garlic/ })).not.toBeInTheDocument(),
    );
    expect(requestsMade(fetchMock)).toContain('DELETE allergens/GRL?version=4');
  });
});
