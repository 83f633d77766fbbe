import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './sign-in';

const SPICE = 'fc-blr-atrium:spice_route';
const TIKKA = 'spice_route_paneer_tikka';
const CHAI = 'spice_route_masala_chai';

async function chooseSpiceRoute(page: Page, form: ReturnType<Page['getByRole']>) {
  await form.getByRole('combobox', { name: 'Restaurants' }).click();
  await page.getByRole('option', { name: /^Spice Route/ }).click();
  await page.keyboard.press('Escape');
}

/** The member view of a program: its balance heading. */
async function memberBalance(page: Page, program: string, ref: string) {
  await page.getByRole('button', { name: `Members of ${program}` }).click();
  const members = page.getByRole('dialog', { name: `Members of ${program}` });
  await members.getByRole('button', { name: `Open ${ref}` }).click();
  return page.getByRole('dialog', { name: `${ref} in ${program}` });
}

test.describe('loyalty', () => {
  test('a points program and a stamp card made on the pages; orders earn, a reward is redeemed at the quote, and a refund takes its points back', async ({
    page,
    baseURL,
    playwright,
  }) => {
    await signIn(page);
    const run = Date.now().toString(36).toUpperCase();
    const ref = `LJ-${run}`;
    const program = `Spice rewards ${run}`;
    const card = `Chai card ${run}`;

    // A points program: 1 point per ₹10 and 5 per visit, at Spice Route.
    await page.goto('/loyalty_points');
    await page.getByRole('button', { name: 'Add program' }).click();
    const form = page.getByRole('dialog', { name: 'Add program' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(program);
    await form.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await chooseSpiceRoute(page, form);
    await form.getByRole('textbox', { name: 'Points', exact: true }).fill('1');
    await form.getByRole('textbox', { name: 'For every' }).fill('10');
    await form.getByRole('textbox', { name: 'Points per visit' }).fill('5');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(program) })).toContainText('5 per visit');

    // A stamp card: 3 chai for a reward.
    await page.goto('/loyalty-stamps');
    await page.getByRole('button', { name: 'Add stamp card' }).click();
    const cardForm = page.getByRole('dialog', { name: 'Add stamp card' });
    await cardForm.getByRole('textbox', { name: 'Name', exact: true }).fill(card);
    await cardForm.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await chooseSpiceRoute(page, cardForm);
    await cardForm.getByRole('textbox', { name: 'Stamps for a reward' }).fill('3');
    const items = cardForm.getByRole('group', { name: 'Qualifying items' });
    await items.getByRole('combobox', { name: 'Restaurant for Qualifying items' }).click();
    await page.getByRole('option', { name: /^Spice Route/ }).click();
    await items.getByRole('combobox', { name: 'Qualifying items', exact: true }).fill('Chai');
    await page.getByRole('option', { name: /Masala Chai/ }).click();
    await cardForm.getByRole('button', { name: 'Save' }).click();
    await expect(cardForm).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(card) })).toContainText('3 stamps for a reward');

    // The ordering app sends two qualifying orders of 480 (tikka ×2, chai ×1 … and chai ×2).
    const made = await page.request.post('/v2/bck/api_keys', {
      headers: { Origin: baseURL! },
      data: { api_client: `e2e-loyalty-${run}` },
    });
    const { key } = (await made.json()) as { key: string };
    const app: APIRequestContext = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${key}` },
    });
    const orderIds: number[] = [];
    for (const [i, chai] of [1, 2].entries()) {
      const res = await app.post('/v2/bck/ingest/orders', {
        data: {
          order_number: `E2E-LOY-${run}-${i}`,
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          customer_ref: ref,
          lines: [
            { foodid: TIKKA, name: 'Paneer Tikka', quantity: 2, unit_price: 220 },
            { foodid: CHAI, name: 'Masala Chai', quantity: chai, unit_price: 40 - (chai - 1) * 20 },
          ],
          payments: [{ tender: 'card', amount: 480 }],
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
      orderIds.push((await res.json()).order.order_id);
    }

    // The member earned 2 × (48 + 5) = 106 points and 3 stamps.
    await page.goto('/loyalty_points');
    let member = await memberBalance(page, program, ref);
    await expect(member.getByRole('heading', { name: 'Balance: 106' })).toBeVisible();
    await page.goto('/loyalty-stamps');
    member = await memberBalance(page, card, ref);
    await expect(member.getByRole('heading', { name: 'Balance: 3' })).toBeVisible();

    // A reward of 50 off for 100 points, redeemed by the app and priced at the quote.
    const programs = await page.request.get(
      `/v2/bck/loyalty/programs?kind=points&search=${encodeURIComponent(program)}`,
    );
    const programId = (await programs.json()).programs[0].id as number;
    const reward = await page.request.post('/v2/bck/loyalty/rewards', {
      headers: { Origin: baseURL! },
      data: { program_id: programId, name: `50 off ${run}`, cost: 100, reward: { kind: 'amount', amount: 50 } },
    });
    expect(reward.ok(), await reward.text()).toBe(true);
    const redeemed = await app.post('/v2/bck/loyalty/redeem', {
      headers: { 'Idempotency-Key': `redeem-${run}` },
      data: { customer_ref: ref, reward_id: (await reward.json()).reward.id },
    });
    expect(redeemed.ok(), await redeemed.text()).toBe(true);
    const { code, balance } = await redeemed.json();
    expect(balance).toBe(6);
    const quote = await app.post('/v2/bck/marketing/quote', {
      data: {
        cart: {
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          customer_ref: ref,
          codes: [code],
          lines: [{ foodid: TIKKA, quantity: 1, unit_price: 220 }],
        },
      },
    });
    const applied = (await quote.json()).quote.applied as { code: string | null; amount: number }[];
    expect(applied.find((a) => a.code === code)?.amount).toBe(50);

    // The first order is refunded in full: its 53 points go back, so the balance is below zero.
    const refund = await page.request.post(`/v2/bck/orders/${orderIds[0]}/refunds`, {
      headers: { Origin: baseURL! },
      data: { kind: 'full', reason: 'Wrong order', idempotency_key: `refund-${run}` },
    });
    expect(refund.ok(), await refund.text()).toBe(true);
    await app.dispose();
    await page.goto('/loyalty_points');
    member = await memberBalance(page, program, ref);
    await expect(member.getByRole('heading', { name: 'Balance: -47' })).toBeVisible();
    await expect(member.getByRole('table').getByRole('row', { name: /Reversed by refund/ })).toContainText('53');
  });

  test("pausing a subscription after the restaurant's deadline is refused on the page", async ({ page, baseURL }) => {
    await signIn(page);
    const run = Date.now().toString(36).toUpperCase();
    const ref = `SUB-${run}`;
    // A plan served right now: today's meal closed 120 minutes ago (Spice Route's deadline in the demo).
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    const plan = await page.request.post('/v2/bck/subscription_plans', {
      headers: { Origin: baseURL! },
      data: {
        restaurant: SPICE,
        name: `Daily lunch ${run}`,
        status: 'active',
        sessions: ['Lunch'],
        days: [0, 1, 2, 3, 4, 5, 6],
        serve_time: `${two(now.getHours())}:${two(now.getMinutes())}`,
        price: 2400,
      },
    });
    expect(plan.ok(), await plan.text()).toBe(true);
    const planId = (await plan.json()).plan.id as number;
    const today = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
    const enrolled = await page.request.post('/v2/bck/subscriptions', {
      headers: { Origin: baseURL! },
      data: { plan_id: planId, customer_ref: ref, start_date: today },
    });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);

    await page.goto('/subscription');
    await page.getByRole('button', { name: `Members of Daily lunch ${run}` }).click();
    const members = page.getByRole('dialog', { name: `Members of Daily lunch ${run}` });
    await members.getByRole('button', { name: `Pause ${ref}` }).click();
    const pause = page.getByRole('dialog', { name: `Pause ${ref}` });
    await pause.getByRole('group', { name: 'From' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(`${two(now.getDate())}${two(now.getMonth() + 1)}${now.getFullYear()}`);
    await pause.getByRole('button', { name: 'Save' }).click();
    await expect(pause.getByRole('alert')).toContainText('(120 minutes before it is served)');
    await expect(pause).toBeVisible();
    // Save is disabled while the request runs, so Chromium drops its focus to the page; the dialog's focus trap takes
    // it back within 50 ms (later on a loaded machine). A person pressing Escape is never that quick: wait for it.
    await page.waitForFunction(() => document.activeElement !== document.body);
    await page.keyboard.press('Escape');
    await expect(pause).toBeHidden();
    const row = members.getByRole('row', { name: new RegExp(ref) });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Paused');
  });
});
