import { expect, test } from '@playwright/test';
import { codeFor } from './outbox';

test.describe('sign-in with phone and one-time code', () => {
  test('demo.admin signs in with the code from the outbox', async ({ page }) => {
    await page.goto('/login?mode=phone');
    const getOtp = page.getByRole('button', { name: 'Get OTP' });
    const phone = page.getByLabel('Phone number');
    await phone.fill('900000000');
    await expect(getOtp).toBeDisabled();
    await expect(page.getByText('Enter a 10-digit phone number')).toBeVisible();
    await phone.fill('9000000001');
    await expect(getOtp).toBeEnabled();
    const since = Date.now();
    await getOtp.click();
    await expect(page).toHaveURL(/\/verify/);
    const code = await codeFor('9000000001', since);

    const verify = page.getByRole('button', { name: 'Verify' });
    await expect(verify).toBeDisabled();
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await verify.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Demo Administrator')).toBeVisible();
  });

  test('letters are not accepted in the phone field', async ({ page }) => {
    await page.goto('/login?mode=phone');
    await page.getByLabel('Phone number').pressSequentially('90a00b0000c01');
    await expect(page.getByLabel('Phone number')).toHaveValue('9000000001');
    await expect(page.getByRole('button', { name: 'Get OTP' })).toBeEnabled();
  });

  test('a wrong code shows the message and leaves the user signed out', async ({ page }) => {
    await page.goto('/login?mode=phone');
    await page.getByLabel('Phone number').fill('9000000001');
    const since = Date.now();
    await page.getByRole('button', { name: 'Get OTP' }).click();
    const code = await codeFor('9000000001', since);
    await page.getByLabel('OTP', { exact: true }).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid OTP')).toBeVisible();
    await expect(page).toHaveURL(/\/verify/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the second factor needs both the phone code and the e-mail code', async ({ page }) => {
    await page.goto('/login?mode=phone');
    await page.getByLabel('Phone number').fill('9000000002');
    const since = Date.now();
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await expect(page).toHaveURL(/\/verify/);
    const phoneCode = await codeFor('9000000002', since);
    const emailCode = await codeFor('menu@demo.controldesk.test', since);
    await expect(page.getByText(/me\*\*\*@demo\.controldesk\.test/)).toBeVisible();

    const verify = page.getByRole('button', { name: 'Verify' });
    await page.getByLabel('OTP', { exact: true }).fill(phoneCode);
    await expect(verify).toBeDisabled();
    await page.getByLabel('E-mail OTP').fill(emailCode);
    await expect(verify).toBeEnabled();
    await verify.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Demo Menu Manager')).toBeVisible();
  });

  test('the resend countdown survives a reload, and back returns to login', async ({ page }) => {
    await page.goto('/login?mode=phone');
    await page.getByLabel('Phone number').fill('9000000001');
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await expect(page).toHaveURL(/\/verify/);
    const countdown = page.getByTestId('resend-countdown');
    await expect(countdown).toContainText(/\d+s/);
    await page.waitForTimeout(3_000);
    await page.reload();
    await expect(countdown).toBeVisible();
    const seconds = Number((await countdown.innerText()).match(/(\d+)s/)?.[1]);
    // Resumed, not restarted: some seconds have passed, and it is still counting.
    expect(seconds).toBeGreaterThan(30);
    expect(seconds).toBeLessThanOrEqual(57);
    await expect(page.getByRole('button', { name: /Resend OTP/ })).toBeDisabled();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await page.goto('/verify');
    await expect(page).toHaveURL(/\/login/);
  });
});
