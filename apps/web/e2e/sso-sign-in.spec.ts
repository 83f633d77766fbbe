import { expect, test } from '@playwright/test';

test.describe('single sign-on', () => {
  test('the SSO-only user signs in through the demo identity provider', async ({ page }) => {
    await page.goto('/login?location=loc-london');
    await page.getByRole('button', { name: 'Demo SSO' }).click();
    // The real OpenID provider's own sign-in page.
    await expect(page).toHaveURL(/\/demo-idp\//);
    await page.getByLabel('E-mail').fill('demo.sso@corp.controldesk.test');
    await page.getByLabel('Password').fill('ControlDesk#2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:4310\/$/);
    await expect(page.getByText('Demo SSO User')).toBeVisible();
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an SSO failure returns to login with the location and the message', async ({ page }) => {
    await page.goto('/sso-return?status=error&message=No%20Control%20Desk%20account%20uses%20x%40y.test');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('No Control Desk account uses x@y.test')).toBeVisible();
  });
});
