import { expect, test, type Page } from '@playwright/test';
import { missingPrerequisite, postFrom, startStack, type Stack } from './scale-out-stack';

/**
 * Scale-out (issue 34, docs/deployment.md): two API processes and one job worker on one PostgreSQL database, behind
 * nginx. A user signs in through API process A and exports a report: the worker runs the job, and its progress and
 * its file reach the browser through A. An order sent to API process B with an API key shows on the live dashboard
 * open through A. Sign-in failures spread over A and B add up, per address and per account, and the addresses are
 * the clients' own (nginx's X-Forwarded-For, believed from nginx only). The stack is this journey's own; it needs
 * PostgreSQL and nginx, and is skipped without them except in CI, where it fails.
 */

const PASSWORD = 'ControlDesk#2026';
/** A restaurant of demo.reports's sites (Bengaluru). */
const SPICE = 'fc-blr-atrium:spice_route';
const LOGIN_RATE_LIMIT_PER_MINUTE = 4;
const SIGN_IN_FAILURES_PER_ACCOUNT = 3;

let stack: Stack;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const missing = await missingPrerequisite();
  if (missing && process.env.CI) throw new Error(`The scale-out journey needs PostgreSQL and nginx in CI: ${missing}`);
  if (missing) console.warn(`scale-out journey skipped: ${missing}`);
  test.skip(missing !== null, `scale-out journey skipped: ${missing}`);
  stack = await startStack({
    LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_RATE_LIMIT_PER_MINUTE),
    SIGN_IN_FAILURES_PER_ACCOUNT: String(SIGN_IN_FAILURES_PER_ACCOUNT),
  });
});
test.afterAll(async () => stack?.close());

async function signIn(page: Page, site: string, userid: string) {
  await page.goto(`${site}/login`);
  await page.getByLabel('User ID', { exact: true }).fill(userid);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${userid}`);
}

test.describe('scale-out behind nginx', () => {
  test('a user on API process A follows a job run by the worker and sees a sale sent to API process B', async ({
    page,
    playwright,
  }) => {
    const { urls } = stack;
    await signIn(page, urls.a, 'demo.reports');

    // A report export: a background job. API processes run none (JOBS_WORKER=off), so the worker runs it; the task
    // panel follows it by A's event stream only, and A serves the file the worker wrote.
    await page.goto(`${urls.a}/standardSalesReports?report=acme%3Asales_summary`);
    await expect(page.getByRole('table', { name: 'Sales summary' })).toBeVisible();
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    await expect(page.getByText(/Export started/)).toBeVisible();
    const task = page.getByRole('region', { name: 'Background tasks' }).getByRole('listitem').first();
    await expect(task).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);

    // The live dashboard, open through A.
    await page.goto(`${urls.a}/vdashboard/index.html`);
    const orders = page.getByRole('listitem', { name: 'Orders' });
    const count = async () => Number((await orders.locator('p').nth(1).textContent())?.replace(/\D/g, '') || 'NaN');
    await expect.poll(count).not.toBeNaN();
    const before = await count();

    // The ordering app's side, all through B: an administrator signs in there and makes an API key; an order is
    // sent with it.
    const run = Date.now().toString(36).toUpperCase();
    const onB = await playwright.request.newContext({ baseURL: urls.b, extraHTTPHeaders: { Origin: urls.b } });
    const signedIn = await onB.post('/v2/bck/vendor/password_login', {
      data: { userid: 'demo.admin', password: PASSWORD },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const created = await onB.post('/v2/bck/api_keys', { data: { api_client: `e2e-scale-out-${run}` } });
    expect(created.ok(), await created.text()).toBe(true);
    const { key } = (await created.json()) as { key: string };
    const app = await playwright.request.newContext({ baseURL: urls.b });
    const ingested = await app.post('/v2/bck/ingest/orders', {
      headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `e2e-scale-${run}` },
      data: {
        order_number: `SCALE-${run}`,
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
    expect(ingested.headers()['x-upstream']).toBe(stack.upstreams.b);
    await Promise.all([onB.dispose(), app.dispose()]);

    // No reload: B's notification reaches A's stream, and the dashboard reads itself again.
    await expect.poll(count, { timeout: 15_000 }).toBe(before + 1);

    // Through the balanced address, the browser's session works on both processes.
    const answeredBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await page.request.get(`${urls.public}/v2/bck/backgroundjobs`);
      expect(res.status()).toBe(200);
      answeredBy.add(res.headers()['x-upstream'] ?? '');
    }
    expect([...answeredBy].sort()).toEqual([stack.upstreams.a, stack.upstreams.b].sort());
  });

  test('sign-in limits hold across both API processes, for the real client address', async () => {
    const { urls } = stack;
    const login = (from: string, site: string, userid: string, password: string, headers?: Record<string, string>) =>
      postFrom(from, `${site}/v2/bck/vendor/password_login`, { userid, password }, headers);

    // One client (127.0.0.2) spreads wrong passwords over A and B, each with a made-up X-Forwarded-For: the limit
    // counts them together, and the made-up addresses change nothing.
    const tries = [];
    for (let i = 0; i < LOGIN_RATE_LIMIT_PER_MINUTE + 2; i++) {
      const res = await login('127.0.0.2', i % 2 ? urls.b : urls.a, `nobody.${i}`, 'wrong', {
        'X-Forwarded-For': `203.0.113.${i + 1}`,
      });
      tries.push(res.code);
    }
    expect(tries).toEqual([
      ...Array<string>(LOGIN_RATE_LIMIT_PER_MINUTE).fill('wrongCredentials'),
      'tooManyRequests',
      'tooManyRequests',
    ]);
    // Another client, through the same nginx, has its own count: the processes see the client, not nginx.
    expect((await login('127.0.0.3', urls.b, 'nobody.x', 'wrong')).code).toBe('wrongCredentials');

    // One account's wrong passwords from several clients, over A and B, add up too: then even the right one waits.
    for (const [i, site] of [urls.a, urls.b, urls.a].entries()) {
      expect((await login(`127.0.0.${10 + i}`, site, 'demo.menu', 'Wrong#Pass1')).code).toBe('wrongCredentials');
    }
    expect((await login('127.0.0.20', urls.b, 'demo.menu', PASSWORD)).code).toBe('tooManyFailedSignIns');
  });
});
