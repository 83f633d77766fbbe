import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/** The ordering app's side: an API key made by the admin, used from a request context without the admin's cookie. */
async function orderingApp(page: Page, baseURL: string, newContext: () => Promise<APIRequestContext>, run: string) {
  const created = await page.request.post('/v2/bck/api_keys', {
    headers: { Origin: baseURL },
    data: { api_client: `e2e-app-${run}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { key } = (await created.json()) as { key: string };
  const app = await newContext();
  const post = async (path: string, data: object, headers: Record<string, string> = {}) => {
    const answer = await app.post(`/v2/bck/${path}`, { headers: { Authorization: `Bearer ${key}`, ...headers }, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return answer.json() as Promise<Record<string, unknown>>;
  };
  return { post, dispose: () => app.dispose() };
}

const anOrder = (number: string, run: string) => ({
  order_number: number,
  restaurant: 'fc-ldn-river:noodle_house',
  channel: 'kiosk',
  order_type: 'dine_in',
  status: 'completed',
  customer_ref: `EMP-${run}`,
  lines: [
    { foodid: 'e2e_ramen', name: 'E2E Ramen', quantity: 2, unit_price: 12.5, tax: 2.08 },
    { foodid: 'e2e_tea', name: 'E2E Tea', quantity: 1, unit_price: 2.5 },
  ],
  payments: [{ tender: 'card', amount: 27.5, reference: `TXN-${run}` }],
});

test.describe('invoices and feedback', () => {
  test("an order's invoice is issued, regenerated with a reason (new number and credit note), and its PDF opens", async ({
    page,
    baseURL,
    playwright,
  }) => {
    await signIn(page);
    const run = Date.now().toString(36).toUpperCase();
    const number = `E2E-INV-${run}`;
    const app = await orderingApp(page, baseURL!, () => playwright.request.newContext({ baseURL }), run);
    await app.post('ingest/orders', anOrder(number, run), { 'Idempotency-Key': `e2e-inv-${run}` });
    await app.dispose();

    // Issue the order's first invoice, finding the order by its number.
    await page.goto('/invoice');
    await page.getByRole('button', { name: 'Issue invoice' }).click();
    const issue = page.getByRole('dialog', { name: 'Issue an invoice' });
    await issue.getByRole('combobox', { name: 'Order' }).fill(number);
    await page.getByRole('option', { name: new RegExp(`${number} · Noodle House`) }).click();
    await issue.getByRole('button', { name: 'Issue' }).click();
    await expect(issue).toBeHidden();

    const first = page.getByRole('dialog', { name: /^Invoice INV-/ });
    await expect(first).toBeVisible();
    const firstNumber = ((await first.getByRole('heading').first().textContent()) ?? '').replace('Invoice ', '');
    expect(firstNumber).toMatch(/^INV-[0-9A-Z]+-\d{6}$/);
    await expect(first.getByRole('table', { name: 'Lines' })).toContainText('E2E Ramen');

    // Regenerate it with a reason: a new invoice and a credit note for the old one.
    await first.getByRole('button', { name: 'Regenerate' }).click();
    const regenerate = page.getByRole('dialog', { name: `Regenerate invoice ${firstNumber}` });
    await regenerate.getByRole('button', { name: 'Regenerate' }).click();
    await expect(regenerate.getByText('Give a reason')).toBeVisible();
    await regenerate.getByLabel('Reason').fill('Customer name corrected');
    await regenerate.getByRole('button', { name: 'Regenerate' }).click();
    await expect(regenerate).toBeHidden();

    const fresh = page.getByRole('dialog', { name: /^Invoice INV-/ });
    const notice = fresh.getByRole('status');
    await expect(notice).toContainText(new RegExp(`Credit note CN-[0-9A-Z]+-\\d{6} cancels ${firstNumber}\\.`));
    const [, newNumber, creditNumber] =
      /Invoice (INV-\S+) issued\. Credit note (CN-\S+) cancels/.exec((await notice.textContent()) ?? '') ?? [];
    expect(newNumber).not.toBe(firstNumber);
    await expect(fresh.getByRole('heading', { name: `Invoice ${newNumber}` })).toBeVisible();
    const history = fresh.getByRole('table', { name: 'Documents of this order' });
    await expect(history.getByRole('row', { name: new RegExp(`${firstNumber} Invoice Superseded`) })).toContainText(
      `Replaced by ${newNumber}`,
    );
    await expect(history.getByRole('row', { name: new RegExp(`${creditNumber} Credit note Issued`) })).toContainText(
      'Customer name corrected',
    );

    // The address keeps the new invoice open across a reload.
    await page.reload();
    await expect(fresh.getByRole('heading', { name: `Invoice ${newNumber}` })).toBeVisible();

    // Open PDF: a new tab on the PDF, sent with the session.
    const pdfLink = fresh.getByRole('link', { name: 'Open PDF' });
    await expect(pdfLink).toHaveAttribute('target', '_blank');
    const href = (await pdfLink.getAttribute('href'))!;
    const pdfResponse = page.context().waitForEvent('response', (r) => r.url().endsWith(href));
    const [popup] = await Promise.all([page.waitForEvent('popup'), pdfLink.click()]);
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    await popup.close();
    // The same bytes through the session's own request context (the tab's body is the viewer's).
    const pdf = await page.request.get(href);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The list shows all three documents by the order's number.
    await page.goto(`/invoice?search=${number}`);
    const table = page.getByRole('table', { name: 'Invoices' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row', { name: new RegExp(`${creditNumber} Credit note`) })).toContainText(
      `Cancels ${firstNumber}`,
    );
  });

  test('a feedback ticket is answered and resolved, and after a reload shows the reply and the status', async ({
    page,
    baseURL,
    playwright,
  }) => {
    await signIn(page);
    const run = Date.now().toString(36).toUpperCase();
    const number = `E2E-FB-${run}`;
    const app = await orderingApp(page, baseURL!, () => playwright.request.newContext({ baseURL }), run);
    await app.post('ingest/orders', anOrder(number, run), { 'Idempotency-Key': `e2e-fb-${run}` });
    const comment = `Soup was cold ${run}`;
    await app.post('ingest/feedback', {
      type: 'feedback',
      category: 'food',
      restaurant: 'fc-ldn-river:noodle_house',
      order_number: number,
      rating: 1,
      comment,
      customer_name: 'Asha',
    });
    await app.dispose();

    // Negative feedback, found by its text.
    await page.goto('/feedback?negative=true');
    await expect(page.getByRole('switch', { name: 'Negative only' })).toBeChecked();
    await page.getByLabel('Comment, customer or order').fill(run);
    await expect(page).toHaveURL(new RegExp(`search=${run}`));
    const table = page.getByRole('table', { name: 'Feedback' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row', { name: new RegExp(comment) });
    await expect(row).toContainText('Open');
    await row.getByRole('button', { name: /^Open ticket #\d+$/ }).click();

    const detail = page.getByRole('dialog', { name: /^Feedback #\d+$/ });
    await expect(detail).toContainText(comment);
    await expect(detail.getByRole('link', { name: number })).toHaveAttribute('href', /\/orderhistory\?view=\d+/);
    await expect(detail).toContainText('★☆☆☆☆ 1/5');

    await detail.getByLabel('Your reply').fill('Sorry — we have refunded the soup.');
    await detail.getByRole('button', { name: 'Send reply' }).click();
    await expect(detail.getByRole('listitem').filter({ hasText: 'Sorry — we have refunded the soup.' })).toBeVisible();
    await expect(detail.getByLabel('Your reply')).toHaveValue('');
    await expect(detail.getByRole('combobox', { name: 'Status' })).toHaveText('In progress');

    await detail.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Resolved' }).click();
    await expect(detail.getByRole('combobox', { name: 'Status' })).toHaveText('Resolved');

    await page.reload();
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('listitem').filter({ hasText: 'Sorry — we have refunded the soup.' })).toBeVisible();
    await expect(detail.getByText('Demo Administrator (staff)', { exact: false })).toBeVisible();
    await expect(detail.getByRole('combobox', { name: 'Status' })).toHaveText('Resolved');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(table.getByRole('row', { name: new RegExp(comment) })).toContainText('Resolved');
  });
});
