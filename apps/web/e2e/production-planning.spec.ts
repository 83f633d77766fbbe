import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { seriousAxeLines } from './axe';
import { signIn } from './sign-in';

const SPICE = 'fc-blr-atrium:spice_route';
const TIKKA = 'spice_route_paneer_tikka';
const LASSI = 'spice_route_mango_lassi';

// axe is put into the page by the test (e2e/axe.ts), which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

test.describe('production planning', () => {
  test('a plan proposed from four past Thursdays, adjusted, saved, approved; its .xlsx holds the same rows', async ({
    page,
    baseURL,
    playwright,
  }) => {
    await signIn(page);
    // A Thursday far ahead, nobody else's: its four Thursdays before hold only this journey's sales.
    const run = Date.now().toString(36).toUpperCase();
    const day = Date.UTC(2033, 0, 6) + 7 * DAY_MS * Math.floor(Math.random() * 400);
    const weeks = [4, 3, 2, 1].map((k) => iso(day - k * 7 * DAY_MS));
    const made = await page.request.post('/v2/bck/api_keys', {
      headers: { Origin: baseURL! },
      data: { api_client: `e2e-production-${run}` },
    });
    const { key } = (await made.json()) as { key: string };
    const pos = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
    const tikka = [3, 5, 4, 6];
    const lassi = [2, 0, 2, 2];
    for (const [i, date] of weeks.entries()) {
      const lines = [
        { foodid: TIKKA, name: 'Paneer Tikka', quantity: tikka[i]!, unit_price: 10, tax: 0 },
        ...(lassi[i] ? [{ foodid: LASSI, name: 'Mango Lassi', quantity: lassi[i]!, unit_price: 10, tax: 0 }] : []),
      ];
      const res = await pos.post('/v2/bck/ingest/orders', {
        data: {
          order_number: `E2E-PP-${run}-${i}`,
          restaurant: SPICE,
          channel: 'pos',
          order_type: 'dine_in',
          status: 'completed',
          session: 'Lunch',
          business_date: date,
          placed_at: `${date}T07:00:00Z`,
          lines,
          payments: [{ tender: 'card', amount: lines.reduce((n, l) => n + l.quantity * 10, 0) }],
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await pos.dispose();

    await page.goto(`/production_planning_menuMgmt?restaurant=${encodeURIComponent(SPICE)}`);
    await expect(page.getByRole('heading', { name: 'Production Planning', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New production plan' });
    await dialog.getByRole('textbox', { name: 'Day' }).fill(iso(day));
    await expect(dialog.getByRole('combobox', { name: 'Session' })).toContainText('All day');
    expect(await seriousAxeLines(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Propose' }).click();

    // The plan opens: Tikka averages 4.5 → 5, Lassi 1.5 → 2 (a week without a sale counts as 0).
    const editor = page.getByRole('dialog', { name: `Plan for Thursday ${iso(day)} · All day` });
    await expect(editor).toBeVisible();
    const tikkaRow = editor.getByRole('row', { name: /Paneer Tikka/ });
    const lassiRow = editor.getByRole('row', { name: /Mango Lassi/ });
    await expect(tikkaRow).toContainText('3 · 5 · 4 · 6');
    await expect(lassiRow).toContainText('2 · 0 · 2 · 2');
    const tikkaPlanned = editor.getByRole('textbox', { name: 'Planned quantity of Paneer Tikka' });
    await expect(tikkaPlanned).toHaveValue('5');
    await expect(editor.getByRole('textbox', { name: 'Planned quantity of Mango Lassi' })).toHaveValue('2');
    await expect(editor.getByTestId('planned-total')).toHaveText('7');
    expect(await seriousAxeLines(page)).toEqual([]);

    // Adjusted by hand and saved.
    await tikkaPlanned.fill('8');
    await editor.getByRole('textbox', { name: 'Note for Paneer Tikka' }).fill('Office party');
    await expect(editor.getByTestId('planned-total')).toHaveText('10');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Plan saved')).toBeVisible();

    // Approved: read-only until reopened.
    await editor.getByRole('button', { name: 'Approve' }).click();
    await expect(editor.getByText('This plan is approved and read-only. Reopen it to change it.')).toBeVisible();
    await expect(tikkaPlanned).toBeDisabled();
    await expect(editor.getByRole('button', { name: 'Reopen' })).toBeVisible();
    // On a phone the editor fills the screen and still passes axe.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(editor.getByRole('heading', { name: /Plan for Thursday/ })).toBeInViewport();
    expect(await seriousAxeLines(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The prep sheet as .xlsx: the same rows as on screen.
    const downloading = page.waitForEvent('download');
    await editor.getByRole('button', { name: 'Download Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Prep sheet Spice Route ${iso(day)} All day.xlsx`);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'prep-sheet-')), 'sheet.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[2]).toEqual(['Item', ...weeks, 'Proposed', 'Planned', 'Note', 'Checked']);
    expect(rows.slice(3, 6)).toEqual([
      ['Paneer Tikka', 3, 5, 4, 6, 5, 8, 'Office party', ''],
      ['Mango Lassi', 2, 0, 2, 2, 2, 2, '', ''],
      ['Total', 5, 5, 6, 8, 7, 10, '', ''],
    ]);

    // The list shows the plan approved with its planned total.
    await editor.getByRole('button', { name: 'Close', exact: true }).last().click();
    const listed = page.getByRole('row', { name: new RegExp(iso(day)) });
    await expect(listed).toContainText('Approved');
    await expect(listed).toContainText('10');
    expect(await seriousAxeLines(page)).toEqual([]);
  });
});
