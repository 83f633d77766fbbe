import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './axe';
import { signIn } from './sign-in';

/**
 * Issue 35: every page of the navigation fits a phone (390 × 844), with data chosen. Each page is opened as the
 * demo administrator; where it asks for a restaurant the demo restaurant is picked, and where it has rows the first
 * one is opened. On each of these states the journey fails when
 * - the page is wider than the screen (something sticks out to the right);
 * - a control (button, link, field) reaches past the screen's edge, even inside a box that scrolls or clips it;
 * - a list's next-page arrow lies outside the screen;
 * - a request to the API answered 400 (a page asking before it has what it needs);
 * - the main content shows a message key (`reports.kinds.daily`) or a site's id (`fc-blr-atrium:spice_route`)
 *   where a word or a name belongs;
 * - axe finds a serious or critical problem on a state only this journey reaches, at 390 and 1366 px in the light
 *   theme and at both in the dark (LOOKS).
 * A second test holds /orderhistory at 1366 px: every column in view, order numbers on one line.
 * New pages of the navigation are covered without a change here: the pages are read from the navigation itself.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SPICE_ROUTE = 'Spice Route';
const SCREENS = path.resolve(import.meta.dirname, '../../../docs/screens');
/** The pages whose phone layout is kept as a picture (docs/screens/<name>-390.png), once their data is chosen. */
const SCREENSHOTS = new Set(['/orderhistory', '/general_reports', '/dayend', '/menu']);

/** Every in-app page the navigation offers the administrator: each group (and sub-list) opened in turn. */
async function navigationPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const seen = new Set<string>();
  const collect = async () => {
    const hrefs = await nav.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of hrefs) if (href) seen.add(href);
  };
  await collect();
  for (let round = 0; round < 2; round += 1) {
    const buttons = nav.getByRole('button');
    for (let i = 0, count = await buttons.count(); i < count; i += 1) {
      const button = buttons.nth(i);
      if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
      await collect();
    }
  }
  return [...seen];
}

/** The page's own loading is over: its heading is there and nothing shows progress. */
async function settled(page: Page, heading = true) {
  // A modal dialog hides the page beneath it from the accessibility tree, its heading too.
  if (heading) await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // No progress shown, no list busy (a count of items found is a status too, so statuses are no sign).
  await expect(page.locator('[role="progressbar"]:visible')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
  // A drawer still sliding in is not where it stays (as e2e/axe.ts: running transitions end first).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The namespaces of the web app's messages (the top keys of its English locale files): a dotted word starting with
 * one is a message key shown raw (`resource.noMatches`, `reports.kinds.daily`), while a user id (`demo.admin`), an
 * address or a file name (`menu.xlsx`) is not.
 */
const LOCALES = path.resolve(import.meta.dirname, '../src/locales/en');
const NAMESPACES = new Set(
  fs
    .readdirSync(LOCALES)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => Object.keys(JSON.parse(fs.readFileSync(path.join(LOCALES, file), 'utf8')) as object)),
);
const DOTTED = /(?<![\w@./:-])[a-z][a-zA-Z]*(?:\.[a-zA-Z_][a-zA-Z0-9_]*)+(?![\w@/-])/g;
/** The site pages, where a site's id is the record's own key, shown in its ID column beside the name. */
const ID_PAGES = new Set(['/location', '/foodcourt', '/restaurant']);
/** A site's id: `fc-blr-atrium`, `loc-london`, `fc-blr-atrium:spice_route`. */
const SITE_ID = /(?<![\w@./-])(?:fc|loc)-[a-z0-9]+(?:-[a-z0-9]+)*(?::[a-z0-9_]+)?/g;

/** What is wrong with the page as it is now, each problem a line. */
async function problemsOf(page: Page, state: string): Promise<string[]> {
  const problems: string[] = [];
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    // The widest things that reach past the right edge, to say what sticks out.
    culprits: [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > window.innerWidth + 1;
      })
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
      .slice(0, 3)
      .map((el) => {
        const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
        const text = (el.textContent ?? '').trim().slice(0, 40);
        return `<${el.tagName.toLowerCase()} ${cls}> "${text}" right=${Math.round(el.getBoundingClientRect().right)}`;
      }),
  }));
  if (widths.scroll > widths.inner) {
    problems.push(`${state}: ${widths.scroll} px wide on a ${widths.inner} px screen (${widths.culprits.join('; ')})`);
  }

  // A control reaching past the screen's edge, even inside a box that scrolls or clips it (Edit and Delete of a row,
  // a drawer's actions): on a phone it should wrap or stack instead.
  const cut = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="hidden"]), textarea, select, [role="button"], [role="combobox"], [role="tab"]',
      ),
    ]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width < 3 || box.height < 3 || style.visibility === 'hidden' || style.opacity === '0') return false;
        if (el.closest('[aria-hidden="true"], .MuiTablePagination-root')) return false;
        return box.left < -1 || box.right > window.innerWidth + 1;
      })
      .slice(0, 5)
      .map((el) => {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.getAttribute('name') ?? '';
        const box = el.getBoundingClientRect();
        return `<${el.tagName.toLowerCase()}> "${name.slice(0, 40)}" ${Math.round(box.left)}–${Math.round(box.right)}`;
      }),
  );
  if (cut.length > 0) problems.push(`${state}: controls off the screen: ${cut.join('; ')}`);

  const next = page.getByRole('button', { name: /next page/i });
  for (let i = 0, count = await next.count(); i < count; i += 1) {
    const box = await next.nth(i).boundingBox();
    if (!box) continue;
    if (box.x < 0 || box.x + box.width > PHONE.width) {
      problems.push(`${state}: the next-page arrow is off the screen (x ${Math.round(box.x)})`);
    }
  }

  // The page's own content and any dialog or drawer open over it (those are outside <main>).
  const text = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main, [role="dialog"], [role="presentation"] .MuiDrawer-paper')]
      .map((el) => el.innerText)
      .join('\n'),
  );
  const keys = [...text.matchAll(DOTTED)].map((m) => m[0]).filter((word) => NAMESPACES.has(word.split('.')[0]!));
  if (keys.length > 0) problems.push(`${state}: shows message keys ${[...new Set(keys)].join(', ')}`);
  const ids = ID_PAGES.has(new URL(page.url()).pathname) ? [] : [...text.matchAll(SITE_ID)].map((m) => m[0]);
  if (ids.length > 0) problems.push(`${state}: shows site ids ${[...new Set(ids)].join(', ')}`);
  return problems;
}

/** The stored colour-mode preference (lib/color-mode.ts), read by the app when a page loads. */
const COLOR_MODE_KEY = 'cd.colorMode';

/**
 * The looks a state is checked in by axe, in the order gone through (each a resize or a theme change from the one
 * before, the state kept): the phone in the light theme, the desktop width, the dark theme at both widths (issue 35:
 * both widths and the dark theme). The journey then goes on at the phone size in the light theme.
 */
const LOOKS = [
  { name: '390 light', size: PHONE, mode: 'light' },
  { name: '1366 light', size: DESKTOP, mode: 'light' },
  { name: '1366 dark', size: DESKTOP, mode: 'dark' },
  { name: '390 dark', size: PHONE, mode: 'dark' },
] as const;

/** Draws the page in a colour mode without reloading it (an open form stays open), as another tab's choice does. */
async function setColorMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate(
    ({ key, mode }) => {
      window.localStorage.setItem(key, mode);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: mode }));
    },
    { key: COLOR_MODE_KEY, mode },
  );
  // The theme asked for is the one drawn (a dark page background in the dark).
  await page.waitForFunction((dark) => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return r + g + b < 3 * 128 === dark;
  }, mode === 'dark');
}

/** Serious and critical axe findings (contrast included) on the state as it is, in each of LOOKS. */
async function axeProblems(page: Page, state: string): Promise<string[]> {
  const problems: string[] = [];
  let mode: 'light' | 'dark' = 'light';
  for (const look of LOOKS) {
    if (page.viewportSize()?.width !== look.size.width) await page.setViewportSize(look.size);
    if (look.mode !== mode) await setColorMode(page, look.mode);
    mode = look.mode;
    // The layout of the new size or theme is drawn before axe reads it.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    for (const v of await seriousAxeFindings(page)) {
      problems.push(`${state} (${look.name}): ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
    }
  }
  await page.setViewportSize(PHONE);
  if (mode !== 'light') await setColorMode(page, 'light');
  return problems;
}

/** The page's restaurant choice, when it asks for one that is not made. */
async function pickRestaurant(page: Page): Promise<boolean> {
  const picker = page
    .locator('main')
    .getByRole('combobox', { name: /^Restaurant\b/ })
    .first();
  if (!(await picker.isVisible())) return false;
  if ((await picker.inputValue().catch(() => 'x')) !== '') return false;
  await picker.click({ timeout: 10_000 });
  await picker.fill(SPICE_ROUTE);
  await page.getByRole('option', { name: SPICE_ROUTE, exact: true }).first().click();
  return true;
}

/** The first row's detail or form, when the page lists rows. */
async function openFirstRow(page: Page): Promise<boolean> {
  const open = page
    .locator('main')
    .getByRole('button', { name: /^(Open|Edit|View) / })
    .first();
  if (!(await open.isVisible())) return false;
  if (!(await open.isEnabled())) return false;
  await open.click({ timeout: 10_000 });
  await expect(page.getByRole('dialog').first()).toBeVisible();
  return true;
}

// axe is put into the page by the test (e2e/axe.ts), which the app's Content-Security-Policy would refuse.
test.use({ viewport: PHONE, bypassCSP: true });

test.describe('every page on a phone', () => {
  test('every page of the navigation, with a restaurant chosen and a row opened, fits 390 px and says words, not keys or ids', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    // Any request answered 400 by the API, with the page state it happened in.
    let state = 'sign-in';
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 400 && new URL(response.url()).pathname.startsWith('/v2/')) {
        refused.push(`${state}: ${response.request().method()} ${new URL(response.url()).pathname} answered 400`);
      }
    });
    // A form left open asks before the next page loads: leave it.
    page.on('dialog', (dialog) => void dialog.accept());

    await page.setViewportSize(DESKTOP);
    await signIn(page);
    // The light theme whatever the system's (axeProblems goes to the dark and back for each state).
    await setColorMode(page, 'light');
    const paths = await navigationPaths(page);
    expect(paths.length).toBeGreaterThan(30);
    await page.setViewportSize(PHONE);

    const problems: string[] = [];
    for (const path of paths) {
      state = path;
      await page.goto(path);
      await settled(page);
      problems.push(...(await problemsOf(page, path)));

      if (await pickRestaurant(page)) {
        state = `${path} with ${SPICE_ROUTE}`;
        await settled(page);
        problems.push(...(await problemsOf(page, state)));
        problems.push(...(await axeProblems(page, state)));
      }
      if (SCREENSHOTS.has(path)) {
        await page.screenshot({ path: `${SCREENS}/${path.slice(1)}-390.png`, fullPage: true });
      }
      if (await openFirstRow(page)) {
        state = `${state}, a row opened`;
        await settled(page, false);
        problems.push(...(await problemsOf(page, state)));
        problems.push(...(await axeProblems(page, state)));
      }
    }
    expect([...problems, ...refused], [...problems, ...refused].join('\n')).toEqual([]);
  });

  test('at 1366 px the order history shows every column, its order numbers on one line', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page);
    await page.goto('/orderhistory');
    const table = page.getByRole('table', { name: 'Orders', exact: true });
    await expect(table.getByRole('columnheader', { name: 'Refunded' })).toBeVisible();
    await settled(page);
    const fit = await table.evaluate((el) => ({
      table: el.scrollWidth,
      room: (el.parentElement as HTMLElement).clientWidth,
    }));
    expect(fit.table, 'the table is wider than its room: its last columns are cut').toBeLessThanOrEqual(fit.room);
    // One line: as tall as a row of the same table holding one line of text.
    const number = table.getByRole('row').nth(1).getByRole('cell').first();
    const lines = await number.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getClientRects().length;
    });
    expect(lines).toBe(1);
  });
});
