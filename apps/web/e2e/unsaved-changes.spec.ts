import { expect, test } from '@playwright/test';

test.describe('unsaved-changes guard', () => {
  test('leaving a page with unsaved edits asks first with No focused: No, Enter and Escape stay, Yes leaves', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
    await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByTestId('greeting')).toBeVisible();

    await page.goto('/vendor');
    await page.getByRole('button', { name: 'New user' }).click();
    await expect(page).toHaveURL(/action=new/);
    const form = page.getByRole('dialog', { name: 'New user' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Half Typed');

    // Issue 35: closing the form by Escape asks with No focused, the safe answer: Enter keeps the edits, and so does
    // Escape on the question.
    const confirm = page.getByRole('dialog', { name: /unsaved changes/i });
    await page.keyboard.press('Escape');
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/action=new/);
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Half Typed');
    await page.keyboard.press('Escape');
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/action=new/);
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Half Typed');

    // The browser's back button is an in-app navigation the guard must stop.
    await page.evaluate(() => history.back());
    await expect(confirm).toBeVisible();
    // No has the focus: Escape stays, and so does Enter (issue 35).
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/action=new/);
    await page.evaluate(() => history.back());
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/action=new/);
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Half Typed');

    await page.evaluate(() => history.back());
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page).not.toHaveURL(/action=new/);
    await expect(page.getByRole('dialog', { name: 'New user' })).toBeHidden();

    // The flag cleared with the confirmed navigation: the next move does not ask.
    await page.getByRole('button', { name: 'New user' }).click();
    await page.getByRole('dialog', { name: 'New user' }).getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/location');
    await expect(page.getByRole('dialog', { name: /unsaved changes/i })).toBeHidden();
  });
});
