import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connect, fill, optionDialog, save } from './testing/actions';
import { addADrink, aMenu, ITEMS, RESTAURANT, spiceLevel } from './testing/fixtures';
import { bodiesSent, failure, mockSubmenuApi, requests } from './testing/mock-submenu-api';
import { dialog, editor, optionNames, readWarning, renderEditor } from './testing/render-editor';

describe('saving in menu mode', { timeout: 120_000 }, () => {
  it('updates the submenu with its version and sends the connections that changed', async () => {
    const fetchMock = mockSubmenuApi({
      'GET vendor/fooditem': () => ({ body: aMenu() }),
      'GET vendor/submenu/sm-spice': () => ({ body: { submenu: spiceLevel() } }),
      'PUT vendor/submenu/sm-spice': () => ({ body: { submenu: spiceLevel({ version: 4 }) } }),
    });
    const { user, onClose } = renderEditor('menu', { submenuid: 'sm-spice' });
    await editor();
    expect(requests(fetchMock)).toContain(`GET vendor/fooditem?restaurant=${RESTAURANT}`);
    const connections = screen.getByRole('combobox', { name: 'Connect to menu items' });
    expect(connections).toHaveTextContent('Paneer Tikka, Chicken Biryani');

    // A meal deal may only use submenus made of menu items: "Spice level" is not offered to it.
    await user.click(connections);
    const list = await screen.findByRole('listbox');
    expect(within(list).queryByRole('option', { name: 'Thali Meal Deal' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await connect(user, 'Chicken Biryani', 'Mango Lassi');
    await save(user);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const [body] = bodiesSent(fetchMock, 'PUT vendor/submenu/sm-spice');
    expect(body).toMatchObject({
      restaurant: RESTAURANT,
      title: 'Spice level',
      version: 3,
      connections: {
        added_item_list: [ITEMS.lassi.foodid],
        removed_item_list: [ITEMS.biryani.foodid],
        submenu_name: 'Spice level',
      },
      submenu: {
        list: ['Mild', 'Medium', 'Hot'],
        attributes: { ismand: true, default: 'Medium', description: 'How hot' },
      },
    });
  });

  it('says so when someone else saved first (409) and reloads their version', async () => {
    let stored = spiceLevel();
    const fetchMock = mockSubmenuApi({
      'GET vendor/fooditem': () => ({ body: aMenu() }),
      'GET vendor/submenu/sm-spice': () => ({ body: { submenu: stored } }),
      'PUT vendor/submenu/sm-spice': ({ body }) =>
        body.version === stored.version
          ? { body: { submenu: stored } }
          : failure(409, 'versionConflict', 'This record was changed by someone else.'),
    });
    const { user, onClose } = renderEditor('menu', { submenuid: 'sm-spice' });
    await editor();
    stored = spiceLevel({ version: 4, title: 'Heat level' });
    fill('Title', 'Spicy');
    await save(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved: someone else changed this submenu');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Title', { selector: 'input' })).toHaveValue('Heat level'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(bodiesSent(fetchMock, 'PUT vendor/submenu/sm-spice').map((b) => b.version)).toEqual([3, 4]);
  });

  it('shows a refusal of the server by its code, else the server message', async () => {
    let answer = failure(400, 'submenu.max_exceed_total', 'max exceeds total');
    mockSubmenuApi({
      'GET vendor/fooditem': () => ({ body: aMenu() }),
      'GET vendor/submenu/sm-spice': () => ({ body: { submenu: spiceLevel() } }),
      'PUT vendor/submenu/sm-spice': () => answer,
    });
    const { user, onClose } = renderEditor('menu', { submenuid: 'sm-spice' });
    await editor();
    await save(user);
    let popup = await dialog('Failure!');
    expect(popup).toHaveTextContent('Maximum cannot exceed the number of options.');
    await user.click(within(popup).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(popup).not.toBeInTheDocument());

    answer = failure(400, 'duplicateTitle', 'A submenu with this title already exists');
    await save(user);
    popup = await dialog('Failure!');
    expect(popup).toHaveTextContent('A submenu with this title already exists');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('options linked to menu items', { timeout: 120_000 }, () => {
  it('adds an item from the menu with its name and price; manual adding is then blocked', async () => {
    const drink = addADrink();
    const fetchMock = mockSubmenuApi({
      'GET vendor/fooditem': () => ({ body: aMenu() }),
      'GET vendor/submenu/sm-drink': () => ({ body: { submenu: drink } }),
      'PUT vendor/submenu/sm-drink': () => ({ body: { submenu: drink } }),
    });
    const { user, onClose } = renderEditor('menu', { submenuid: 'sm-drink' });
    await editor();
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    expect(await readWarning(user)).toBe("This submenu's options are menu items: add more from “Add from menu items”.");

    await user.click(screen.getByRole('button', { name: 'Delete Masala Chai' }));
    await user.click(screen.getByRole('combobox', { name: 'Add from menu items' }));
    const list = await screen.findByRole('listbox');
    // Only items enabled as submenu and not yet in the list.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Masala Chai (₹40.00)']);
    await user.click(within(list).getByRole('option', { name: /Masala Chai/ }));
    const d = await optionDialog();
    expect(within(d).getByLabelText('Option name', { selector: 'input' })).toHaveValue('Masala Chai');
    expect(within(d).getByLabelText('Price', { selector: 'input' })).toHaveValue('40');
    // The price is typed beside the restaurant's currency symbol (issue 21 point 7).
    expect(within(d).getByLabelText('Price', { selector: 'input' }).closest('.MuiInputBase-root')).toHaveTextContent(
      '₹',
    );
    expect(within(d).getByRole('radio', { name: 'Group' })).toBeDisabled();
    await user.click(within(d).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(optionNames()).toEqual(['Mango Lassi', 'Masala Chai']));
    expect(screen.getByRole('row', { name: /Masala Chai.*₹40\.00/ })).toBeInTheDocument();

    await save(user);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const submenu = bodiesSent(fetchMock, 'PUT vendor/submenu/sm-drink')[0]!.submenu as {
      extras: Record<string, object>;
    };
    expect(submenu.extras['Masala Chai']).toMatchObject({ foodid: ITEMS.chai.foodid, price: 40, type: 'item' });
  });

  it('a submenu of options added by hand cannot take menu items', async () => {
    mockSubmenuApi({
      'GET vendor/fooditem': () => ({ body: aMenu() }),
      'GET vendor/submenu/sm-spice': () => ({ body: { submenu: spiceLevel() } }),
    });
    renderEditor('menu', { submenuid: 'sm-spice' });
    await editor();
    expect(screen.getByRole('combobox', { name: 'Add from menu items' })).toBeDisabled();
  });
});
