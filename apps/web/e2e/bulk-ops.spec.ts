import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';

/**
 * Bulk operations (spec 000 §2.2, §3, §4) against the real server and its job worker: a restaurant's menu is
 * downloaded as a workbook, edited here with exceljs, uploaded, and the background-tasks panel follows the job
 * to done; the editor shows the new price. A workbook with a bad row changes nothing and ends with an error
 * file naming the row. A menu is erased after its name is typed, and the finished task is dismissed.
 */

const SPICE = 'fc-blr-atrium:spice_route';
const ITEM = 'Masala Dosa';

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
  await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText('Hello, demo.admin');
}

const panel = (page: Page) => page.getByRole('region', { name: 'Background tasks' });
/** The panel's task for a file (the file name shows on the row). */
const taskFor = (page: Page, fileName: string) =>
  panel(page)
    .getByRole('listitem')
    .filter({ has: page.getByTestId('task-filename').getByText(fileName) });

async function pickRestaurant(section: Locator, page: Page, name: string) {
  await section.getByRole('combobox', { name: 'Restaurant' }).fill(name.slice(0, 5));
  await page.getByRole('option', { name }).click();
}

/** Records every status a task row takes (rows may go from in_progress to done between two polls). */
async function watchStatuses(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { taskStatuses: string[] }).taskStatuses = seen;
    const record = () =>
      document.querySelectorAll('li[data-status]').forEach((li) => {
        const entry = `${li.textContent ?? ''}|${li.getAttribute('data-status')}`;
        if (seen.at(-1) !== entry) seen.push(entry);
      });
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
}

const statusesOf = (page: Page, fileName: string) =>
  page.evaluate(
    (name) =>
      (window as unknown as { taskStatuses: string[] }).taskStatuses
        .filter((entry) => entry.includes(name))
        .map((entry) => entry.split('|').pop())
        .filter((status, i, all) => status !== all[i - 1]),
    fileName,
  );

async function saveDownload(download: Download, name: string): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-ops-')), name);
  await download.saveAs(file);
  return file;
}

/** The menu sheet (the one with a foodname header) and its columns by header. */
async function openMenuSheet(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  for (const sheet of workbook.worksheets) {
    const headers = new Map<string, number>();
    sheet.getRow(1).eachCell((cell, col) => headers.set(String(cell.value ?? '').trim(), col));
    if (headers.has('foodname')) return { workbook, sheet, headers };
  }
  throw new Error(`no menu sheet in ${file}`);
}

function rowOf(sheet: ExcelJS.Worksheet, headers: Map<string, number>, foodname: string): ExcelJS.Row {
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    if (String(row.getCell(headers.get('foodname')!).value ?? '').trim() === foodname) return row;
  }
  throw new Error(`no row for ${foodname}`);
}

/** A copy of the workbook with the item's price changed. */
async function withPrice(source: string, target: string, price: number): Promise<string> {
  const { workbook, sheet, headers } = await openMenuSheet(source);
  rowOf(sheet, headers, ITEM).getCell(headers.get('price')!).value = price;
  await workbook.xlsx.writeFile(target);
  return target;
}

async function uploadMenu(page: Page, file: string) {
  await page.goto('/bulkops');
  const upload = page.getByRole('region', { name: 'Upload a menu' });
  await pickRestaurant(upload, page, 'Spice Route');
  await upload.getByLabel('Excel file (.xlsx)').setInputFiles(file);
  await expect(upload.getByTestId('upload-file-name')).toHaveText(path.basename(file));
  await watchStatuses(page);
  await upload.getByRole('button', { name: 'Upload menu' }).click();
  await expect(page.getByText('Started — see Background tasks')).toBeVisible();
}

async function itemOnMenu(page: Page): Promise<Locator> {
  await page.goto(`/menu?restaurant=${encodeURIComponent(SPICE)}`);
  const item = page.getByRole('button', { name: new RegExp(ITEM) });
  await expect(item).toBeVisible();
  return item;
}

/** Downloads Spice Route's menu through the page (the file arrives by itself when the task turns done). */
async function downloadMenu(page: Page, name: string): Promise<string> {
  await page.goto('/bulkops');
  await expect(page.getByRole('heading', { name: 'Menu Bulk Operations', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: /Restaurants/ }).click();
  await page.getByRole('option', { name: 'Spice Route' }).click();
  await page.keyboard.press('Escape');
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Download menu' }).click();
  await expect(page.getByText('Started — see Background tasks')).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await saveDownload(download, name);
  const downloadTask = panel(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /^Download / }) });
  await expect(downloadTask.first()).toHaveAttribute('data-status', 'done');
  return file;
}

/** The item's price in a downloaded workbook. */
async function priceIn(file: string): Promise<number> {
  const { sheet, headers } = await openMenuSheet(file);
  return Number(rowOf(sheet, headers, ITEM).getCell(headers.get('price')!).value);
}

test.describe('bulk operations', () => {
  test.describe.configure({ mode: 'serial' });

  test('download a menu, change a price, upload it: the panel follows the job and the editor shows the price', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await expect(await itemOnMenu(page)).toContainText('150.00');

    const original = await downloadMenu(page, 'spice-original.xlsx');
    const edited = await withPrice(original, path.join(path.dirname(original), 'spice-edited.xlsx'), 165);
    await uploadMenu(page, edited);
    const task = taskFor(page, 'spice-edited.xlsx');
    await expect(task).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(task.getByTestId('task-outcome')).toContainText('Upload successful');
    expect(await statusesOf(page, 'spice-edited.xlsx')).toEqual(['in_progress', 'done']);
    await expect(panel(page).getByTestId('task-counts')).toHaveText(/^0 in progress \/ \d+$/);

    await expect(await itemOnMenu(page)).toContainText('165.00');
  });

  test('a workbook with a bad row changes nothing and offers an error file that names the row', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const current = await downloadMenu(page, 'spice-current.xlsx');
    const priceBefore = await priceIn(current);
    const bad = await withPrice(current, path.join(path.dirname(current), 'spice-bad-row.xlsx'), -5);
    await uploadMenu(page, bad);
    const task = taskFor(page, 'spice-bad-row.xlsx');
    await expect(task).not.toHaveAttribute('data-status', 'in_progress', { timeout: 60_000 });
    await expect(task.getByTestId('task-outcome')).toContainText('Upload failed');

    const downloading = page.waitForEvent('download');
    await task.getByRole('link', { name: 'Download error file' }).click();
    const errors = await saveDownload(await downloading, 'errors.xlsx');
    const { sheet, headers } = await openMenuSheet(errors);
    const errorColumn = [...headers.entries()].find(([header]) => /error/i.test(header))?.[1];
    expect(errorColumn).toBeDefined();
    expect(String(rowOf(sheet, headers, ITEM).getCell(errorColumn!).value)).toMatch(/price/i);

    // Nothing applied: the price is the one the menu had before the upload.
    await expect(await itemOnMenu(page)).toContainText(priceBefore.toFixed(2));

    // Put the demo price back for the journeys that follow.
    const restored = await withPrice(current, path.join(path.dirname(current), 'spice-restored.xlsx'), 150);
    await uploadMenu(page, restored);
    await expect(taskFor(page, 'spice-restored.xlsx')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(await itemOnMenu(page)).toContainText('150.00');
  });

  test("erase a restaurant's menu after typing its name, then dismiss the task", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto('/menu?restaurant=fc-ldn-river%3Anoodle_house');
    await expect(page.getByRole('button', { name: /Tonkotsu Ramen/ })).toBeVisible();

    await page.goto('/bulkops');
    const erase = page.getByRole('region', { name: 'Erase a menu' });
    await pickRestaurant(erase, page, 'Noodle House');
    await erase.getByRole('button', { name: 'Erase menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase the menu of Noodle House?' });
    await expect(dialog.getByRole('button', { name: 'Erase' })).toBeDisabled();
    await dialog.getByLabel('Restaurant name').fill('Noodle House');
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await expect(dialog).toBeHidden();

    const task = panel(page).getByRole('listitem').filter({ hasText: 'Noodle House' });
    await expect(task).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(task.getByTestId('task-outcome')).toHaveText('Completed');
    const before = await panel(page).getByRole('listitem').count();
    await task.getByRole('button', { name: /^Dismiss / }).click();
    await expect(panel(page).getByRole('listitem')).toHaveCount(before - 1);

    // The journeys after this one start with an empty panel: dismiss the other finished tasks at once.
    await panel(page)
      .getByRole('button', { name: /^Dismiss (all )?\d+ finished$/ })
      .click();
    await expect(panel(page)).toBeHidden();

    await page.goto('/menu?restaurant=fc-ldn-river%3Anoodle_house');
    await expect(page.getByRole('heading', { name: 'Add/Edit Menu', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /Tonkotsu Ramen/ })).toHaveCount(0);
  });
});
