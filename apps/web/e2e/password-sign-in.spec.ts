import { expect, test } from '@playwright/test';

test.describe('sign-in with user id and password', () => {
  test('demo.admin signs in, sees the signed-in page, and logs out back to login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await expect(login).toBeDisabled();
    await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
    await expect(login).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
    await expect(login).toBeEnabled();
    await login.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Demo Administrator')).toBeVisible();
    await expect(page.getByText(/Hello, demo\.admin/)).toBeVisible();

    // The session survives a reload.
    await page.reload();
    await expect(page.getByText('Demo Administrator')).toBeVisible();

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('empty values, a wrong password and a corporate id show their messages and sign nobody in', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('User ID', { exact: true }).fill('   ');
    await page.getByLabel('User ID', { exact: true }).press('Enter');
    await expect(page.getByText('Please enter id and password')).toBeVisible();

    await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Incorrect user id or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    await page.getByLabel('User ID', { exact: true }).fill('demo.sso@corp.controldesk.test');
    await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(/single sign-on/i).first()).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a session the server ended signs the app out on the next call', async ({ page, context, baseURL }) => {
    await page.goto('/login');
    await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
    await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Demo Administrator')).toBeVisible();
    // Another tab logs out: the server forgets the session; this tab finds out at its next call.
    const other = await context.newPage();
    // A request made outside the page names its origin as the browser's own fetches do (same-origin check).
    await other.request.post('/v2/bck/vendor/logout', { headers: { Origin: baseURL! }, data: {} });
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
  });
});
