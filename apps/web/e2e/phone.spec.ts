import { expect, test, type Locator } from '@playwright/test';
import { signIn } from './sign-in';

/**
 * Issue 21: the daily tasks on a phone (390 × 844). Names and prices are read on screen, not only found in the
 * page: each must lie inside the screen's width with some room of its own.
 */
test.use({ viewport: { width: 390, height: 844 } });

const SPICE = 'fc-blr-atrium:spice_route';

/** On screen and readable: inside the 390 px width, at least `minWidth` px wide, and not cut by its box. */
async function expectReadable(target: Locator, minWidth = 30) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.width).toBeGreaterThanOrEqual(minWidth);
  const cut = await target.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut, `${await target.textContent()} is cut`).toBe(false);
}

test.describe('on a phone', () => {
  test('/menu: item names, prices and the hidden mark read on screen; an item price is changed in the editor, whose title shows the name', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`/menu?restaurant=${encodeURIComponent(SPICE)}`);
    // Egg Curry is not on the price book: the list shows its menu price.
    const curry = page.getByRole('button', { name: /Egg Curry/ });
    await expectReadable(curry.getByText('Egg Curry', { exact: true }));
    await expectReadable(curry.getByText(/^₹\d+\.\d\d$/), 20);
    const before = (await curry.getByText(/^₹\d+\.\d\d$/).textContent())!;

    await curry.click();
    const editor = page.getByRole('dialog', { name: 'Edit item: Egg Curry' });
    await expectReadable(editor.getByRole('heading', { name: 'Edit item: Egg Curry' }));
    const price = editor.getByRole('spinbutton', { name: 'Price' });
    await price.fill('47');
    // Hidden too: the row says so in words, beside a name that stays readable (issue 21 point 7).
    await editor.getByRole('checkbox', { name: 'Hide item' }).check();
    await editor.getByRole('button', { name: 'Save item' }).click();
    await expect(editor).toBeHidden();
    await expectReadable(curry.getByText('₹47.00'), 20);
    await expectReadable(curry.getByText('Hidden', { exact: true }), 20);
    await expectReadable(curry.getByText('Egg Curry', { exact: true }));

    // Put the price and visibility back for the journeys after this one.
    await curry.click();
    await price.fill(before.replace('₹', ''));
    await editor.getByRole('checkbox', { name: 'Hide item' }).uncheck();
    await editor.getByRole('button', { name: 'Save item' }).click();
    await expect(editor).toBeHidden();
    await expect(curry.getByText(before)).toBeVisible();
    await expect(curry.getByText('Hidden', { exact: true })).toHaveCount(0);
  });

  test('/pricebook: the price column stays on screen and a price is edited in place', async ({ page }) => {
    await signIn(page);
    await page.goto('/pricebook?path=standard');
    const items = page.getByRole('table', { name: 'Price-book items of standard' });
    const chai = items.getByRole('row', { name: /Masala Chai/ });
    await expectReadable(chai.getByRole('cell').first());
    const shown = chai.getByText(/^₹\d+\.\d\d$/);
    await expectReadable(shown, 20);
    const before = (await shown.textContent())!.replace('₹', '');

    await chai.getByRole('button', { name: 'Edit price of Masala Chai' }).click();
    await chai.getByRole('spinbutton', { name: 'Price of Masala Chai' }).fill(String(Number(before) + 1));
    await chai.getByRole('button', { name: 'Save price of Masala Chai' }).click();
    await expectReadable(chai.getByText(`₹${(Number(before) + 1).toFixed(2)}`), 20);
    // Undo on the notice puts it back.
    await page.getByTestId('notice').getByRole('button', { name: 'Undo' }).click();
    await expect(chai.getByText(`₹${Number(before).toFixed(2)}`)).toBeVisible();
  });

  test('the background-tasks panel, once collapsed, stays collapsed after a reload', async ({ page }) => {
    await signIn(page);
    await page.goto('/bulkops');
    await page.getByRole('combobox', { name: /Restaurants/ }).click();
    await page.getByRole('option', { name: 'Spice Route' }).click();
    await page.keyboard.press('Escape');
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download menu' }).click();
    await downloading;

    const panel = page.getByRole('region', { name: 'Background tasks' });
    await panel.getByRole('button', { name: 'Hide background tasks' }).click();
    await expect(panel.getByRole('button', { name: 'Show background tasks' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await page.reload();
    await expect(panel.getByRole('button', { name: 'Show background tasks' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(panel.getByRole('list')).toBeHidden();

    // Leave an empty panel to the journeys after this one.
    await panel.getByRole('button', { name: 'Show background tasks' }).click();
    const dismiss = panel.getByRole('button', { name: /^Dismiss / });
    // One task or several: dismiss until the panel goes (a click may race the last task's removal).
    await expect(async () => {
      if ((await dismiss.count()) > 0) await dismiss.first().click({ timeout: 2_000 });
      await expect(panel).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  });
});
