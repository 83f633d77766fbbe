import fs from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { signIn } from './sign-in';

/** Clicks something that starts a download and answers the file's bytes and name. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ bytes: Buffer; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await (download as Download).path();
  return { bytes: await fs.readFile(file), name: download.suggestedFilename() };
}

test.describe('QR codes', () => {
  test('five table codes are made and printed; a downloaded PNG decodes to its signed link, which leads to the ordering app', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto('/qrGeneration');
    await expect(page.getByText('Choose a food court to see its QR codes.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Food court' }).click();
    await page.getByRole('option').nth(1).click();
    await expect(page).toHaveURL(/foodcourt=/);
    const foodcourt = new URL(page.url()).searchParams.get('foodcourt')!;

    // Tables 1 to 5 with the prefix T.
    await page.getByRole('button', { name: 'Make codes' }).click();
    let dialog = page.getByRole('dialog', { name: 'Make QR codes' });
    await expect(dialog.getByRole('textbox', { name: 'Prefix' })).toHaveValue('T');
    await dialog.getByRole('textbox', { name: 'To' }).fill('5');
    await expect(dialog.getByRole('status')).toHaveText('5 codes: T1, T2, T3, T4, T5');
    await dialog.getByRole('button', { name: 'Make 5 codes' }).click();

    // The first code as the server draws it, then the five chosen for printing.
    dialog = page.getByRole('dialog', { name: '5 QR codes made' });
    const preview = dialog.getByRole('img', { name: 'QR code of T1' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await dialog.getByRole('button', { name: 'Choose these 5 for printing' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('5 codes chosen')).toBeVisible();

    const sheet = await downloaded(page, () => page.getByRole('button', { name: 'Print sheet (PDF)' }).click());
    expect(sheet.name).toBe('qr-codes-5.pdf');
    expect(sheet.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const zip = await downloaded(page, () => page.getByRole('button', { name: 'Download zip (PNG and SVG)' }).click());
    expect(zip.name).toBe('qr-codes-5.zip');
    expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');

    // T1's PNG decodes back to the link its row shows.
    const table = page.getByRole('table', { name: 'QR codes' });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: 'Choose T1', exact: true }) })
      .first();
    const link = ((await row.getByText(/\/q\//).textContent()) ?? '').trim();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/q\/\d+\.[\w-]{12}$/);
    const png = await downloaded(page, () => row.getByRole('button', { name: 'Download T1 as PNG' }).click());
    expect(png.name).toMatch(/^qr-table-T1-\d+\.png$/);
    const { data, info } = await sharp(png.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(link);

    // Following it (as a phone would) leads to the ordering app at that table.
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    const target = new URL(followed.headers.get('location') ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(`${baseURL}/order`);
    expect(target.searchParams.get('foodcourt')).toBe(foodcourt);
    expect(target.searchParams.get('table')).toBe('T1');
  });
});
