import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './axe';
import { signIn } from './sign-in';

/**
 * Issue 21: every page of the navigation, as an administrator, at a desktop and a phone size in the light theme and
 * at the desktop size in the dark theme, checked by axe-core against WCAG 2.2 A and AA; a serious or critical
 * violation fails the journey, naming the theme and size, the page, the rule and the elements.
 */
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The dark theme's colours are the same at every size: checked once, at the desktop size. */
const RUNS = [
  { name: 'desktop', size: DESKTOP, mode: 'light' },
  { name: 'phone', size: PHONE, mode: 'light' },
  { name: 'dark desktop', size: DESKTOP, mode: 'dark' },
] as const;

/** The stored colour-mode preference (lib/color-mode.ts), read by the app when a page loads. */
const COLOR_MODE_KEY = 'cd.colorMode';
/** The demo restaurant with a menu, orders and open days. */
const RESTAURANT = 'fc-blr-atrium:spice_route';

// axe is put into the page by the test (e2e/axe.ts), which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

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

test.describe('accessibility', () => {
  test('every page of the navigation passes axe (WCAG 2.2 AA) at desktop and phone sizes, and in the dark theme', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page);
    const paths = ['/', ...(await navigationPaths(page))];
    expect(paths.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const run of RUNS) {
      await page.setViewportSize(run.size);
      await page.evaluate(({ key, mode }) => window.localStorage.setItem(key, mode), {
        key: COLOR_MODE_KEY,
        mode: run.mode,
      });
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // The page's own loading states are done (PageLoading and the frame's tables announce them as status).
        await expect(page.getByRole('status')).toHaveCount(0);
        for (const v of await seriousAxeFindings(page)) {
          problems.push(`${run.name} ${path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
        }
      }
      // The theme asked for is the one drawn (a dark page background in the dark).
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
      expect(r + g + b < 3 * 128, `${run.name}: body background ${background}`).toBe(run.mode === 'dark');
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('pages with data shown pass axe: a day end, a menu in the dark theme and an order detail (issue 35)', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page);
    const problems: string[] = [];
    const check = async (where: string) => {
      // Nothing still loading (a page with data keeps a status of its own, the menu's "7 of 7 items").
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      for (const v of await seriousAxeFindings(page)) {
        problems.push(`${where}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
      }
    };
    const site = encodeURIComponent(RESTAURANT);

    // A restaurant's day (yesterday, open in the demo data), what blocks it, and its recent days with their state chips.
    await page.goto(`/dayend?restaurant=${site}`);
    await expect(page.getByRole('region', { name: 'The day' })).toContainText('Open');
    await expect(page.getByRole('table', { name: 'Recent days' }).getByRole('row').nth(1)).toBeVisible();
    await check('/dayend with a restaurant');

    // Its menu in the dark theme: the item rows with their food-type marks.
    await page.evaluate(({ key }) => window.localStorage.setItem(key, 'dark'), { key: COLOR_MODE_KEY });
    await page.goto(`/menu?restaurant=${site}`);
    await expect(page.getByRole('list', { name: 'Menu items' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText(/^(Veg|Egg|Non-veg)$/).first()).toBeVisible();
    await check('dark /menu with a restaurant');
    await page.evaluate(({ key }) => window.localStorage.setItem(key, 'light'), { key: COLOR_MODE_KEY });

    // An order opened from the order history: its lines, payments and history tables.
    await page.goto('/orderhistory');
    await page
      .getByRole('button', { name: /^Open order / })
      .first()
      .click();
    const detail = page.getByRole('dialog', { name: /^Order / });
    await expect(detail.getByRole('table', { name: 'Lines' })).toBeVisible();
    // Its tables scroll sideways in a region the keyboard reaches.
    await expect(detail.getByRole('region', { name: 'Lines' })).toHaveAttribute('tabindex', '0');
    await check('/orderhistory order detail');

    expect(problems, problems.join('\n')).toEqual([]);
  });
});
