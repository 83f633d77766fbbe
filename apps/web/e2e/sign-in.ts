import { expect, type Page } from '@playwright/test';

/** Signs in by user id and password (the demo administrator by default) and waits for the shell's greeting. */
export async function signIn(page: Page, userid = 'demo.admin', password = 'ControlDesk#2026') {
  await page.goto('/login');
  await page.getByLabel('User ID', { exact: true }).fill(userid);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(new RegExp(`Hello, ${userid.replace(/\./g, '\\.')}`))).toBeVisible();
}
