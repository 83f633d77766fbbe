import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_DATA } from '../playwright.config';
import { signIn } from './sign-in';

const SPICE = 'fc-blr-atrium:spice_route';
const TIKKA = 'spice_route_paneer_tikka';

/** An API key of an ordering app, and that app's own request context (no session). */
async function orderingApp(
  page: Page,
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  run: string,
) {
  const made = await page.request.post('/v2/bck/api_keys', {
    headers: { Origin: baseURL },
    data: { api_client: `e2e-marketing-${run}` },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { key } = (await made.json()) as { key: string };
  const app = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
  return app;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
/** Types a date and time into an MUI date-time field, section by section (DD MM YYYY HH mm). */
async function typeDateTime(page: Page, field: Locator, at: Date) {
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(
    `${twoDigits(at.getDate())}${twoDigits(at.getMonth() + 1)}${at.getFullYear()}${twoDigits(at.getHours())}${twoDigits(at.getMinutes())}`,
  );
}

test.describe('marketing', () => {
  test('a group from a rule, a promotion for it with 20 unique codes, and a cart tried in the panel says why a second offer did not stack', async ({
    page,
    baseURL,
  }) => {
    await signIn(page);
    const run = Date.now().toString(36).toUpperCase();
    const groupName = `Spice regulars ${run}`;

    // The group: a rule over Spice Route's orders of the last 90 days, counted live while it is written.
    await page.goto('/groups');
    await page.getByRole('button', { name: 'Add group' }).click();
    const groupForm = page.getByRole('dialog', { name: 'Add group' });
    await groupForm.getByRole('textbox', { name: 'Name', exact: true }).fill(groupName);
    await groupForm.getByRole('radio', { name: 'Rule' }).check();
    await groupForm.getByRole('combobox', { name: 'Restaurants' }).click();
    await page.getByRole('option', { name: /^Spice Route/ }).click();
    await page.keyboard.press('Escape');
    await groupForm.getByRole('textbox', { name: 'Ordered in the last (days)' }).fill('90');
    // What the server counts for that rule, and what the form shows once it has counted it.
    const counted = await page.request.post('/v2/bck/groups/count', {
      headers: { Origin: baseURL! },
      data: { rule: { restaurants: ['fc-blr-atrium:spice_route'], days: 90 } },
    });
    const matching = (await counted.json()).count as number;
    expect(matching).toBeGreaterThan(0);
    await expect(groupForm.getByRole('status', { name: 'Customers matching the rule' })).toHaveText(
      `${matching.toLocaleString('en-IN')} customers match`,
    );
    await groupForm.getByRole('button', { name: 'Save' }).click();
    await expect(groupForm).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(groupName) })).toContainText(
      matching.toLocaleString('en-IN'),
    );

    // The promotion for that group: exclusive, first in line, with unique codes.
    const promo = `Regulars treat ${run}`;
    await page.goto('/promotions');
    await page.getByRole('button', { name: 'Add promotion' }).click();
    const promoForm = page.getByRole('dialog', { name: 'Add promotion' });
    await promoForm.getByRole('textbox', { name: 'Name', exact: true }).fill(promo);
    await promoForm.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await promoForm.getByRole('textbox', { name: 'Priority' }).fill('100');
    await promoForm.getByRole('radio', { name: /^Exclusive/ }).check();
    await promoForm.getByRole('radio', { name: /^Unique codes/ }).check();
    await promoForm.getByRole('textbox', { name: 'Percent off' }).fill('20');
    await promoForm.getByRole('combobox', { name: 'Customer groups' }).click();
    await page.getByRole('option', { name: groupName }).click();
    await page.keyboard.press('Escape');
    await promoForm.getByRole('button', { name: 'Save' }).click();
    await expect(promoForm).toBeHidden();

    await page.getByRole('button', { name: `Codes of ${promo}` }).click();
    const codes = page.getByRole('dialog', { name: `Codes of ${promo}` });
    await codes.getByRole('textbox', { name: 'How many' }).fill('20');
    await codes.getByRole('button', { name: 'Generate codes' }).click();
    await expect(page.getByText('20 codes generated')).toBeVisible();
    await expect(codes.getByText('20 codes', { exact: true })).toBeVisible();
    await expect(codes.getByRole('table', { name: 'Codes' }).getByRole('row')).toHaveCount(21);
    const code = (await codes
      .getByRole('table', { name: 'Codes' })
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .first()
      .textContent())!.trim();
    await codes.getByRole('button', { name: 'Close' }).click();

    // A member of the group, as the ordering app would know them.
    const groups = await page.request.get(`/v2/bck/groups?search=${encodeURIComponent(groupName)}`);
    const groupId = (await groups.json()).groups[0].id as number;
    const members = await page.request.get(`/v2/bck/groups/${groupId}/members?page_size=25`);
    const member = (await members.json()).members[0].customer_ref as string;

    // The cart: lunch at Spice Route, a member with the code; the demo's "Lunch 10% off" would apply too.
    await page.getByRole('button', { name: 'Try a cart' }).click();
    const panel = page.getByRole('dialog', { name: 'Try a cart' });
    await panel.getByRole('combobox', { name: 'Restaurant' }).click();
    await page.getByRole('option', { name: /^Spice Route/ }).click();
    await panel.getByRole('combobox', { name: 'Session' }).click();
    await page.getByRole('option', { name: 'Lunch' }).click();
    await panel.getByRole('textbox', { name: 'Customer reference' }).fill(member);
    await panel.getByRole('combobox', { name: 'Codes' }).fill(code);
    await page.keyboard.press('Enter');
    await panel.getByRole('combobox', { name: 'Item of line 1' }).fill('Paneer');
    await page.getByRole('option', { name: /Paneer Tikka/ }).click();
    await panel.getByRole('textbox', { name: 'Quantity of line 1' }).fill('2');
    await panel.getByRole('button', { name: 'Price the cart' }).click();

    await expect(panel.getByRole('table', { name: 'Applied', exact: true })).toContainText(promo);
    const notApplied = panel.getByRole('table', { name: 'Not applied' });
    await expect(notApplied.getByRole('row', { name: /Lunch 10% off/ })).toContainText(
      `Does not stack: "${promo}" applies alone`,
    );
  });

  test('a campaign is scheduled, sent with its codes, and its results count the order that redeemed one', async ({
    page,
    baseURL,
    playwright,
  }) => {
    await signIn(page);
    const run = Date.now().toString(36).toUpperCase();
    const origin = { Origin: baseURL! };

    // The audience (a static list of 12 with e-mails) and the promotion it carries, made through the API.
    const group = await page.request.post('/v2/bck/groups', {
      headers: origin,
      data: { name: `Winback ${run}`, kind: 'static' },
    });
    const groupId = (await group.json()).group.id as number;
    const csv = [
      'customer_ref,name,email',
      ...Array.from({ length: 12 }, (_, i) => `W${run}-${i},Member ${i},w${i}.${run.toLowerCase()}@e2e.test`),
    ].join('\n');
    const imported = await page.request.post(`/v2/bck/groups/${groupId}/import`, {
      headers: origin,
      multipart: { mode: 'append', file: { name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(imported.ok(), await imported.text()).toBe(true);
    const offer = await page.request.post('/v2/bck/offers', {
      headers: origin,
      data: {
        name: `Come back ${run}`,
        trigger: 'code',
        code_mode: 'unique',
        status: 'active',
        conditions: { restaurants: [SPICE] },
        reward: { kind: 'amount', amount: 30, applies_to: 'order' },
      },
    });
    expect(offer.ok(), await offer.text()).toBe(true);
    const offerId = (await offer.json()).offer.id as number;

    // Scheduled on the page, to go now.
    const name = `Winback mail ${run}`;
    await page.goto('/campaign');
    await page.getByRole('button', { name: 'Add campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add campaign' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('combobox', { name: /^Channel/ }).click();
    await page.getByRole('option', { name: 'E-mail' }).click();
    await dialog.getByRole('combobox', { name: 'Customer group' }).click();
    await page.getByRole('option', { name: `Winback ${run} (12 members)` }).click();
    await dialog.getByRole('combobox', { name: 'Offer' }).click();
    await page.getByRole('option', { name: `Come back ${run}` }).click();
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('We miss you');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Lunch is on us this week.');
    await typeDateTime(
      page,
      dialog.getByRole('group', { name: 'Send at (leave empty to keep as a draft)' }),
      new Date(),
    );
    // Half held out: members are split by a hash of (campaign, customer), so with 12 members a quarter could leave
    // none out now and then (0.75^12 ≈ 3 %); at a half, all or none in one group is 0.02 % each.
    await dialog.getByLabel('Control group (%)').fill('50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();

    // The job-running server sends it within seconds: the list shows it sent.
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await page.getByRole('row', { name: new RegExp(name) }).textContent()) ?? '';
        },
        { timeout: 30_000, intervals: [1000] },
      )
      .toContain('Sent');

    // The dev outbox holds one mail per treated member, each with its own code.
    const outbox = fs.readFileSync(path.join(E2E_DATA, 'main', 'outbox.log'), 'utf8');
    const mails = outbox
      .split('\n')
      .filter((l) => l.includes('CAMPAIGN EMAIL') && l.includes(`.${run.toLowerCase()}@e2e.test`));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.length).toBeLessThan(12);
    const first = mails[0]!;
    const member = first.match(/to=w(\d+)\./)![1];
    const code = first.match(/Use code (\w+)\./)![1]!;

    // That member orders with the code.
    const app = await orderingApp(page, playwright, baseURL!, run);
    const ordered = await app.post('/v2/bck/ingest/orders', {
      data: {
        order_number: `E2E-CMP-${run}`,
        restaurant: SPICE,
        channel: 'app',
        order_type: 'takeaway',
        customer_ref: `W${run}-${member}`,
        lines: [{ foodid: TIKKA, name: 'Paneer Tikka', quantity: 2, unit_price: 220 }],
        discount: 30,
        offers: [{ offer_id: offerId, code, amount: 30 }],
      },
    });
    expect(ordered.ok(), await ordered.text()).toBe(true);
    await app.dispose();

    // The results: reached, one redemption, its revenue, against the control group.
    await page.reload();
    await page.getByRole('button', { name: `Results of ${name}` }).click();
    const results = page.getByRole('dialog', { name: `Results of ${name}` });
    const table = results.getByRole('table', { name: 'Treatment and control' });
    await expect(table.getByRole('row', { name: /Reached/ })).toContainText(String(mails.length));
    await expect(table.getByRole('row', { name: /Redeemed the offer/ })).toContainText('1');
    await expect(table.getByRole('row', { name: /^Revenue\b/ }).first()).toContainText('410');
  });
});
