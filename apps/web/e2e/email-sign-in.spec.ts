import { expect, test } from '@playwright/test';
import { codeFor } from './outbox';
import { SHORT_TTL_PORT } from '../playwright.config';

test.describe('sign-in with e-mail and one-time code', () => {
  test('demo.admin signs in with the code sent by e-mail', async ({ page }) => {
    await page.goto('/login?mode=email');
    const getOtp = page.getByRole('button', { name: 'Get OTP' });
    const email = page.getByLabel('E-mail', { exact: true });
    await email.fill('admin@demo');
    await expect(getOtp).toBeDisabled();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await email.fill('admin@demo.controldesk.test');
    await expect(getOtp).toBeEnabled();
    const since = Date.now();
    await getOtp.click();
    await expect(page).toHaveURL(/\/verify/);
    const code = await codeFor('admin@demo.controldesk.test', since);
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Demo Administrator')).toBeVisible();
  });

  test('an expired code shows the message and leaves the user signed out', async ({ page }) => {
    // This server's codes live 3 seconds.
    const base = `http://127.0.0.1:${SHORT_TTL_PORT}`;
    await page.goto(`${base}/login?mode=email`);
    await page.getByLabel('E-mail', { exact: true }).fill('admin@demo.controldesk.test');
    const since = Date.now();
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await expect(page).toHaveURL(/\/verify/);
    const code = await codeFor('admin@demo.controldesk.test', since, 'short-ttl');
    await page.waitForTimeout(4_000);
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('The code has expired. Ask for a new one.')).toBeVisible();
    await page.goto(`${base}/`);
    await expect(page).toHaveURL(/\/login/);
  });
});
