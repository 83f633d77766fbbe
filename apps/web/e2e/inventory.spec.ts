import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

const SPICE = 'fc-blr-atrium:spice_route';
const DOSA = 'spice_route_masala_dosa';

/** The /menu row (list item) of an item. */
const menuRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^${name}`) }) });

test.describe('inventory and snooze', () => {
  test('an item snoozed until tonight on /menu, back on sale by hand; a short snooze returns by itself', async ({
    page,
    baseURL,
  }) => {
    await signIn(page);
    await page.goto(`/menu?restaurant=${encodeURIComponent(SPICE)}`);
    const dosa = menuRow(page, 'Masala Dosa');
    await dosa.getByRole('button', { name: 'Snooze' }).click();
    await page.getByRole('menuitem', { name: 'Until end of day' }).click();
    await expect(dosa.getByText('Snoozed until 23:59')).toBeVisible();
    // The ordering apps' menu read says so.
    const menu = await (
      await page.request.get(`/v2/bck/vendor/fooditem?restaurant=${encodeURIComponent(SPICE)}`)
    ).json();
    const read = (menu.fooditems as { foodid: string; snoozed_until: string | null }[]).find((i) => i.foodid === DOSA);
    expect(read?.snoozed_until).toBeTruthy();

    await dosa.getByRole('button', { name: 'Back on sale' }).click();
    await expect(dosa.getByText(/Snoozed until/)).toBeHidden();
    await expect(dosa.getByRole('button', { name: 'Snooze' })).toBeVisible();

    // Snoozed for a few seconds (by the API, as a till would): the page shows it return without a reload.
    const until = new Date(Date.now() + 6000).toISOString();
    const res = await page.request.post('/v2/bck/menu/snoozes', {
      headers: { Origin: baseURL! },
      data: { restaurant: SPICE, target_type: 'item', target_id: DOSA, until },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.reload();
    await expect(dosa.getByText(/Snoozed until/)).toBeVisible();
    await expect(dosa.getByText(/Snoozed until/)).toBeHidden({ timeout: 15_000 });
  });

  test("an item's stock sold down by ingested orders reads Sold out, and is back once stock is received", async ({
    page,
    baseURL,
    playwright,
  }) => {
    await signIn(page);
    const run = Date.now().toString(36).toUpperCase();
    await page.goto(`/inventoryManagement?restaurant=${encodeURIComponent(SPICE)}&search=Masala%20Dosa`);
    const row = page.getByRole('row', { name: /Masala Dosa/ });
    await row.getByRole('button', { name: 'Count Masala Dosa' }).click();
    const count = page.getByRole('dialog', { name: 'Count Masala Dosa' });
    await count.getByRole('textbox', { name: /Counted quantity/ }).fill('3');
    await count.getByRole('textbox', { name: 'Reason' }).fill('Opening stock');
    await count.getByRole('button', { name: 'Set count' }).click();
    await expect(count).toBeHidden();
    await expect(row).toContainText('3');
    await expect(row).toContainText('In stock');

    // The ordering app sells three dosas in two orders.
    const made = await page.request.post('/v2/bck/api_keys', {
      headers: { Origin: baseURL! },
      data: { api_client: `e2e-inventory-${run}` },
    });
    const { key } = (await made.json()) as { key: string };
    const app = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
    for (const [i, quantity] of [2, 1].entries()) {
      const res = await app.post('/v2/bck/ingest/orders', {
        data: {
          order_number: `E2E-INV-${run}-${i}`,
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          lines: [{ foodid: DOSA, name: 'Masala Dosa', quantity, unit_price: 100 }],
          payments: [{ tender: 'card', amount: quantity * 100 }],
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }

    await page.reload();
    await expect(row).toContainText('Sold out');
    await page.goto(`/menu?restaurant=${encodeURIComponent(SPICE)}`);
    await expect(page.getByRole('button', { name: /^Masala Dosa Sold out/ })).toBeVisible();

    await page.goto(`/inventoryManagement?restaurant=${encodeURIComponent(SPICE)}&search=Masala%20Dosa`);
    await row.getByRole('button', { name: 'Receive Masala Dosa' }).click();
    const receive = page.getByRole('dialog', { name: 'Receive Masala Dosa' });
    await receive.getByRole('textbox', { name: /Quantity/ }).fill('10');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect(receive).toBeHidden();
    await expect(row).toContainText('In stock');
    await expect(row).toContainText('10');

    // The ledger tells the story, newest first.
    await row.getByRole('button', { name: 'Ledger of Masala Dosa' }).click();
    const ledger = page.getByRole('dialog', { name: 'Ledger of Masala Dosa' });
    const entries = ledger.getByRole('row');
    await expect(entries.nth(1)).toContainText('Receipt');
    await expect(entries.nth(2)).toContainText('Sale');
    await expect(entries.nth(3)).toContainText('Sale');
    await expect(entries.nth(4)).toContainText('Count');

    await page.goto(`/menu?restaurant=${encodeURIComponent(SPICE)}`);
    await expect(page.getByRole('button', { name: /^Masala Dosa/ })).not.toContainText('Sold out');
  });
});
