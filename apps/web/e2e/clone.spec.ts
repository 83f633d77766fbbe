import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

const SPICE = 'fc-blr-atrium:spice_route';
const DOSA = 'fc-blr-atrium:dosa_corner';
const GREEN = 'fc-blr-atrium:green_bowl';

type Item = { foodid: string; foodname: string; price: number };
const menuOf = async (page: Page, restaurant: string): Promise<Item[]> =>
  (await (await page.request.get(`/v2/bck/vendor/fooditem?restaurant=${encodeURIComponent(restaurant)}`)).json())
    .fooditems;

test.describe('menu clone', () => {
  test("Spice Route's menu cloned into two restaurants after a preview, then one of them overwritten back in line", async ({
    page,
    baseURL,
  }) => {
    await signIn(page);
    const source = await menuOf(page, SPICE);
    await page.goto('/clone');
    await expect(page.getByRole('heading', { name: 'Clone Menu', level: 1 })).toBeVisible();

    await page.getByRole('combobox', { name: 'Copy the menu of' }).fill('Spice');
    await page.getByRole('option', { name: 'Spice Route' }).click();
    await expect(page).toHaveURL(/source=fc-blr-atrium%3Aspice_route/);
    await page.getByRole('combobox', { name: 'Into restaurants' }).click();
    await page.getByRole('option', { name: 'Dosa Corner (Atrium Food Court)' }).click();
    await page.getByRole('option', { name: 'Green Bowl (Atrium Food Court)' }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Preview' }).click();
    const dosaCard = page.getByRole('region', { name: 'Dosa Corner' });
    const greenCard = page.getByRole('region', { name: 'Green Bowl' });
    await expect(dosaCard.getByText(`${source.length} items to add`)).toBeVisible();
    await expect(greenCard.getByText(`${source.length} items to add`)).toBeVisible();
    await expect(dosaCard.getByText(/^Adds: .*Paneer Tikka/)).toBeVisible();
    // The preview changed nothing.
    expect(await menuOf(page, DOSA)).toHaveLength(0);

    await page.getByRole('button', { name: 'Clone into 2 restaurants' }).click();
    await expect(page.getByText('The clone has started')).toBeVisible();
    const runs = page.getByRole('table', { name: 'Past clones' });
    await expect(runs.getByRole('row').nth(1)).toContainText('2 cloned', { timeout: 20_000 });
    for (const r of [DOSA, GREEN]) {
      expect((await menuOf(page, r)).map((i) => i.foodname).sort()).toEqual(source.map((i) => i.foodname).sort());
    }

    // Green Bowl's Paneer Tikka gets a price of its own; overwriting Green Bowl only brings it back in line. (The
    // source is left as it is: other journeys read Spice Route's menu.)
    const tikka = source.find((i) => i.foodname === 'Paneer Tikka')!;
    const greenTikka = (await menuOf(page, GREEN)).find((i) => i.foodname === 'Paneer Tikka')!;
    const got = await (await page.request.get(`/v2/bck/vendor/fooditem/${greenTikka.foodid}`)).json();
    const { foodid: _f, restaurant: _r, updated_at: _u, updated_by: _b, ...fields } = got.fooditem;
    const localPrice = Number(tikka.price) + 25;
    const saved = await page.request.put(`/v2/bck/vendor/fooditem/${greenTikka.foodid}`, {
      headers: { Origin: baseURL! },
      data: { ...fields, price: localPrice },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    await page.getByRole('radio', { name: 'Overwrite' }).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(greenCard.getByText('1 to change')).toBeVisible();
    await expect(greenCard.getByText('Paneer Tikka: price')).toBeVisible();
    await dosaCard.getByRole('checkbox', { name: 'Clone into Dosa Corner' }).uncheck();
    await page.getByRole('button', { name: 'Clone into 1 restaurant' }).click();
    const confirm = page.getByRole('dialog', { name: 'Overwrite menus?' });
    await confirm.getByRole('button', { name: 'Overwrite' }).click();
    await expect(runs.getByRole('row').nth(1)).toContainText('1 cloned', { timeout: 20_000 });
    await expect(runs.getByRole('row').nth(1)).toContainText('Overwrite');

    await runs.getByRole('row').nth(1).getByRole('button', { name: 'Report of the clone from Spice Route' }).click();
    const report = page.getByRole('dialog', { name: 'Clone from Spice Route' });
    await expect(report.getByText('Green Bowl: cloned')).toBeVisible();
    await expect(report.getByText(/0 items added, 1 changed/)).toBeVisible();
    await expect(page).toHaveURL(/dialog=report/);
    await report.getByRole('button', { name: 'Close' }).click();

    const price = async (r: string) => (await menuOf(page, r)).find((i) => i.foodname === 'Paneer Tikka')!.price;
    expect(Number(await price(GREEN))).toBe(Number(tikka.price));
    expect(Number(await price(DOSA))).toBe(Number(tikka.price));
    expect(Number(await price(SPICE))).toBe(Number(tikka.price));
  });
});
