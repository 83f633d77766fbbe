import { expect, test, type Page } from '@playwright/test';

/**
 * Menu history (issue 36): on /menu an item's price is changed twice, its history shows both changes in words, and
 * reverting the second (after Yes) puts the first new price back, in the list too.
 */

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
  await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText('Hello, demo.admin');
}

/** Opens the item, types the price and saves. */
async function setPrice(page: Page, name: string, price: string) {
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  const editor = page.getByRole('dialog', { name: `Edit item: ${name}` });
  await editor.getByRole('spinbutton', { name: 'Price' }).fill(price);
  await editor.getByRole('button', { name: 'Save item' }).click();
  await expect(editor).toBeHidden();
}

test('an item price changed twice is put back to the first change from its history', async ({ page }) => {
  await signIn(page);
  await page.goto('/menu?restaurant=fc-blr-atrium%3Aspice_route&search=Masala%20Dosa');
  // Masala Dosa has no price-book price: the list shows the menu price.
  const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Masala Dosa/ }) });
  await expect(row).toBeVisible();

  await setPrice(page, 'Masala Dosa', '111');
  await expect(row.getByText(/111\.00/)).toBeVisible();
  await setPrice(page, 'Masala Dosa', '122');
  await expect(row.getByText(/122\.00/)).toBeVisible();

  await row.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History: Masala Dosa' });
  const changes = drawer.getByRole('list', { name: 'Changes' });
  await expect(changes.getByText('Price: 111 → 122')).toBeVisible();
  await expect(changes.getByText(/^Price: [\d.]+ → 111$/)).toBeVisible();

  // The newest change first: revert it, after Yes.
  await changes
    .getByRole('button', { name: /^Revert the change of/ })
    .first()
    .click();
  await drawer.getByRole('button', { name: 'Yes' }).click();
  await expect(drawer.getByText('Change reverted')).toBeVisible();
  await expect(changes.getByText('Price: 122 → 111')).toBeVisible();
  await expect(changes.getByText('Reverted')).toBeVisible();

  await drawer.getByRole('button', { name: 'Close history' }).click();
  await expect(drawer).toBeHidden();
  await expect(row.getByText(/111\.00/)).toBeVisible();
  await expect(row.getByText(/122\.00/)).toBeHidden();
});
