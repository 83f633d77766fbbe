import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

/** Four capital letters unique to this run (a retry against the same server must not meet its own rows). */
function uniqueCode(): string {
  const n = Date.now();
  return Array.from({ length: 4 }, (_, i) => String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26))).join('');
}

test.describe('allergens', () => {
  test('lists the 14 regulated allergens by code; a custom allergen is added with an image, renamed and deleted', async ({
    page,
  }) => {
    const code = uniqueCode();
    const name = `E2E allergen ${code}`;
    await signIn(page);
    await page.goto('/allergens');
    await expect(page.getByRole('heading', { name: 'Allergens', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Allergens' });

    for (const [c, n] of [
      ['CY', 'Celery'],
      ['GN', 'Gluten'],
      ['MK', 'Milk'],
      ['PT', 'Peanut'],
      ['SD', 'Sesame'],
      ['SA', 'Soya'],
    ]) {
      await expect(table.getByRole('row', { name: new RegExp(`\\b${c} ${n} \\d+ Regulated`) })).toBeVisible();
    }
    await expect(table.getByRole('row').filter({ hasText: 'Regulated' })).toHaveCount(14);
    // A regulated allergen cannot be deleted.
    await expect(page.getByRole('button', { name: 'Delete Celery' })).toBeDisabled();

    // Add: a bad code is refused in the dialog; then code, name and an image by address.
    await page.getByRole('button', { name: 'Add allergen' }).click();
    const add = page.getByRole('dialog', { name: 'Add allergen' });
    await add.getByLabel('Code').fill('X');
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('Use a code of 2 to 4 letters')).toBeVisible();
    await add.getByLabel('Code').fill(code.toLowerCase());
    await expect(add.getByLabel('Code')).toHaveValue(code);
    await add.getByRole('button', { name: 'Choose media' }).click();
    const chooser = page.getByRole('dialog', { name: 'Image' });
    await chooser.getByLabel('Media URL').fill('/e2e-allergen.png');
    await chooser.getByRole('button', { name: 'Use URL' }).click();
    await chooser.getByRole('button', { name: 'Save' }).click();
    await expect(chooser).toBeHidden();
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText('Allergen added')).toBeVisible();

    await page.reload();
    const row = table.getByRole('row', { name: new RegExp(`${code} ${name} 0 Custom`) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('img', { name })).toHaveAttribute('src', /e2e-allergen\.png$/);

    // Rename: the code stays.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit allergen ${code}` });
    await expect(edit.getByLabel('Code')).toBeDisabled();
    await edit.getByLabel('Name').fill(`Renamed ${code}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    await expect(table.getByRole('row', { name: new RegExp(`${code} Renamed ${code} 0 Custom`) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

    // Delete, after confirmation; gone after a reload too.
    await page.getByRole('button', { name: `Delete Renamed ${code}` }).click();
    await page
      .getByRole('dialog', { name: `Delete allergen Renamed ${code}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Allergen deleted')).toBeVisible();
    await page.reload();
    await expect(table.getByRole('row', { name: /CY Celery/ })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
  });
});
