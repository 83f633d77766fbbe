import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, optionDialog, save } from './testing/actions';
import { aPricebookItem, beverages, PATH } from './testing/fixtures';
import { bodiesSent, mockSubmenuApi, requests } from './testing/mock-submenu-api';
import { dialog, editor, optionNames, renderEditor } from './testing/render-editor';

const searchResults = [
  aPricebookItem('spice_route_mango_lassi', 'Mango Lassi', 95),
  aPricebookItem('pb_mango_smoothie', 'Mango Smoothie', 120),
  // Not enabled as submenu, or on another path: dropped (spec 001 §5.3).
  aPricebookItem('pb_mango_pickle', 'Mango Pickle', 60, { extras: JSON.stringify({ enable_as_submenu: false }) }),
  aPricebookItem('pb_mango_corporate', 'Mango Lassi (corporate)', 99, { path: 2 }),
];
const searches = (fetchMock: ReturnType<typeof mockSubmenuApi>) =>
  requests(fetchMock).filter((r) => r.startsWith('GET pricebook/fooditems'));

describe('the submenu editor in price-book mode', { timeout: 120_000 }, () => {
  it('searches items after 3 characters and 800 ms, creates options, and posts -1 for missing limits', async () => {
    const fetchMock = mockSubmenuApi({
      'GET allpath': () => ({ body: { data: [{ id: PATH, pathid: 'standard' }] } }),
      'GET pricebook/fooditems': () => ({ body: { data: searchResults } }),
      'POST pricebook/submenu': ({ body }) => ({ body: { data: body.data } }),
    });
    const { user, onClose } = renderEditor('pricebook');
    await editor();
    expect(screen.queryByRole('combobox', { name: 'Connect to menu items' })).not.toBeInTheDocument();
    fill('Title', 'Cold drinks');
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(tags, 'drinks{Enter}');
    await user.type(tags, 'cold, summer{Enter}');
    for (const tag of ['drinks', 'cold', 'summer'])
      expect(screen.getByRole('button', { name: tag })).toBeInTheDocument();

    const search = screen.getByRole('combobox', { name: 'Search items' });
    await user.type(search, 'ma');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(searches(fetchMock)).toEqual([]);
    await user.type(search, 'n');
    const typedAt = performance.now();
    await waitFor(() => expect(searches(fetchMock)).toEqual([`GET pricebook/fooditems?path=${PATH}&search=man`]));
    expect(performance.now() - typedAt).toBeGreaterThan(600);
    const list = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Mango Lassi (₹95.00)', 'Mango Smoothie (₹120.00)', 'Create option “man”']),
    );
    await user.click(within(list).getByRole('option', { name: 'Mango Smoothie (₹120.00)' }));
    let d = await optionDialog();
    expect(within(d).getByLabelText('Option name', { selector: 'input' })).toHaveValue('Mango Smoothie');
    expect(within(d).getByLabelText('Price', { selector: 'input' })).toHaveValue('120');
    await user.click(within(d).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(optionNames()).toEqual(['Mango Smoothie']));
    expect(screen.getByRole('row', { name: /Mango Smoothie/ })).toHaveTextContent('standard');

    // A name no item has: the list offers a new option, after a confirmation.
    await user.type(search, 'Lemon soda');
    await user.click(await screen.findByRole('option', { name: 'Create option “Lemon soda”' }));
    const confirm = await dialog('Create a new option?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    d = await optionDialog();
    expect(within(d).getByLabelText('Option name', { selector: 'input' })).toHaveValue('Lemon soda');
    fill('Price', '30', d);
    await user.click(within(d).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(optionNames()).toEqual(['Mango Smoothie', 'Lemon soda']));

    await save(user);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [body] = bodiesSent(fetchMock, 'POST pricebook/submenu');
    const limits = { min: -1, max: -1, min_quantity: -1, max_quantity: -1, free_quantity: -1 };
    expect(body!.data).toMatchObject({
      submenuname: 'Cold drinks',
      submenutype: 'pricebooksubmenu',
      tags: 'drinks,cold,summer',
      path: PATH,
      rules: { ismand: false, multiple: false, default: '', ...limits },
      subitems: [
        { subitemname: 'Mango Smoothie', foodid: 'pb_mango_smoothie', price: 120, path: PATH, sequence: 0, ...limits },
        { subitemname: 'Lemon soda', foodid: '', price: 30, path: PATH, sequence: 1, subitemtype: 'item', ...limits },
      ],
    });
  });

  it('edits a stored price-book submenu and puts it back with its version', async () => {
    const fetchMock = mockSubmenuApi({
      'GET allpath': () => ({ body: { data: [{ id: PATH, pathid: 'standard' }] } }),
      'GET pricebook/submenu': ({ query }) => ({
        body: { data: query.get('path') === String(PATH) ? [beverages()] : [] },
      }),
      'PUT pricebook/submenu/pb-bev': ({ body }) => ({ body: { data: body.data } }),
    });
    const { user, onClose } = renderEditor('pricebook', { submenuid: 'pb-bev' });
    await editor();
    expect(screen.getByLabelText('Title', { selector: 'input' })).toHaveValue('Beverages');
    expect(optionNames()).toEqual(['Mango Lassi', 'Masala Chai']);
    expect(screen.getByRole('button', { name: 'drinks' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Hide all', { selector: 'input' }));
    fill('Free quantity', '2');
    await save(user);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [body] = bodiesSent(fetchMock, 'PUT pricebook/submenu/pb-bev');
    expect(body).toMatchObject({
      version: 2,
      data: {
        submenuid: 'pb-bev',
        tags: 'drinks,cold',
        isHidden: true,
        rules: { free_quantity: 2, min_quantity: -1, max_quantity: -1, min: -1, max: -1 },
        subitems: [
          { subitemname: 'Mango Lassi', ishidden: true, price: 95, sequence: 0 },
          { subitemname: 'Masala Chai', ishidden: true, price: 45, sequence: 1 },
        ],
      },
    });
  });
});
