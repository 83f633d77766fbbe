import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, classificationsApi, queriesOf, sent, SPICE } from '../testing/classifications-api';
import { ClassificationsPage } from './classifications-page';

const renderPage = (route = '/classifications') =>
  renderScreen(<ClassificationsPage />, { path: '/classifications', route, signedInAs: ADMIN });

describe('Classifications', { timeout: 90_000 }, () => {
  it('lists classifications with their kind and item count, filtered by kind', async () => {
    const { record } = classificationsApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Classifications');
    const mains = within(table).getByRole('row', { name: /Mains/ });
    expect(mains).toHaveTextContent('Sales category');
    expect(mains).toHaveTextContent('MAIN');
    expect(within(mains).getByRole('cell', { name: '2' })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Food sales/ })).toHaveTextContent('Accounting group');
    expect(within(table).getByRole('button', { name: 'Items of Mains' })).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Diet tag' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=diet_tag'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Mains/ })).not.toBeInTheDocument());
    expect(within(table).getByRole('row', { name: /Vegetarian/ })).toBeVisible();
    expect(queriesOf(record, 'classifications').at(-1)!.get('kind')).toBe('diet_tag');
  });

  it('refuses an empty name and a bad code, shows the server’s name refusal under Name, then adds it', async () => {
    const { record } = classificationsApi();
    const user = setupUser();
    renderPage('/classifications?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add classification' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Code' }), 'GL 41');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the name')).toBeVisible();
    expect(within(dialog).getByText('Letters, digits and . _ - / only')).toBeVisible();
    expect(sent(record, 'POST', 'classifications')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'drinks');
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    await user.clear(code);
    await fill(user, code, 'BEV-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A sales category named Drinks already exists')).toBeVisible();

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await fill(user, name, 'Desserts');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'classifications')).toHaveLength(2));
    expect(sent(record, 'POST', 'classifications')[1]).toMatchObject({
      kind: 'sales_category',
      name: 'Desserts',
      code: 'BEV-1',
      description: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add classification' })).not.toBeInTheDocument());
  });

  it('assigns many items of a restaurant at once and says how many moved from where', async () => {
    const { record } = classificationsApi();
    const user = setupUser();
    renderPage('/classifications?dialog=items&edit=2');
    const drawer = await screen.findByRole('dialog', { name: 'Items of Drinks' });
    const table = await within(drawer).findByRole('table', { name: 'Items of Drinks' });
    await waitFor(() => expect(within(table).getByRole('row', { name: /Masala chai/ })).toBeVisible());

    await user.click(within(drawer).getByRole('button', { name: 'Assign items' }));
    const panel = within(drawer).getByRole('region', { name: 'Assign items' });
    expect(within(panel).getByText('Choose a restaurant to see its items.')).toBeVisible();
    await user.click(within(panel).getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: /Spice Route/ }));
    const list = await within(panel).findByRole('list', { name: 'Items to assign' });
    await waitFor(() => expect(within(list).getByText('Paneer tikka')).toBeVisible());
    // Each item says what it has of this kind now.
    expect(within(list).getByText('Has it already')).toBeVisible();
    expect(within(list).getAllByText('Now in Mains: moves here')).toHaveLength(2);

    await user.click(within(panel).getByRole('checkbox', { name: 'Select all shown' }));
    await user.click(within(list).getByRole('checkbox', { name: /Masala chai/ }));
    expect(within(panel).getByRole('button', { name: 'Assign 3 items' })).toBeEnabled();
    await user.click(within(panel).getByRole('button', { name: 'Assign 3 items' }));

    await waitFor(() => expect(sent(record, 'POST', 'classifications/2/assign')).toHaveLength(1));
    const body = sent(record, 'POST', 'classifications/2/assign')[0]!;
    expect(body.mode).toBe('add');
    expect([...(body.foodids as string[])].sort()).toEqual(['f-biryani', 'f-samosa', 'f-tikka']);
    expect(await within(drawer).findByText('3 assigned, 2 moved from Mains')).toBeVisible();
    // Back on the list (a new table), which now has them.
    const after = await within(drawer).findByRole('table', { name: 'Items of Drinks' });
    await waitFor(() => expect(within(after).getByRole('row', { name: /Paneer tikka/ })).toBeVisible());
    expect(queriesOf(record, 'classifications/items').at(-1)!.get('restaurant')).toBe(SPICE);

    // Remove one.
    await user.click(within(after).getByRole('button', { name: 'Remove Samosa' }));
    await waitFor(() => expect(sent(record, 'POST', 'classifications/2/assign')).toHaveLength(2));
    expect(sent(record, 'POST', 'classifications/2/assign')[1]).toMatchObject({
      foodids: ['f-samosa'],
      mode: 'remove',
    });
    expect(await within(drawer).findByText('Samosa removed')).toBeVisible();
    await waitFor(() => expect(within(after).queryByRole('row', { name: /Samosa/ })).not.toBeInTheDocument());
  });

  it('shows the items without a sales category, and without an accounting group', async () => {
    const { record } = classificationsApi();
    const user = setupUser();
    renderPage();
    await loadedTable('Classifications');
    await user.click(screen.getByRole('button', { name: 'Unclassified items' }));
    const drawer = await screen.findByRole('dialog', { name: 'Items without a sales category or accounting group' });
    const table = await within(drawer).findByRole('table', { name: 'Items without a sales category' });
    await waitFor(() => expect(within(table).getByRole('row', { name: /Samosa/ })).toBeVisible());
    expect(within(table).queryByRole('row', { name: /Paneer tikka/ })).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('combobox', { name: 'Missing' }));
    await user.click(await screen.findByRole('option', { name: 'Accounting group' }));
    const groups = await within(drawer).findByRole('table', { name: 'Items without an accounting group' });
    await waitFor(() => expect(within(groups).getByRole('row', { name: /Paneer tikka/ })).toBeVisible());
    expect(queriesOf(record, 'classifications/unassigned').at(-1)!.get('kind')).toBe('accounting_group');
  });
});
