import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

const RESTAURANT = 'fc-ldn-river:noodle_house';
const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const shown = (date: string) => date.split('-').reverse().join('-');

/** The words the rule dialog shows for each kind of posting line. */
const KIND_LABEL: Record<string, string> = {
  sales: 'Sales',
  tax: 'Tax',
  charges: 'Charges',
  tender: 'Tender',
  discount: 'Discount',
  refund: 'Refund',
  receivable: 'Receivable',
  clearing: 'Clearing',
};

async function getJson<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`/v2/bck/${path}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

test.describe('day end and SAP', () => {
  test('closes a demo day after fixing a count difference, previews its posting, uploads it and reads the log', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page);
    const site = encodeURIComponent(RESTAURANT);

    // An open demo day with orders, within the SAP log's default month.
    const { days } = await getJson<{ days: { business_date: string; state: string; orders: number }[] }>(
      page,
      `dayend/days?restaurant=${site}&from=${iso(25)}&to=${iso(2)}`,
    );
    const date = days.find((d) => d.state === 'open' && d.orders > 0)?.business_date;
    expect(date, 'an open demo day').toBeTruthy();
    const { day } = await getJson<{ day: { totals: { tenders: { tender: string; amount: number }[] } } }>(
      page,
      `dayend?restaurant=${site}&business_date=${date}`,
    );
    const cash = day.totals.tenders.find((t) => t.tender === 'cash')?.amount ?? 0;

    // Day end: resolve what blocks the day, count, see a difference, correct it, close.
    await page.goto(`/dayend?restaurant=${site}&date=${date}`);
    await expect(page).toHaveTitle(/Day End · Control Desk/);
    const state = page.getByRole('region', { name: 'The day' });
    await expect(state).toContainText(`Noodle House · ${shown(date!)}`);
    await expect(state).toContainText('Open');
    const count = page.getByRole('table', { name: 'Counted amounts' });
    await expect(count).toBeVisible();
    const chooseAll = page.getByRole('checkbox', { name: 'Choose every order' });
    if (await chooseAll.isVisible()) {
      await expect(page.getByRole('button', { name: 'Close day' })).toBeDisabled();
      await chooseAll.check();
      await page.getByRole('button', { name: /^Carry \d+ orders? to the next day$/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Carry \d+ orders? to the next day$/ })
        .click();
    }
    await expect(page.getByText(/Nothing blocks closing/)).toBeVisible();

    const cashRow = count.getByRole('row', { name: /^Cash/ });
    await cashRow.getByLabel('Counted Cash').fill(String((Math.round(cash * 1000) + 5000) / 1000));
    await expect(cashRow).toContainText('£5.00 over');
    await page.getByRole('button', { name: 'Close day' }).click();
    await expect(page.getByText('Say why the count differs from what was expected')).toBeVisible();
    await cashRow.getByLabel('Counted Cash').fill(String(cash));
    await expect(cashRow).toContainText('None');
    await page.getByRole('button', { name: 'Close day' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close day' }).click();
    await expect(state).toContainText('Closed by demo.admin');
    await expect(page.getByRole('table', { name: 'Counted at close' })).toContainText('Cash');
    await page.getByRole('tab', { name: 'Day-end log' }).click();
    await expect(page.getByRole('table', { name: 'Day-end log' })).toContainText(shown(date!));

    // SAP inflow: the day's posting; a catch-all rule for each kind of line no rule matches.
    await page.goto(`/sap-inflow?preview_restaurant=${site}&preview_date=${date}`);
    const lines = page.getByRole('table', { name: 'Posting lines' });
    await expect(lines).toBeVisible();
    const preview = await getJson<{ lines: { kind: string; rule_id: number | null }[] }>(
      page,
      `sap-inflow/preview?restaurant=${site}&business_date=${date}`,
    );
    const unmatched = [...new Set(preview.lines.filter((l) => l.rule_id === null).map((l) => l.kind))];
    if (unmatched.length) await expect(lines).toContainText('No rule');
    for (const [index, kind] of unmatched.entries()) {
      await page.getByRole('button', { name: 'Add rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a posting rule' });
      await dialog.getByRole('combobox', { name: /Line/ }).click();
      await page.getByRole('option', { name: KIND_LABEL[kind], exact: true }).click();
      await dialog.getByRole('textbox', { name: /GL account/ }).fill(`9${String(index).padStart(5, '0')}`);
      await dialog.getByRole('textbox', { name: 'Priority' }).fill('900');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(page.getByLabel('Posting summary')).toContainText(/Lines without a rule\s*0/);
    await expect(lines).not.toContainText('No rule');
    await expect(page.getByText('Debits equal credits: the posting balances.')).toBeVisible();

    // SAP upload: the closed day's summary, Upload, then the log with its status and files.
    await page.goto(`/sapupload?restaurant=${site}&date=${date}`);
    const panel = page.getByRole('region', { name: 'Posting of the day' });
    await expect(panel.getByText('Debits equal credits: the posting balances.')).toBeVisible();
    await panel.getByRole('button', { name: 'Upload to SAP' }).click();
    await expect(page.getByText('SAP posting started')).toBeVisible();
    const log = page.getByRole('table', { name: 'SAP postings' });
    const row = log.getByRole('row', { name: new RegExp(shown(date!)) }).first();
    await expect(row).toContainText(/Built|Sent|Downloaded/, { timeout: 30_000 });
    const file = row.getByRole('link').first();
    await expect(file).toHaveText(/\.(csv|xml)$/);
    const download = page.waitForEvent('download');
    await file.click();
    expect((await download).suggestedFilename()).toMatch(/\.(csv|xml)$/);
    await expect(row).toContainText(/Sent|Downloaded/);
  });
});
