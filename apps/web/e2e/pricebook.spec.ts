import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/** Sets an item's price in place and waits for the saved value in its row. */
async function setPrice(page: Page, items: Locator, name: string, price: string) {
  await items.getByRole('button', { name: `Edit price of ${name}` }).click();
  await items.getByRole('spinbutton', { name: `Price of ${name}` }).fill(price);
  await items.getByRole('button', { name: `Save price of ${name}` }).click();
  await expect(items.getByRole('spinbutton', { name: `Price of ${name}` })).toHaveCount(0);
  // Shown in the region's money format: 335.5 reads ₹335.50.
  const shown = Number(price).toFixed(2).replace('.', '\\.');
  await expect(items.getByRole('row', { name: new RegExp(`${name} .* ₹${shown}`) })).toBeVisible();
}

/** Types into the editor's price-book item search, one key at a time as a user would. */
async function searchItems(editor: Locator, text: string) {
  const search = editor.getByRole('combobox', { name: 'Search items' });
  await search.fill('');
  await search.pressSequentially(text, { delay: 50 });
}

test.describe('price book', () => {
  test('edits an item price; builds a price-book submenu from searched items and a group; finds it again by a tag', async ({
    page,
  }) => {
    const run = Date.now().toString(36);
    const title = `Cold drinks ${run}`;
    const tag = `e2e${run}`;
    await signIn(page);
    await page.goto('/pricebook');
    await expect(page.getByRole('heading', { name: 'Pricebook', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Price-book path' }).click();
    await page.getByRole('option', { name: 'standard' }).click();
    await expect(page).toHaveURL(/\?path=standard$/);

    // Price-book items of the path, the price edited in place (and put back afterwards).
    const items = page.getByRole('table', { name: 'Price-book items of standard' });
    await expect(items.getByRole('row', { name: /Mango Lassi spice_route_mango_lassi Yes ₹95\.00/ })).toBeVisible();
    await expect(items.getByRole('row', { name: /Mango Smoothie pb_mango_smoothie Yes ₹120\.00/ })).toBeVisible();
    await setPrice(page, items, 'Chicken Biryani', '335.5');
    await page.reload();
    await expect(items.getByRole('row', { name: /Chicken Biryani .* ₹335\.50/ })).toBeVisible();
    await setPrice(page, items, 'Chicken Biryani', '330');

    // A new price-book submenu with tags.
    const submenus = page.getByRole('table', { name: 'Price-book submenus of standard' });
    await expect(submenus.getByRole('row', { name: /Beverages drinks cold 2/ })).toBeVisible();
    await page.getByRole('button', { name: 'Add submenu' }).click();
    const editor = page.getByRole('dialog', { name: 'Submenu' });
    await editor.getByRole('textbox', { name: 'Title' }).fill(title);
    const tags = editor.getByRole('combobox', { name: 'Tags' });
    await tags.fill('summer');
    await tags.press('Enter');
    await tags.fill(tag);
    await tags.press('Enter');

    // Item search: two characters find nothing; "man" finds both mango items of the path.
    await searchItems(editor, 'ma');
    await page.waitForTimeout(1_200);
    await expect(page.getByRole('option', { name: /Mango/ })).toHaveCount(0);
    await searchItems(editor, 'man');
    await expect(page.getByRole('option', { name: /Mango Lassi/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Mango Smoothie/ })).toBeVisible();
    await page.getByRole('option', { name: /Mango Lassi/ }).click();
    const lassi = page.getByRole('dialog', { name: 'Add option' });
    await expect(lassi.getByRole('textbox', { name: 'Option name' })).toHaveValue('Mango Lassi');
    await lassi.getByRole('button', { name: 'Done' }).click();
    await expect(lassi).toBeHidden();

    await searchItems(editor, 'man');
    await page.getByRole('option', { name: /Mango Smoothie/ }).click();
    const smoothie = page.getByRole('dialog', { name: 'Add option' });
    await expect(smoothie.getByRole('textbox', { name: 'Option name' })).toHaveValue('Mango Smoothie');
    await smoothie.getByRole('button', { name: 'Done' }).click();
    await expect(smoothie).toBeHidden();

    // A group option.
    await editor.getByRole('button', { name: 'Add option' }).click();
    const group = page.getByRole('dialog', { name: 'Add option' });
    await group.getByRole('textbox', { name: 'Option name' }).fill('Syrup');
    await group.getByRole('radio', { name: 'Group' }).check();
    for (const [name, price] of [
      ['Vanilla', '10'],
      ['Caramel', '15'],
    ] as const) {
      await group.getByRole('textbox', { name: 'Sub-option name' }).fill(name);
      await group.getByRole('textbox', { name: 'Sub-option price' }).fill(price);
      await group.getByRole('button', { name: 'Add sub-option' }).click();
    }
    await group.getByRole('button', { name: 'Done' }).click();
    await expect(group).toBeHidden();

    await editor.getByRole('button', { name: 'Save submenu' }).click();
    await expect(editor).toBeHidden();
    const row = submenus.getByRole('row', { name: new RegExp(`${title} summer ${tag} 3`) });
    await expect(row).toBeVisible();

    // After a reload it is listed and opens with its options and tags.
    await page.reload();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const again = page.getByRole('dialog', { name: 'Submenu' });
    await expect(again.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    const options = again.getByRole('table', { name: 'Options' });
    await expect(options.getByRole('row', { name: /Mango Lassi .*95\.00 .*Item .*standard/ })).toBeVisible();
    await expect(options.getByRole('row', { name: /Mango Smoothie .*120\.00 .*Item .*standard/ })).toBeVisible();
    await expect(options.getByRole('row', { name: /Syrup .*Group .*Vanilla, Caramel/ })).toBeVisible();
    await expect(again.getByRole('button', { name: 'summer' })).toBeVisible();
    await expect(again.getByRole('button', { name: tag })).toBeVisible();
    await again.getByRole('button', { name: 'Close' }).first().click();
    await expect(again).toBeHidden();

    // Tag search finds it (and not the seeded Beverages submenu).
    await page.getByRole('textbox', { name: 'Search by tags' }).fill(tag.toUpperCase());
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText(`Submenus tagged ${tag}`)).toBeVisible();
    await expect(row).toBeVisible();
    await expect(submenus.getByRole('row', { name: /Beverages/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear tag search' }).click();
    await expect(submenus.getByRole('row', { name: /Beverages/ })).toBeVisible();
  });
});
