import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The Add/Edit Menu page (spec 001 §2.3, §4.2, §5.2, §6) against the real server and the demo menu: an item made
 * with an image, allergens, nutrition (reordered by drag), preparation times and dates is found as entered
 * after a reload; the submenu-attachment check and the price-book note show on the demo items.
 */

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
  await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText('Hello, demo.admin');
}

async function openSpiceRoute(page: Page) {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Add/Edit Menu', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Restaurant' }).fill('Spice');
  await page.getByRole('option', { name: 'Spice Route' }).click();
  await expect(page).toHaveURL(/restaurant=fc-blr-atrium%3Aspice_route/);
  await expect(page.getByRole('button', { name: /Paneer Tikka/ })).toBeVisible();
}

/** A 64×64 PNG drawn on a canvas in the page. */
async function makePng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#f4b400';
    ctx.fillRect(0, 0, 64, 64);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

async function typeTime(page: Page, scope: Locator, group: string, hhmm: string) {
  await scope.getByRole('group', { name: group }).getByRole('spinbutton').first().click();
  await page.keyboard.type(hhmm.replace(':', ''));
}

const ddmmyyyy = (date: Date) =>
  [date.getDate(), date.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('-') + `-${date.getFullYear()}`;
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

/** The nutrition rows' names, in order. */
const nutritionOrder = (dialog: Locator) =>
  dialog
    .getByRole('list', { name: 'Nutrition' })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));

test.describe('Add/Edit Menu', () => {
  test('the demo menu: price-book note and the submenu-attachment check', async ({ page }) => {
    await signIn(page);
    await openSpiceRoute(page);

    // Spice Route sells from the standard price book: Paneer Tikka is 230 there, 220 on the menu.
    const paneer = page.getByRole('button', { name: /Paneer Tikka/ });
    await expect(paneer.getByText(/Price book .*230\.00 \(new\) · menu .*220\.00 \(old\)/)).toBeVisible();

    // Mango Lassi is an option of "Add a drink": it cannot stop being a submenu item.
    await page.getByRole('searchbox', { name: 'Search items' }).fill('lassi');
    await expect(page.getByRole('button', { name: /Paneer Tikka/ })).toBeHidden();
    await page.getByRole('button', { name: /Mango Lassi/ }).click();
    const editor = page.getByRole('dialog', { name: 'Edit item: Mango Lassi' });
    const box = editor.getByRole('checkbox', { name: 'Enable as submenu' });
    await expect(box).toBeChecked();
    await box.click();
    const used = page.getByRole('dialog', { name: 'The item is used in submenus' });
    await expect(used.getByText('Add a drink')).toBeVisible();
    await used.getByRole('button', { name: 'Close' }).click();
    await expect(used).toBeHidden();
    await expect(box).toBeChecked();
    await editor.getByRole('button', { name: 'Close' }).first().click();
    await expect(editor).toBeHidden();
  });

  test('an item made with every kind of field is found as entered after a reload', async ({ page }) => {
    const name = `E2E Kulfi ${Date.now().toString(36)}`;
    const dates = [ddmmyyyy(daysFromNow(2)), ddmmyyyy(daysFromNow(5))];
    await signIn(page);
    await openSpiceRoute(page);

    await page.getByRole('button', { name: 'Add item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add item' });
    await dialog.getByRole('textbox', { name: /Item name/ }).fill(name);
    await dialog.getByRole('spinbutton', { name: 'Price' }).fill('120');
    await dialog.getByRole('checkbox', { name: 'Drinks' }).check();

    // Image: uploaded through the media chooser, then chosen.
    const png = await makePng(page);
    await dialog.getByRole('group', { name: 'Item image' }).getByRole('button', { name: 'Choose media' }).click();
    const chooser = page.getByRole('dialog', { name: 'Item image' });
    await chooser.getByRole('button', { name: 'Upload' }).click();
    const guide = page.getByRole('dialog', { name: 'Media guide' });
    await guide.getByLabel('Choose files').setInputFiles({ name: 'e2e-kulfi.png', mimeType: 'image/png', buffer: png });
    await expect(guide.getByText('Ready to upload')).toBeVisible();
    await guide.getByRole('button', { name: 'Upload' }).click();
    await expect(guide).toBeHidden();
    await chooser
      .getByRole('button', { name: /e2e-kulfi\.png/ })
      .first()
      .click();
    await chooser.getByRole('button', { name: 'Save' }).click();
    await expect(chooser).toBeHidden();
    const image = dialog.getByRole('group', { name: 'Item image' }).getByRole('img');
    await expect(image).toHaveAttribute('src', /\/files\/.+\.png$/);
    const imageUrl = (await image.getAttribute('src'))!;

    // Allergens from the catalogue.
    await dialog.getByRole('checkbox', { name: 'Milk (MK)' }).check();
    await dialog.getByRole('checkbox', { name: 'Peanut (PT)' }).check();

    // Nutrition: two rows, then the second dragged above the first.
    const nutrition = dialog.getByRole('list', { name: 'Nutrition' });
    await dialog.getByRole('button', { name: 'Add nutrient' }).click();
    await nutrition
      .getByRole('listitem', { name: 'Row 1' })
      .getByRole('combobox', { name: /Nutrient/ })
      .click();
    await page.getByRole('option', { name: 'Energy', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Quantity of Energy' }).fill('250 kcal');
    await dialog.getByRole('button', { name: 'Add nutrient' }).click();
    await nutrition
      .getByRole('listitem', { name: 'Row 2' })
      .getByRole('combobox', { name: /Nutrient/ })
      .click();
    await page.getByRole('option', { name: 'Protein', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Quantity of Protein' }).fill('6 g');
    expect(await nutritionOrder(dialog)).toEqual(['Energy', 'Protein']);
    const handle = dialog.getByRole('button', { name: 'Drag to reorder Protein' });
    const target = nutrition.getByRole('listitem', { name: 'Energy' });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => nutritionOrder(dialog)).toEqual(['Protein', 'Energy']);

    // Two preparation-time ranges.
    for (const [start, end, minutes, label] of [
      ['10:00', '11:00', '15', 'Lunch rush'],
      ['12:00', '13:00', '20', 'Afternoon'],
    ] as const) {
      await typeTime(page, dialog, 'Preparation time start', start);
      await typeTime(page, dialog, 'Preparation time end', end);
      await dialog.getByRole('textbox', { name: 'Prep minutes' }).fill(minutes);
      await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
      await dialog.getByRole('button', { name: 'Add range' }).click();
      await expect(
        dialog.getByRole('table', { name: 'Preparation time' }).getByRole('cell', { name: label }),
      ).toBeVisible();
    }

    // Two available dates.
    const available = dialog.getByRole('group', { name: 'Available dates' });
    for (const date of dates) {
      await available.getByRole('group', { name: 'Date' }).getByRole('spinbutton').first().click();
      await page.keyboard.type(date.replaceAll('-', ''));
      await available.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(available.getByTestId('selected-dates-list').getByText(date)).toBeVisible();
    }

    await dialog.getByRole('button', { name: 'Save item' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${name} saved`)).toBeVisible();

    // After a reload the item is in the list and opens with everything entered.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search items' }).fill(name);
    // The search applies after a pause; wait for it so the row does not move under the click.
    await expect(page.getByText(/^1 of \d+ items$/)).toBeVisible();
    const row = page.getByRole('button', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row.getByText(/120\.00/)).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', imageUrl);
    await row.click();
    const saved = page.getByRole('dialog', { name: `Edit item: ${name}` });
    await expect(saved.getByRole('spinbutton', { name: 'Price' })).toHaveValue('120');
    await expect(saved.getByRole('checkbox', { name: 'Drinks' })).toBeChecked();
    await expect(saved.getByRole('group', { name: 'Item image' }).getByRole('img')).toHaveAttribute('src', imageUrl);
    await expect(saved.getByRole('checkbox', { name: 'Milk (MK)' })).toBeChecked();
    await expect(saved.getByRole('checkbox', { name: 'Peanut (PT)' })).toBeChecked();
    await expect(saved.getByRole('checkbox', { name: 'Celery (CY)' })).not.toBeChecked();
    expect(await nutritionOrder(saved)).toEqual(['Protein', 'Energy']);
    await expect(saved.getByRole('textbox', { name: 'Quantity of Energy' })).toHaveValue('250 kcal');
    const prep = saved.getByRole('table', { name: 'Preparation time' });
    await expect(prep.getByRole('row')).toHaveCount(3);
    await expect(prep.getByRole('cell', { name: 'Lunch rush' })).toBeVisible();
    await expect(prep.getByRole('cell', { name: '20', exact: true })).toBeVisible();
    for (const date of dates)
      await expect(saved.getByTestId('selected-dates-list').first().getByText(date)).toBeVisible();
  });
});
