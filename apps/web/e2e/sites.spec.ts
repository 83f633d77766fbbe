import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test.describe('site lists: organisations and food courts', () => {
  test('demo.admin adds an organisation and a food court, and finds both after a reload', async ({ page }) => {
    // Unique per run, so a retry against the same server does not meet its own earlier rows.
    const tag = Date.now().toString(36);
    const location = `loc-e2e-${tag}`;
    const foodcourt = `fc-e2e-${tag}`;
    await signIn(page);

    // Organisation: add through the dialog (its state is in the address).
    await page.goto('/location');
    await expect(page.getByRole('heading', { name: 'Organization', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /Bengaluru/ })).toBeVisible();
    await page.getByRole('button', { name: 'Add organization' }).click();
    await expect(page).toHaveURL(/\/location\?action=new$/);
    const addLocation = page.getByRole('dialog', { name: 'Add organization' });
    await addLocation.getByLabel(/Organization ID/).fill(location);
    await addLocation.getByLabel(/^Name/).fill(`E2E Campus ${tag}`);
    await addLocation.getByRole('button', { name: 'Save' }).click();
    await expect(addLocation).toBeHidden();
    await expect(page.getByText('Organization added')).toBeVisible();

    // The same id again is refused under the id field.
    await page.getByRole('button', { name: 'Add organization' }).click();
    const again = page.getByRole('dialog', { name: 'Add organization' });
    await again.getByLabel(/Organization ID/).fill(location);
    await again.getByLabel(/^Name/).fill('Duplicate');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again.getByLabel(/Organization ID/)).toHaveAttribute('aria-invalid', 'true');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(again).toBeHidden();

    // Search (debounced) puts the text in the address; a reload shows the same list.
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await page.reload();
    const locationRow = page.getByRole('row', { name: new RegExp(`E2E Campus ${tag}`) });
    await expect(locationRow).toBeVisible();
    await expect(locationRow.getByText(location)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);

    // Food court in that organisation: the organisation is picked by searching for it.
    await page.goto('/foodcourt');
    await page.getByRole('button', { name: 'Add food court' }).click();
    const addFoodcourt = page.getByRole('dialog', { name: 'Add food court' });
    await addFoodcourt.getByRole('combobox', { name: /Organization/ }).fill(tag);
    await page.getByRole('option', { name: new RegExp(`E2E Campus ${tag}`) }).click();
    await addFoodcourt.getByLabel(/Food court ID/).fill(foodcourt);
    await addFoodcourt.getByLabel(/^Name/).fill(`E2E Court ${tag}`);
    await addFoodcourt.getByRole('button', { name: 'Save' }).click();
    await expect(addFoodcourt).toBeHidden();

    // Filtered by the organisation in the address; after a reload the filter and the row are still there.
    await page.goto(`/foodcourt?location=${location}`);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveValue(`E2E Campus ${tag}`);
    const foodcourtRow = page.getByRole('row', { name: new RegExp(`E2E Court ${tag}`) });
    await expect(foodcourtRow).toBeVisible();
    await expect(foodcourtRow.getByText(foodcourt)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);

    // The organisation's counts link to the food court list.
    await page.goto(`/location?search=${tag}`);
    await expect(
      page
        .getByRole('row', { name: new RegExp(`E2E Campus ${tag}`) })
        .getByRole('link')
        .first(),
    ).toHaveText('1');

    // The edit dialog is linkable: open it from the address, rename, and see the new name in the list.
    await page.goto(`/location?search=${tag}&edit=${location}`);
    const edit = page.getByRole('dialog', { name: `Edit organization E2E Campus ${tag}` });
    await expect(edit.getByLabel(/Organization ID/)).toBeDisabled();
    await edit.getByLabel(/^Name/).fill(`E2E Campus ${tag} renamed`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(`E2E Campus ${tag} renamed`) })).toBeVisible();
  });

  test('the restaurant list pages on the server and opens the form from the address', async ({ page }) => {
    await signIn(page);
    await page.goto('/restaurant?foodcourt=fc-blr-atrium');
    await expect(page.getByRole('combobox', { name: 'Food court' })).toHaveValue('Atrium Food Court');
    const rows = page.getByRole('table', { name: 'Restaurants' }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const first = await rows.nth(1).getByRole('cell').first().innerText();
    await page.getByRole('button', { name: `Edit ${first}` }).click();
    await expect(page).toHaveURL(/edit=fc-blr-atrium%3A/);
    await expect(page.getByRole('dialog', { name: `Edit restaurant ${first}` })).toBeVisible();
    // The restaurant form opens again from the address.
    await page.reload();
    await expect(page.getByRole('dialog', { name: `Edit restaurant ${first}` })).toBeVisible();
  });
});
