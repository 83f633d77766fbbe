import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MENU_ITEM_FIELDS, type MenuFieldDef } from '@cd/core';
import { aFoodItem } from '../testing/menu-fixtures';
import { bodiesSent, mockMenuApi } from '../testing/mock-menu-api';
import { only, renderItemForm } from '../testing/render-item-form';

const PUT = 'PUT vendor/fooditem/spice_route_paneer_tikka';

describe('item editor fields', { timeout: 60_000 }, () => {
  it('says a field of an unknown type cannot be shown, and shows the others', () => {
    const fields: MenuFieldDef[] = [
      ...only(MENU_ITEM_FIELDS, 'foodname'),
      { key: 'spice_meter', label: 'Spice meter', type: 'slider', section: 'basics' },
    ];
    renderItemForm({ fields });
    expect(screen.getByText('The field "Spice meter" cannot be shown: its type is not known.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Item name/ })).toBeVisible();
  });

  it('shows a field with a permission only to users holding it; admins hold all', () => {
    const fields = only(MENU_ITEM_FIELDS, 'foodname', 'price', 'hsn_code', 'dietary_info');
    const first = renderItemForm({ fields, permissions: ['hsn_code'] });
    expect(screen.queryByRole('spinbutton', { name: 'Price' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Dietary info' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'HSN code' })).toBeVisible();
    first.unmount();

    renderItemForm({ fields, admin: true });
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Dietary info' })).toBeVisible();
  });

  it('labels the food types Veg, Egg and Non-veg', () => {
    renderItemForm({ fields: only(MENU_ITEM_FIELDS, 'vegflag') });
    const group = screen.getByRole('radiogroup', { name: 'Food type' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Veg', 'Egg', 'Non-veg']);
  });

  it('refuses a negative price and keeps a negative temperature', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields: only(MENU_ITEM_FIELDS, 'price', 'temperature'), permissions: ['price'] });
    const price = screen.getByRole('spinbutton', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '-12');
    expect(price).toHaveValue(12);
    const temperature = screen.getByRole('spinbutton', { name: 'Serving temperature (°C)' });
    await user.type(temperature, '-4');
    expect(temperature).toHaveValue(-4);
  });

  it('keeps only letters, digits and spaces in the reporting filter', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields: only(MENU_ITEM_FIELDS, 'reporting_filter2') });
    const input = screen.getByRole('textbox', { name: 'Reporting filter' });
    await user.type(input, 'Hot & Spicy #1!');
    expect(input).toHaveValue('Hot  Spicy 1');
  });

  it('can show the first section at once and the others just after (as the page opens it)', async () => {
    const fields = only(MENU_ITEM_FIELDS, 'foodname', 'taxation', 'calories');
    renderItemForm({ fields, admin: true, initial: aFoodItem(), deferLaterSections: true });
    expect(screen.getByRole('textbox', { name: /Item name/ })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Nutrition' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nutrition' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Taxation' })).toBeVisible();
    expect(screen.getByRole('spinbutton', { name: 'Calories' })).toBeVisible();
  });

  it('notes the price-book price (new) against the item price (old)', () => {
    renderItemForm({
      fields: only(MENU_ITEM_FIELDS, 'price'),
      admin: true,
      initial: aFoodItem({ price: 220 }),
      pricebookPrice: 230,
    });
    expect(screen.getByText('Price book ₹230.00 (new) · menu ₹220.00 (old)')).toBeVisible();
  });
});

describe('locks', { timeout: 60_000 }, () => {
  const fields = only(MENU_ITEM_FIELDS, 'foodname', 'price', 'hide_item', 'daysanddates');

  it('gives a unit manager lock buttons on price, hide item and days and dates, saved with the item', async () => {
    const user = userEvent.setup();
    const fetchMock = mockMenuApi({ [PUT]: ({ body }) => ({ body: { fooditem: { ...aFoodItem(), ...body } } }) });
    renderItemForm({ fields, permissions: ['price', 'unit_manager'], initial: aFoodItem() });
    expect(screen.getByRole('button', { name: 'Lock Hide item' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Lock Days and dates available' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Lock Item name' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Lock Price' }));
    expect(screen.getByRole('button', { name: 'Unlock Price' })).toHaveAttribute('aria-pressed', 'true');
    // The unit manager may still edit what is locked.
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(bodiesSent(fetchMock, PUT)).toHaveLength(1));
    expect(bodiesSent(fetchMock, PUT)[0]).toMatchObject({ locked_field: ['price'], version: 3 });
  });

  it('makes a locked field read-only, with a note, for users without unit_manager', () => {
    renderItemForm({ fields, permissions: ['price'], initial: aFoodItem({ locked_field: ['price'] }) });
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Hide item' })).toBeEnabled();
    expect(screen.getByText('Locked by a unit manager')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Lock|Unlock/ })).not.toBeInTheDocument();
  });
});

describe('enable as submenu: the attachment check', { timeout: 60_000 }, () => {
  const fields = only(MENU_ITEM_FIELDS, 'extras.enable_as_submenu');
  const item = aFoodItem({
    foodid: 'spice_route_mango_lassi',
    foodname: 'Mango Lassi',
    extras: { enable_as_submenu: true, enable_as_mealdeal: false, enable_as_mainitem: true },
  });
  const CHECK = 'POST fooditem_submenu_attachment';

  it('lists the submenus using the item and keeps the box checked', async () => {
    const user = userEvent.setup();
    const fetchMock = mockMenuApi({
      [CHECK]: () => ({ body: { all_attached_submenus: [{ submenuid: 'sm_drink', submenuname: 'Add a drink' }] } }),
    });
    renderItemForm({ fields, initial: item });
    const box = screen.getByRole('checkbox', { name: 'Enable as submenu' });
    await user.click(box);
    const dialog = await screen.findByRole('dialog', { name: 'The item is used in submenus' });
    expect(within(dialog).getByText('Add a drink')).toBeVisible();
    expect(bodiesSent(fetchMock, CHECK)[0]).toMatchObject({ foodid: 'spice_route_mango_lassi' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(box).toBeChecked();
  });

  it('unchecks when no submenu uses the item', async () => {
    const user = userEvent.setup();
    mockMenuApi({ [CHECK]: () => ({ body: { all_attached_submenus: [] } }) });
    renderItemForm({ fields, initial: item });
    const box = screen.getByRole('checkbox', { name: 'Enable as submenu' });
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('shows the server message in a failure alert when the check fails', async () => {
    const user = userEvent.setup();
    mockMenuApi({
      [CHECK]: () => ({ status: 500, body: { result: 'failure', message: 'Submenu service down', extras: {} } }),
    });
    renderItemForm({ fields, initial: item });
    await user.click(screen.getByRole('checkbox', { name: 'Enable as submenu' }));
    const alert = await screen.findByRole('dialog', { name: 'Failure!' });
    expect(within(alert).getByText('Submenu service down')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Enable as submenu', hidden: true })).toBeChecked();
  });
});

describe('saving', { timeout: 60_000 }, () => {
  const fields = only(MENU_ITEM_FIELDS, 'foodname', 'price');

  it('creates a new item for the restaurant', async () => {
    const user = userEvent.setup();
    const fetchMock = mockMenuApi({
      'POST vendor/fooditem': ({ body }) => ({ body: { fooditem: { ...aFoodItem(), ...body, foodid: 'new_id' } } }),
    });
    const { onClose } = renderItemForm({ fields, admin: true });
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByText('Item name: Enter the item name')).toBeVisible();
    expect(bodiesSent(fetchMock, 'POST vendor/fooditem')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Item name/ }), 'Aloo Tikki');
    await user.type(screen.getByRole('spinbutton', { name: 'Price' }), '80');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(bodiesSent(fetchMock, 'POST vendor/fooditem')[0]).toMatchObject({
      foodname: 'Aloo Tikki',
      price: 80,
      restaurant: 'fc-blr-atrium:spice_route',
    });
  });

  it('on a version conflict says someone else saved, and reloads their copy', async () => {
    const user = userEvent.setup();
    mockMenuApi({
      [PUT]: () => ({
        status: 409,
        body: { result: 'failure', message: 'Changed by someone else', extras: { code: 'versionConflict' } },
      }),
    });
    const reload = vi.fn(async () => aFoodItem({ foodname: 'Paneer Tikka Deluxe', version: 4 }));
    const { onClose } = renderItemForm({ fields, admin: true, initial: aFoodItem(), reload });
    await user.type(screen.getByRole('textbox', { name: /Item name/ }), ' Special');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByText('Someone else saved this item')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Item name/ })).toHaveValue('Paneer Tikka Deluxe'));
    expect(screen.queryByText('Someone else saved this item')).not.toBeInTheDocument();
  });

  it("shows a refusal's text by its code", async () => {
    const user = userEvent.setup();
    mockMenuApi({
      [PUT]: () => ({
        status: 400,
        body: { result: 'failure', message: 'bad', extras: { code: 'editMenu.submenuNotAllowed' } },
      }),
    });
    renderItemForm({ fields, admin: true, initial: aFoodItem() });
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByText('This submenu cannot be used with this type of item.')).toBeVisible();
  });

  it('asks before closing with unsaved changes', async () => {
    const user = userEvent.setup();
    const { onClose } = renderItemForm({ fields, admin: true, initial: aFoodItem() });
    await user.type(screen.getByRole('textbox', { name: /Item name/ }), 'x');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Yes' }),
    );
    expect(onClose).toHaveBeenCalled();
  });
});
