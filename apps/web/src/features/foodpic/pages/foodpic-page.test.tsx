import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { setupUser } from '../../../test/user-events';
import { ADMIN, COMMON, RESTAURANT, foodpicApi, picture } from '../testing/foodpic-api';
import { FoodpicPage } from './foodpic-page';

const renderPage = (route = '/foodpic_dashboard') =>
  renderScreen(<FoodpicPage />, { path: '/foodpic_dashboard', route, signedInAs: ADMIN });

const FILES = ['f-biryani.jpg', 'Mango Lassi.png', 'dal.jpg', 'paneer.jpg', 'samosa.png'];

describe('Upload images', { timeout: 90_000 }, () => {
  it('uploads many pictures for a restaurant, shows their matches, and applies the chosen ones', async () => {
    const { record } = foodpicApi();
    const user = setupUser();
    renderPage(`/foodpic_dashboard?restaurant=${encodeURIComponent(RESTAURANT)}`);
    expect(await screen.findByRole('tab', { name: 'Match pictures to items', selected: true })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Restaurant' })).toHaveValue('Spice Route');

    await user.upload(
      screen.getByLabelText('Choose pictures'),
      FILES.map((name) => picture(name, name.endsWith('.png') ? 'image/png' : 'image/jpeg')),
    );
    expect(screen.getByText(/5 pictures chosen/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Upload and match 5 pictures' }));

    const table = await screen.findByRole('table', { name: 'Pictures and their items' });
    const sentForm = record.find((c) => c.method === 'POST' && c.path === 'foodpic/match')!.body as FormData;
    expect([...sentForm.keys()][0]).toBe('restaurant');
    expect(sentForm.get('restaurant')).toBe(RESTAURANT);
    expect((sentForm.getAll('images') as File[]).map((f) => f.name)).toEqual(FILES);

    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(row('f-biryani.jpg')).toHaveTextContent('Chicken Biryani');
    expect(row('f-biryani.jpg')).toHaveTextContent('by id');
    expect(row('Mango Lassi.png')).toHaveTextContent('by name');
    expect(row('dal.jpg')).toHaveTextContent('ambiguous');
    expect(row('paneer.jpg')).toHaveTextContent('no match');
    expect(within(row('samosa.png')).getByText('Too small: at least 600 × 600 pixels')).toBeVisible();
    expect(within(table).getByRole('img', { name: 'f-biryani.jpg' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image/),
    );
    expect(within(table).getByRole('checkbox', { name: 'Apply f-biryani.jpg' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Apply Mango Lassi.png' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Apply dal.jpg' })).not.toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Apply samosa.png' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply 2 pictures' })).toBeEnabled();

    // The same-named items: one of them; the unmatched picture: an item searched in the menu.
    await user.click(within(row('dal.jpg')).getByRole('combobox', { name: 'Item for dal.jpg' }));
    await user.click(await screen.findByRole('option', { name: 'Dal (f-dal-2)' }));
    await user.type(within(row('paneer.jpg')).getByRole('combobox', { name: 'Item for paneer.jpg' }), 'Sam');
    await user.click(await screen.findByRole('option', { name: /Samosa/ }));
    await user.click(within(table).getByRole('checkbox', { name: 'Apply Mango Lassi.png' }));
    await user.click(screen.getByRole('button', { name: 'Apply 3 pictures' }));

    expect(await screen.findByText('2 pictures applied, 1 skipped')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Skipped pictures' })).getByText(
        'paneer.jpg: The item was deleted since the match',
      ),
    ).toBeVisible();
    const applyBody = record.find((c) => c.method === 'POST' && c.path === 'foodpic/apply')!.body;
    expect(applyBody).toMatchObject({
      batch: 'batch-1',
      restaurant: RESTAURANT,
      matches: [
        { file: 'tok-1', foodid: 'f-biryani' },
        { file: 'tok-3', foodid: 'f-dal-2' },
        { file: 'tok-4', foodid: 'f-samosa' },
      ],
    });
  });

  it('needs a restaurant before uploading, and shows why the server refused the pictures', async () => {
    foodpicApi({
      match: () => ({
        status: 400,
        body: { result: 'failure', message: 'At most 200 pictures at a time', extras: { code: 'tooMany' } },
      }),
    });
    const user = setupUser();
    const { router } = renderPage();
    await user.upload(screen.getByLabelText('Choose pictures'), [picture('a.jpg')]);
    expect(screen.getByRole('button', { name: 'Upload and match 1 picture' })).toBeDisabled();
    expect(screen.getByText('Choose the restaurant first.')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: 'Spice Route' }));
    await waitFor(() => expect(router.state.location.search).toContain('restaurant='));
    await user.click(screen.getByRole('button', { name: 'Upload and match 1 picture' }));
    expect(await screen.findByText('At most 200 pictures at a time')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Pictures and their items' })).not.toBeInTheDocument();
  });

  it('shows the common item image library in its own tab', async () => {
    const { record } = foodpicApi();
    const user = setupUser();
    const { router } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Common item images' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=common'));
    const tile = await screen.findByRole('button', { name: COMMON[0]!.name });
    const list = record.find((c) => c.method === 'GET' && c.path === 'imagemanager')!;
    expect(list.query.get('action')).toBe('commonItemImages');
    expect(list.query.get('value')).toBe('common');
    await user.click(tile);
    expect(screen.getByRole('textbox', { name: 'Address of the chosen image' })).toHaveValue(COMMON[0]!.url);
  });
});
