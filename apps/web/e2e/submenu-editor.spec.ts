import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './sign-in';

const SPICE_ROUTE = '/submenu_management?restaurant=fc-blr-atrium%3Aspice_route';

/** Adds an option by hand through the option dialog. */
async function addItemOption(page: Page, editor: Locator, name: string, price: string) {
  await editor.getByRole('button', { name: 'Add option' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add option' });
  await dialog.getByRole('textbox', { name: 'Option name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Price', exact: true }).fill(price);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** The save is refused: the rule's text shows at its field, with any others (issue 21 point 7), and no popup. */
async function expectRefused(page: Page, editor: Locator, text: string | RegExp) {
  await editor.getByRole('button', { name: 'Save submenu' }).click();
  await expect(editor.getByText(/^Not saved: /)).toBeVisible();
  await expect(editor.getByText(text)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Warning!' })).toHaveCount(0);
}

/** Option names in the editor's table, top to bottom. */
async function optionOrder(editor: Locator): Promise<string[]> {
  const rows = editor.getByRole('table', { name: 'Options' }).getByRole('row');
  const names = await rows.evaluateAll((trs) =>
    trs.slice(1).map((tr) => {
      const edit = tr.querySelector('button[aria-label^="Edit "]');
      return edit?.getAttribute('aria-label')?.replace(/^Edit /, '') ?? '';
    }),
  );
  return names;
}

/** Drags one handle of the edit-sequence list onto another with the mouse (dnd-kit's pointer sensor). */
async function dragHandle(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag handles are not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // Past the sensor's 4 px activation distance first, then onto the target in small steps.
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 - 4, { steps: 15 });
  await page.mouse.up();
}

test.describe('submenu editor (menu mode) on Category & Submenu Management', () => {
  test('builds a submenu with items, a group, a default, an order, hidden options and connections; all of it is there after a reload', async ({
    page,
  }) => {
    const title = `Toppings ${Date.now().toString(36)}`;
    await signIn(page);
    await page.goto(SPICE_ROUTE);
    await expect(page.getByRole('heading', { name: 'Category & Submenu Management', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Submenus of Spice Route' })).toBeVisible();

    await page.getByRole('button', { name: 'Add submenu' }).click();
    const editor = page.getByRole('dialog', { name: 'Submenu' });
    await editor.getByRole('textbox', { name: 'Title' }).fill(title);

    await addItemOption(page, editor, 'Cheese', '30');
    await addItemOption(page, editor, 'Olives', '20');

    // A group option with two sub-options.
    await editor.getByRole('button', { name: 'Add option' }).click();
    const group = page.getByRole('dialog', { name: 'Add option' });
    await group.getByRole('textbox', { name: 'Option name' }).fill('Sauce');
    await group.getByRole('radio', { name: 'Group' }).check();
    await expect(group.getByRole('textbox', { name: 'Price', exact: true })).toHaveCount(0);
    for (const [name, price] of [
      ['Mint', '0'],
      ['Tamarind', '5'],
    ] as const) {
      await group.getByRole('textbox', { name: 'Sub-option name' }).fill(name);
      await group.getByRole('textbox', { name: 'Sub-option price' }).fill(price);
      await group.getByRole('button', { name: 'Add sub-option' }).click();
    }
    await expect(group.getByRole('list', { name: 'Sub-options' })).toContainText('Mint');
    await expect(group.getByRole('list', { name: 'Sub-options' })).toContainText('Tamarind');
    await group.getByRole('button', { name: 'Done' }).click();
    await expect(group).toBeHidden();
    expect(await optionOrder(editor)).toEqual(['Cheese', 'Olives', 'Sauce']);

    // Mandatory, single choice: Cheese is the default.
    await editor.getByRole('checkbox', { name: 'Mandatory' }).check();
    await editor.getByRole('radio', { name: 'Default Cheese' }).check();

    // Edit sequence: drag Sauce above Cheese with the mouse.
    await editor.getByRole('button', { name: 'Edit sequence' }).click();
    const sequence = page.getByRole('dialog', { name: 'Edit sequence' });
    await dragHandle(
      page,
      sequence.getByRole('button', { name: 'Move Sauce' }),
      sequence.getByRole('button', { name: 'Move Cheese' }),
    );
    await expect(sequence.getByRole('listitem')).toHaveText(['Sauce', 'Cheese', 'Olives']);
    await sequence.getByRole('button', { name: 'Done' }).click();
    await expect(sequence).toBeHidden();
    expect(await optionOrder(editor)).toEqual(['Sauce', 'Cheese', 'Olives']);

    // Hide all, then show Olives again.
    await editor.getByRole('checkbox', { name: 'Hide all' }).check();
    for (const name of ['Sauce', 'Cheese', 'Olives']) {
      await expect(editor.getByRole('checkbox', { name: `Hide ${name}` })).toBeChecked();
    }
    await editor.getByRole('checkbox', { name: 'Hide Olives' }).uncheck();

    // Connect to Paneer Tikka and Masala Dosa.
    await editor.getByRole('combobox', { name: /Connect to menu items/ }).click();
    await page.getByRole('option', { name: 'Paneer Tikka' }).click();
    await page.getByRole('option', { name: 'Masala Dosa' }).click();
    await page.keyboard.press('Escape');
    await expect(editor.getByRole('combobox', { name: /Connect to menu items/ })).toContainText('Paneer Tikka');
    await expect(editor.getByRole('combobox', { name: /Connect to menu items/ })).toContainText('Masala Dosa');

    await editor.getByRole('button', { name: 'Save submenu' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(`${title} 3 2`) })).toBeVisible();

    // After a reload the submenu opens with everything as saved.
    await page.reload();
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const again = page.getByRole('dialog', { name: 'Submenu' });
    await expect(again.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    expect(await optionOrder(again)).toEqual(['Sauce', 'Cheese', 'Olives']);
    await expect(again.getByRole('checkbox', { name: 'Mandatory' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Multiple' })).not.toBeChecked();
    await expect(again.getByRole('radio', { name: 'Default Cheese' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Hide Sauce' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Hide Cheese' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Hide Olives' })).not.toBeChecked();
    const options = again.getByRole('table', { name: 'Options' });
    await expect(options.getByRole('row', { name: /Cheese .*Item .*30\.00/ })).toBeVisible();
    await expect(options.getByRole('row', { name: /Olives .*Item .*20\.00/ })).toBeVisible();
    const connections = again.getByRole('combobox', { name: /Connect to menu items/ });
    await expect(connections).toContainText('Paneer Tikka');
    await expect(connections).toContainText('Masala Dosa');

    await again.getByRole('button', { name: 'Edit Sauce' }).click();
    const sauce = page.getByRole('dialog', { name: 'Edit option' });
    await expect(sauce.getByRole('radio', { name: 'Group' })).toBeChecked();
    const subOptions = sauce.getByRole('list', { name: 'Sub-options' });
    await expect(subOptions.getByRole('listitem')).toHaveCount(2);
    await expect(subOptions.getByRole('listitem').nth(0)).toContainText(/Mint\s*₹0\.00/);
    await expect(subOptions.getByRole('listitem').nth(1)).toContainText(/Tamarind\s*₹5\.00/);
    await sauce.getByRole('button', { name: 'Cancel' }).click();
    expect(await optionOrder(again)).toEqual(['Sauce', 'Cheese', 'Olives']);
    // Looking at an option changes nothing: the editor closes without asking.
    await again.getByRole('button', { name: 'Close' }).first().click();
    await expect(again).toBeHidden();
  });

  test('each save rule of the submenu editor refuses the save with its message at its field', async ({ page }) => {
    const title = `Rules ${Date.now().toString(36)}`;
    await signIn(page);
    await page.goto(SPICE_ROUTE);
    await page.getByRole('button', { name: 'Add submenu' }).click();
    const editor = page.getByRole('dialog', { name: 'Submenu' });

    await expectRefused(page, editor, 'Enter a submenu title.');
    // Several at once, each at its field.
    await expect(editor.getByText('Add at least one option.')).toBeVisible();
    await expect(editor.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Enter a submenu title.');
    await editor.getByRole('textbox', { name: 'Title' }).fill(title);

    await expectRefused(page, editor, 'Add at least one option.');

    await editor.getByRole('checkbox', { name: 'Multiple' }).check();
    await expectRefused(page, editor, 'Enter the minimum number of options.');
    await editor.getByRole('textbox', { name: 'Minimum' }).fill('2');
    await editor.getByRole('textbox', { name: 'Maximum' }).fill('1');
    await expectRefused(page, editor, 'Maximum cannot be less than minimum.');
    await editor.getByRole('textbox', { name: 'Maximum' }).fill('3');
    await expectRefused(page, editor, 'Maximum cannot exceed the number of options.');
    await editor.getByRole('checkbox', { name: 'Multiple' }).uncheck();

    await editor.getByRole('textbox', { name: 'Min quantity' }).fill('5');
    await editor.getByRole('textbox', { name: 'Max quantity' }).fill('2');
    await expectRefused(page, editor, 'Maximum quantity cannot be less than minimum quantity.');
    await editor.getByRole('textbox', { name: 'Min quantity' }).fill('');
    await editor.getByRole('textbox', { name: 'Max quantity' }).fill('');

    await addItemOption(page, editor, 'Plain', '0');
    await editor.getByRole('checkbox', { name: 'Mandatory' }).check();
    await expectRefused(page, editor, 'Choose a default option that matches one of the options.');
    await editor.getByRole('radio', { name: 'Default Plain' }).check();

    // An option named like an item the submenu is connected to.
    await addItemOption(page, editor, 'Paneer Tikka', '10');
    await editor.getByRole('combobox', { name: /Connect to menu items/ }).click();
    await page.getByRole('option', { name: 'Paneer Tikka' }).click();
    await page.keyboard.press('Escape');
    await expectRefused(page, editor, /Cannot connect a submenu with a specific option to it/);

    // Nothing was saved: close without saving.
    await editor.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(editor).toBeHidden();
    await page.reload();
    await expect(page.getByRole('table', { name: 'Submenus of Spice Route' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  });
});

test.describe('categories on Category & Submenu Management', () => {
  test('adds, renames and deletes a category; a category used by items is not deleted', async ({ page }) => {
    const run = Date.now().toString(36);
    await signIn(page);
    await page.goto(SPICE_ROUTE);
    const categories = page.getByRole('table', { name: 'Categories of Spice Route' });
    await expect(categories.getByRole('row', { name: /Starters \d+/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add category' }).click();
    const add = page.getByRole('dialog', { name: 'Add category' });
    await add.getByRole('textbox', { name: 'Category name' }).fill(`Desserts ${run}`);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(categories.getByRole('row', { name: new RegExp(`Desserts ${run} 0`) })).toBeVisible();

    await page.getByRole('button', { name: `Rename Desserts ${run}` }).click();
    const rename = page.getByRole('dialog', { name: 'Rename category' });
    await rename.getByRole('textbox', { name: 'Category name' }).fill(`Sweets ${run}`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename).toBeHidden();
    await page.reload();
    await expect(categories.getByRole('row', { name: new RegExp(`Sweets ${run} 0`) })).toBeVisible();
    await expect(categories.getByRole('row', { name: new RegExp(`Desserts ${run}`) })).toHaveCount(0);

    // Mains holds items: the refusal says so and the category stays.
    await page.getByRole('button', { name: 'Delete Mains' }).click();
    await page.getByRole('dialog', { name: 'Delete category Mains?' }).getByRole('button', { name: 'Delete' }).click();
    const inUse = page.getByRole('dialog', { name: 'Category in use' });
    await expect(inUse).toContainText('Mains is used by menu items');
    await inUse.getByRole('button', { name: 'Got it' }).click();
    await expect(categories.getByRole('row', { name: /Mains \d+/ })).toBeVisible();

    await page.getByRole('button', { name: `Delete Sweets ${run}` }).click();
    await page
      .getByRole('dialog', { name: `Delete category Sweets ${run}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Category deleted')).toBeVisible();
    await page.reload();
    await expect(categories.getByRole('row', { name: /Starters \d+/ })).toBeVisible();
    await expect(categories.getByRole('row', { name: new RegExp(`Sweets ${run}`) })).toHaveCount(0);
  });
});
