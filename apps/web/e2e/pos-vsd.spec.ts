import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { seriousAxeLines } from './axe';
import { signIn } from './sign-in';

const SPICE = 'fc-blr-atrium:spice_route';

// axe is put into the page by the test (e2e/axe.ts), which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

test.describe('POS & vending sync (India)', () => {
  test('two PLU codes set on /pos-vsd reach a POS target through Sync to POS & vending, logged as done', async ({
    page,
  }) => {
    // The POS: a receiver on this machine that keeps what it is sent.
    const bodies: { authorization?: string; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push({ authorization: req.headers.authorization, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"accepted":true}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    const run = Date.now().toString(36).toUpperCase().slice(-6);
    const [tikkaPlu, chaiPlu] = [`T${run}`, `C${run}`];

    try {
      await signIn(page);
      await page.goto(`/pos-vsd?restaurant=${encodeURIComponent(SPICE)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'POS & vending sync' })).toBeVisible();

      for (const [name, code] of [
        ['Paneer Tikka', tikkaPlu.toLowerCase()],
        ['Masala Chai', chaiPlu],
      ] as const) {
        await page.getByRole('button', { name: `Edit PLU of ${name}` }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: 'PLU' }).fill(code);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();
        // Typed in lower case, kept upper case.
        await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(code.toUpperCase());
      }

      // A POS target pointing at the receiver, with a header that is never shown again.
      const targets = page.getByRole('region', { name: 'Targets' });
      await targets.getByRole('button', { name: 'Add target' }).click();
      const form = page.getByRole('dialog');
      await form.getByRole('textbox', { name: /^Name/ }).fill(`Till ${run}`);
      await form.getByRole('textbox', { name: /^Address/ }).fill(`http://127.0.0.1:${port}/items`);
      await form.getByLabel('Authorization header').fill(`Bearer till-${run}`);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden();
      const targetRow = targets.getByRole('row', { name: new RegExp(`Till ${run}`) });
      await expect(targetRow).toContainText('Auth set');
      await expect(page.getByText(`till-${run}`)).toHaveCount(0);

      await page.getByRole('button', { name: 'Sync to POS & vending' }).click();
      const logRow = page
        .getByRole('table', { name: 'Sync log' })
        .getByRole('row')
        .filter({ hasText: `Till ${run}` })
        .first();
      await expect(logRow).toBeVisible();
      await expect(logRow).toContainText('Done', { timeout: 20_000 });
      await expect(logRow).toContainText('HTTP 200');

      // The POS got the item list with both codes, and the header.
      expect(bodies.length).toBeGreaterThan(0);
      const last = bodies[bodies.length - 1]!;
      expect(last.authorization).toBe(`Bearer till-${run}`);
      const sent = JSON.parse(last.body) as { format: string; items: { name: string; plu: string | null }[] };
      expect(sent.format).toBe('controldesk.pos-items.v1');
      expect(sent.items.find((i) => i.name === 'Paneer Tikka')?.plu).toBe(tikkaPlu);
      expect(sent.items.find((i) => i.name === 'Masala Chai')?.plu).toBe(chaiPlu);

      // The page with its list, log and targets passes axe.
      expect(await seriousAxeLines(page)).toEqual([]);
      // And at a phone's size, where the log and the targets scroll sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(logRow).toBeVisible();
      // The notice at the top (sync started, saved) is closed first: on a phone it lies over the app bar.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(await seriousAxeLines(page)).toEqual([]);
      await page.setViewportSize({ width: 1366, height: 900 });

      // Tax & subsidy on /bulkops: the count of items is shown before anything changes, then all get the subsidy.
      await page.goto('/bulkops');
      const tax = page.getByRole('region', { name: 'Tax & subsidy' });
      await tax.getByRole('combobox', { name: 'Restaurant' }).fill('Spice');
      await page.getByRole('option', { name: 'Spice Route' }).click();
      await expect(tax.getByRole('status')).toHaveText(/^\d+ items will change$/);
      const all = Number((await tax.getByRole('status').textContent())!.split(' ')[0]);
      await tax.getByRole('textbox', { name: 'Subsidy amount' }).fill('7.5');
      await tax.getByRole('button', { name: 'Apply subsidy' }).click();
      const notice = page.getByRole('alert').filter({ hasText: `Subsidy set on ${all} item(s)` });
      await expect(notice).toBeVisible();
      // axe reads the colours of a notice still fading in as too faint: it has finished appearing first.
      await expect(notice).toHaveCSS('opacity', '1');
      expect(await seriousAxeLines(page)).toEqual([]);
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});
