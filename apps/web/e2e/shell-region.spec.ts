import { expect, test, type Page } from '@playwright/test';

// The UK deployment's own name is uk.controldesk.app, but .app is on the browsers' HSTS preload list: Chromium
// would insist on https. Any host whose first label is a region's (core's regionForHost) picks that region.
const UK_HOST = 'uk.controldesk.test';

// The browser resolves the UK host name to this machine, where the test server listens. (A launch option
// forces its own worker, so it is set for the whole file.)
test.use({
  launchOptions: async ({ launchOptions }, provide) =>
    provide({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${UK_HOST} 127.0.0.1`],
    }),
});

async function signInAsAdmin(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
  await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText('Hello, demo.admin');
}

test.describe('regional deployments by host name', () => {
  test('the default host gets the default region: India demo, rupees', async ({ page }) => {
    await signInAsAdmin(page, 'http://127.0.0.1:4310');
    await expect(page.getByTestId('currency-sample')).toHaveText('₹1,234.50');
    await expect(page.getByRole('region', { name: 'Region' })).toContainText('INR');
  });

  test('a UK host name gets the UK region: pounds', async ({ page }) => {
    await signInAsAdmin(page, `http://${UK_HOST}:4310`);
    await expect(page.getByTestId('currency-sample')).toHaveText('£1,234.50');
    await expect(page.getByRole('region', { name: 'Region' })).toContainText('United Kingdom');
    await expect(page.getByRole('region', { name: 'Region' })).toContainText('GBP');
  });
});
