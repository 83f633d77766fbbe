import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';

/**
 * Reports (issue 14) against the real server: a user with two report permissions sees exactly those two reports,
 * runs one, changes its period and exports it to .xlsx (a background task whose file downloads when done); the
 * sales dashboard counts an order ingested meanwhile without a reload.
 */

const PASSWORD = 'ControlDesk#2026';
/** A restaurant of demo.reports's sites (Bengaluru). */
const SPICE = 'fc-blr-atrium:spice_route';

async function signIn(page: Page, userid: string) {
  await page.goto('/login');
  await page.getByLabel('User ID', { exact: true }).fill(userid);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${userid}`);
}

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const typed = (iso: string) => iso.split('-').reverse().join('');

test.describe('reports', () => {
  test('a user with two report permissions sees exactly those, runs one, changes the period and exports it', async ({
    page,
  }) => {
    await signIn(page, 'demo.reports');
    await page.goto('/reports');
    const yours = page.getByRole('region', { name: 'Your reports' });
    await expect(yours.getByRole('link', { name: 'Daily sales' })).toBeVisible();
    const reportLinks = yours.getByRole('listitem').getByRole('link');
    await expect(reportLinks).toHaveText(['Daily sales', 'Sales summary']);

    await yours.getByRole('link', { name: 'Sales summary' }).click();
    await expect(page).toHaveURL(/\/standardSalesReports\?report=acme%3Asales_summary$/);
    // The group page offers that one report only.
    await page.getByRole('combobox', { name: 'Report' }).click();
    await expect(page.getByRole('option')).toHaveText(['Sales summary']);
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Sales summary' });
    await expect(table).toBeVisible();

    // A longer period: typed into From, written to the address, run again.
    const from = isoDaysAgo(30);
    const rerun = page.waitForResponse(
      (r) => r.url().endsWith('/v2/bck/reports/run') && r.request().postData()?.includes(`"from":"${from}"`) === true,
    );
    await page.getByRole('group', { name: 'From' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(typed(from));
    await expect(page).toHaveURL(new RegExp(`from=${from}`));
    expect((await rerun).ok()).toBe(true);
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const firstRow = table.locator('tbody tr').first();
    const firstCell = (await firstRow.locator('th, td').first().textContent())?.trim() ?? '';
    expect(firstCell).not.toBe('');

    // Export to Excel: a background task; its file downloads when it is done.
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    await expect(page.getByText(/Export started/)).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cd-reports-')), download.suggestedFilename());
    await download.saveAs(file);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const headers = await table.locator('thead th').allTextContents();
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual(headers);
    expect(String(sheet.getRow(4).getCell(1).value)).toBe(firstCell);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
  });

  test('the sales dashboard shows a newly ingested order without a reload', async ({
    page,
    browser,
    baseURL,
    playwright,
  }) => {
    await signIn(page, 'demo.reports');
    await page.goto('/reports');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sales Reports', exact: true })
      .click();
    await expect(page).toHaveURL(/\/vdashboard\/index\.html/);
    await expect(page.getByRole('heading', { name: 'Sales dashboard', level: 1 })).toBeVisible();
    const orders = page.getByRole('listitem', { name: 'Orders' });
    await expect(orders).toBeVisible();
    // The card: its label, today's count, last week's.
    const count = async () => Number((await orders.locator('p').nth(1).textContent())?.replace(/\D/g, '') || 'NaN');
    await expect.poll(count).not.toBeNaN();
    const before = await count();

    // The ordering app's side: an API key made by an administrator, then an order sent with it.
    const run = Date.now().toString(36).toUpperCase();
    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await signIn(adminPage, 'demo.admin');
    const created = await adminPage.request.post('/v2/bck/api_keys', {
      headers: { Origin: baseURL! },
      data: { api_client: `e2e-dashboard-${run}` },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { key } = (await created.json()) as { key: string };
    await admin.close();
    const app = await playwright.request.newContext({ baseURL });
    const ingested = await app.post('/v2/bck/ingest/orders', {
      headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `e2e-dash-${run}` },
      data: {
        order_number: `DASH-${run}`,
        restaurant: SPICE,
        channel: 'kiosk',
        order_type: 'dine_in',
        status: 'completed',
        placed_at: new Date().toISOString(),
        lines: [{ foodid: 'e2e_dosa', name: 'E2E Dosa', quantity: 1, unit_price: 120 }],
        payments: [{ tender: 'card', amount: 120, reference: `TXN-${run}` }],
      },
    });
    expect(ingested.ok(), await ingested.text()).toBe(true);
    await app.dispose();

    // No reload: the stream's sales event reads the dashboard again.
    await expect.poll(count, { timeout: 15_000 }).toBe(before + 1);
  });
});
