import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test.describe('order history and refunds', () => {
  test('an ingested order is found by text, refunded one line with a reason, and shows the refund after a reload', async ({
    page,
    baseURL,
    playwright,
  }) => {
    await signIn(page);
    const run = Date.now().toString(36).toUpperCase();
    const number = `E2E-${run}`;

    // The ordering app's side: an API key made by the admin, then the order sent with it.
    const created = await page.request.post('/v2/bck/api_keys', {
      headers: { Origin: baseURL! },
      data: { api_client: `e2e-kiosk-${run}` },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { key } = (await created.json()) as { key: string };
    // The app has no session: its own request context, without the admin's cookie.
    const app = await playwright.request.newContext({ baseURL });
    const ingested = await app.post('/v2/bck/ingest/orders', {
      headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `e2e-${run}` },
      data: {
        order_number: number,
        restaurant: 'fc-ldn-river:noodle_house',
        channel: 'kiosk',
        order_type: 'dine_in',
        status: 'completed',
        customer_ref: `EMP-${run}`,
        lines: [
          {
            foodid: 'e2e_ramen',
            name: 'E2E Ramen',
            options: [{ name: 'Extra egg', group: 'Toppings', price: 1.5 }],
            quantity: 2,
            unit_price: 12.5,
            tax: 2.08,
          },
          { foodid: 'e2e_tea', name: 'E2E Tea', quantity: 1, unit_price: 2.5 },
        ],
        payments: [{ tender: 'card', amount: 27.5, reference: `TXN-${run}` }],
      },
    });
    expect(ingested.ok(), await ingested.text()).toBe(true);
    await app.dispose();

    // Found by the start of its number in the order history.
    await page.goto('/orderhistory');
    await page.getByLabel('Order number or customer').fill(number);
    await expect(page).toHaveURL(new RegExp(`search=${number}`));
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row', { name: new RegExp(number) })).toContainText('Noodle House');
    await table.getByRole('button', { name: `Open order ${number}` }).click();

    const detail = page.getByRole('dialog', { name: `Order ${number}` });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('table', { name: 'Lines' })).toContainText('Toppings: Extra egg');
    await expect(detail.getByRole('table', { name: 'Lines' })).toContainText('£25.00');
    await expect(detail.getByText('No refunds.')).toBeVisible();

    // Refund one unit of the ramen.
    await detail.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${number}` });
    await expect(dialog).toContainText('Refundable: £27.50');
    await dialog.getByLabel('Units of E2E Ramen').fill('1');
    await dialog.getByLabel('Reason').fill('Cold food');
    await dialog.getByRole('button', { name: 'Refund £12.50' }).click();
    await expect(dialog).toBeHidden();

    const refunds = detail.getByRole('table', { name: 'Refunds' });
    await expect(refunds.getByRole('row', { name: /£12\.50 Cold food E2E Ramen × 1 demo\.admin/ })).toBeVisible();
    await expect(detail).toContainText('Partly refunded');

    // The address holds the order: after a reload the detail opens again with the refund.
    await page.reload();
    await expect(detail).toBeVisible();
    await expect(refunds.getByRole('row', { name: /£12\.50 Cold food E2E Ramen × 1 demo\.admin/ })).toBeVisible();
    await expect(detail.getByRole('table', { name: 'Lines' })).toContainText('1 · £12.50');

    // And the refunds page lists it.
    await page.goto(`/refunds?search=${number}`);
    await expect(
      page.getByRole('table', { name: 'Refunds' }).getByRole('row', { name: new RegExp(`${number}.*Cold food`) }),
    ).toBeVisible();
  });
});
