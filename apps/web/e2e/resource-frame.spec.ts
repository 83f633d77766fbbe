import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

/** The first column (the id) of every data row of an exported workbook. */
async function exportedIds(file: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const idColumn = header.findIndex((h) => /food court id|^id$|foodcourt/i.test(h));
  const ids: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) ids.push(String(row.getCell(idColumn).value ?? ''));
  });
  return ids;
}

test.describe('the resource frame', () => {
  test('an edit dialog opened by its address survives a reload and saves; Export downloads exactly the filtered rows', async ({
    page,
    baseURL,
  }) => {
    await signIn(page);
    // A food court of this run's own, so other journeys' names stay as they are.
    const id = `fc-e2e-${Date.now().toString(36)}`;
    const created = await page.request.post('/v2/bck/vendor/foodcourt', {
      headers: { Origin: baseURL! },
      data: { foodcourt: id, location: 'loc-auckland', name: `Frame ${id}` },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await page.goto(`/foodcourt?location=loc-auckland&edit=${id}`);
    const dialog = page.getByRole('dialog', { name: `Edit food court Frame ${id}` });
    await expect(dialog).toBeVisible();
    await page.reload();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Food court ID')).toHaveValue(id);

    await dialog.getByLabel('Name').fill(`Frame ${id} renamed`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/foodcourt\?location=loc-auckland$/);
    const table = page.getByRole('table', { name: 'Food courts' });
    await expect(table.getByRole('row', { name: new RegExp(`Frame ${id} renamed`) })).toBeVisible();

    // The table's rows under the filter, by id (column 2), then the same from the export.
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const shown = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
    expect(shown).toContain(id);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.path();
    expect((await fs.stat(file)).size).toBeGreaterThan(0);
    expect(await exportedIds(file)).toEqual(shown);
  });
});
