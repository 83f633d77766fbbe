import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/**
 * Issue 35: report pages on a phone (390 × 844). The figures a manager reads — per row the date or name, net sales
 * and the total — read without scrolling sideways (each row is a card), and the chart's axis labels lie inside the
 * chart. demo.reports runs Daily sales (/general_reports, a date axis) and Sales summary (/standardSalesReports,
 * restaurant names) for the default period (the last 7 days, which the demo data fills).
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Inside the screen's width and not cut by its own box. */
async function expectOnScreen(target: Locator) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  const width = await target.page().evaluate(() => window.innerWidth);
  expect(box.x, `${await target.textContent()} starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${await target.textContent()} ends right of the screen`).toBeLessThanOrEqual(width);
  expect(await target.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

/**
 * The least contrast of a chart's axis labels against the surface under the chart (WCAG's ratio; a translucent
 * colour is laid over that surface first).
 */
async function axisContrast(chart: Locator): Promise<number> {
  return chart.evaluate((box) => {
    const rgba = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    let surface = box as Element | null;
    while (surface && rgba(getComputedStyle(surface).backgroundColor).a === 0) surface = surface.parentElement;
    const under = rgba(surface ? getComputedStyle(surface).backgroundColor : 'rgb(255, 255, 255)');
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratios = [...box.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((text) => {
      const fill = rgba(getComputedStyle(text).fill);
      const shown = {
        r: fill.r * fill.a + under.r * (1 - fill.a),
        g: fill.g * fill.a + under.g * (1 - fill.a),
        b: fill.b * fill.a + under.b * (1 - fill.a),
      };
      const [hi, lo] = [luminance(shown), luminance(under)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    });
    return ratios.length ? Math.min(...ratios) : 0;
  });
}

async function expectReportFitsPhone(page: Page, report: string) {
  const cards = page.getByRole('list', { name: report });
  await expect(cards).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('table')).toHaveCount(0);

  // The page is no wider than the screen, and nothing in it scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const sideways = await page.locator('main').evaluate((main) =>
    [main, ...main.querySelectorAll('*')]
      .filter((el) => {
        const overflow = getComputedStyle(el).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.tagName}.${el.className}`),
  );
  expect(sideways, 'elements that scroll sideways').toEqual([]);

  // The first row: its date or name, net sales and the total, each on screen.
  const first = cards.getByRole('listitem').first();
  await first.scrollIntoViewIfNeeded();
  const title = first.locator('p').first();
  expect((await title.textContent())?.trim()).not.toBe('');
  await expectOnScreen(title);
  for (const figure of ['net', 'total']) {
    const value = first.locator(`[data-figure="${figure}"] dd`).first();
    await expect(value).toHaveText(/\d/);
    await expectOnScreen(value);
  }
  // The totals close the list.
  await expect(cards.getByRole('listitem').last()).toContainText(/^Total/);

  // The chart: every axis label shown lies inside the chart's box, and there are a few of each axis.
  const chart = page.getByRole('img', { name: new RegExp(`^Chart of ${report}`) });
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  for (const axis of ['xAxis', 'yAxis']) {
    const labels = chart.locator(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`);
    expect(await labels.count(), `${axis} labels`).toBeGreaterThanOrEqual(2);
    for (const label of await labels.all()) {
      const at = (await label.boundingBox())!;
      const text = await label.textContent();
      expect(at.x, `${text} inside the chart`).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(at.x + at.width, `${text} inside the chart`).toBeLessThanOrEqual(box.x + box.width + 0.5);
      expect(at.y + at.height, `${text} inside the chart`).toBeLessThanOrEqual(box.y + box.height + 0.5);
    }
  }
}

test.describe('report pages on a phone', () => {
  test('Daily sales and Sales summary read as cards, with net and total on screen and the chart labels inside', async ({
    page,
  }) => {
    await signIn(page, 'demo.reports');

    await page.goto('/general_reports');
    await expect(page.getByRole('combobox', { name: 'Report' })).toHaveText('Daily sales');
    await expectReportFitsPhone(page, 'Daily sales');
    // Dates without their year under the chart ("28-11"); in full on the card.
    const chart = page.getByRole('img', { name: /^Chart of Daily sales/ });
    await expect(chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toHaveText(
      /^\d\d-\d\d$/,
    );
    await expect(
      page.getByRole('list', { name: 'Daily sales' }).getByRole('listitem').first().locator('p').first(),
    ).toHaveText(/^\d\d-\d\d-\d{4}$/);
    // The From and To fields show the whole year.
    for (const end of ['From', 'To']) {
      const field = page.getByRole('group', { name: end });
      await expect(field).toContainText(/\d\d-\d\d-\d{4}/);
      expect(
        await field.evaluate((el) => {
          const sections = el.querySelector('.MuiPickersSectionList-root') ?? el;
          return sections.scrollWidth <= sections.clientWidth + 1;
        }),
        `${end} shows the whole date`,
      ).toBe(true);
    }

    // The axis labels read on the light and on the dark surface (recharts' grey was 2.9:1 on the dark one).
    expect(await axisContrast(chart)).toBeGreaterThanOrEqual(4.5);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
    expect(await axisContrast(chart)).toBeGreaterThanOrEqual(4.5);
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto('/standardSalesReports');
    await expect(page.getByRole('combobox', { name: 'Report' })).toHaveText('Sales summary');
    await expectReportFitsPhone(page, 'Sales summary');
  });
});
