import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test.describe('API keys page', () => {
  test('an admin makes a key, copies it, an app sends an order with it; rotate keeps the old key for the grace; revoke refuses', async ({
    page,
    context,
    baseURL,
    playwright,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    const run = Date.now().toString(36).toUpperCase();
    const appName = `e2e-kiosk-${run}`;

    // Made on the page, under User Management, for one food court chosen by name.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const link = nav.getByRole('link', { name: 'API Keys' });
    if (!(await link.isVisible())) await nav.getByRole('button', { name: 'User Management' }).click();
    await link.click();
    await expect(page).toHaveURL(/\/api-keys$/);
    await page.getByRole('button', { name: 'Create key' }).click();
    const create = page.getByRole('dialog', { name: 'Create an API key' });
    await create.getByRole('textbox', { name: 'App' }).fill(appName);
    await create.getByRole('combobox', { name: 'Food courts' }).click();
    await page.getByRole('option', { name: 'Riverside Kitchen' }).click();
    await page.keyboard.press('Escape');
    await create.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: `Key for ${appName}` });
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText('Key copied')).toBeVisible();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^cdk_/);
    await expect(shown.getByRole('status', { name: 'API key' })).toHaveText(key);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    // The ordering app's side: its own request context, no session, the key in the header.
    const app = await playwright.request.newContext({ baseURL });
    const send = (k: string, n: string) =>
      app.post('/v2/bck/ingest/orders', {
        headers: { Authorization: `Bearer ${k}` },
        data: {
          order_number: `E2E-K-${run}-${n}`,
          restaurant: 'fc-ldn-river:noodle_house',
          channel: 'kiosk',
          order_type: 'dine_in',
          lines: [{ foodid: 'e2e_tea', name: 'E2E Tea', quantity: 1, unit_price: 2.5 }],
          payments: [{ tender: 'card', amount: 2.5 }],
        },
      });
    const first = await send(key, '1');
    expect(first.ok(), await first.text()).toBe(true);

    // The list shows its scope by name, its last use and its call.
    await page.getByLabel('Search by app or prefix').fill(appName);
    const table = page.getByRole('table', { name: 'API keys' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row', { name: new RegExp(appName) });
    await expect(row).toContainText('Riverside Kitchen');
    await expect(row).toContainText(key.slice(0, 10));
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();

    // Rotate with an hour's grace: both keys work.
    await row.getByRole('button', { name: /^Rotate / }).click();
    const rotate = page.getByRole('dialog', { name: /^Rotate the key/ });
    await rotate.getByRole('radio', { name: '1 hour' }).check();
    await rotate.getByRole('button', { name: 'Rotate key' }).click();
    const rotated = page.getByRole('dialog', { name: `Key for ${appName}` });
    await expect(rotated).toContainText(/The old key cdk_\S+… is accepted until/);
    const newKey = (await rotated.getByRole('status', { name: 'API key' }).textContent())!;
    expect(newKey).not.toBe(key);
    await rotated.getByRole('button', { name: 'Done' }).click();
    expect((await send(key, '2')).ok()).toBe(true);
    expect((await send(newKey, '3')).ok()).toBe(true);

    // Revoke the new key after the question: refused from then on.
    const newRow = table.getByRole('row', { name: new RegExp(newKey.slice(0, 10)) });
    await newRow.getByRole('button', { name: /^Revoke / }).click();
    await page
      .getByRole('dialog', { name: /^Revoke the key/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(page.getByText('API key revoked')).toBeVisible();
    await expect(newRow).toContainText('Revoked');
    expect((await send(newKey, '4')).status()).toBe(401);
    await app.dispose();
  });
});
