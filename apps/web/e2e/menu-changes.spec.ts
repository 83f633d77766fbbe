import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/**
 * Scheduled menu changes (issue 36 point 3): a change of three items is scheduled for a minute ahead; a colleague
 * changes one of them live meanwhile, and the preview shows that conflict; a second change is cancelled. At its time
 * the job processes publish the first (MENU_CHANGE_SECONDS is 2 here): its report says what changed and what was left,
 * the menu has the new price and the hidden item, the live edit stands, and the cancelled change never applies.
 */

const SPICE = 'fc-blr-atrium:spice_route';
type Item = { foodid: string; foodname: string; price: number; hide_item: boolean; version: number };

const two = (n: number) => String(n).padStart(2, '0');

/** Types a time into a DD-MM-YYYY HH:mm field. */
async function typeTime(page: Page, group: ReturnType<Page['getByRole']>, at: Date) {
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(
    `${two(at.getDate())}${two(at.getMonth() + 1)}${at.getFullYear()}${two(at.getHours())}${two(at.getMinutes())}`,
  );
}

/** Adds an item to the change being edited and answers its row. */
async function addItem(page: Page, drawer: ReturnType<Page['getByRole']>, name: string, n: number) {
  await drawer.getByRole('button', { name: 'Add item' }).click();
  await drawer
    .getByRole('listitem', { name: `Item ${n}` })
    .getByRole('combobox', { name: 'Item' })
    .fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  return drawer.getByRole('listitem', { name });
}

test('a change scheduled for a time is published by the job with its report; a live edit is left; a cancelled one never applies', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const run = Date.now().toString(36);
  const origin = { Origin: baseURL! };
  const item = async (foodid: string): Promise<Item> =>
    (await (await page.request.get(`/v2/bck/vendor/fooditem/${foodid}`)).json()).fooditem;
  // Three items of this run's own, so no other journey's menu is touched.
  const [soup, roti, tea] = await Promise.all(
    ['Tomato Soup', 'Butter Roti', 'Ginger Tea'].map(async (name) => {
      const res = await page.request.post('/v2/bck/vendor/fooditem', {
        headers: origin,
        data: {
          restaurant: SPICE,
          foodname: `${name} ${run}`,
          price: 50,
          listofcategories: ['Starters'],
          vegflag: 'V',
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { fooditem: Item }).fooditem;
    }),
  );

  // The time: the next minute when at least 30 s away, else the one after (the steps before it take ~20 s).
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60_000);
  if (at.getTime() - Date.now() < 30_000) at.setTime(at.getTime() + 60_000);

  await page.goto(`/menu-changes?restaurant=${encodeURIComponent(SPICE)}`);
  await page.getByRole('button', { name: 'New change' }).click();
  let drawer = page.getByRole('dialog', { name: 'New scheduled change' });
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(`Dinner ${run}`);
  const soupRow = await addItem(page, drawer, soup!.foodname, 1);
  await expect(soupRow.getByText(/Now .*50\.00, Shown/)).toBeVisible();
  await soupRow.getByRole('textbox', { name: 'New price' }).fill('65');
  const rotiRow = await addItem(page, drawer, roti!.foodname, 2);
  await rotiRow.getByRole('combobox', { name: 'Visibility' }).click();
  await page.getByRole('option', { name: 'Hide' }).click();
  const teaRow = await addItem(page, drawer, tea!.foodname, 3);
  await teaRow.getByRole('textbox', { name: 'New price' }).fill('30');
  await typeTime(page, drawer.getByRole('group', { name: 'Publish at' }), at);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const dinner = page.getByRole('row', { name: new RegExp(`Dinner ${run}`) });
  await expect(dinner).toContainText('Scheduled');
  // Nothing has changed yet.
  expect((await item(soup!.foodid)).price).toBe(50);

  // A colleague changes the tea's price live after the change was made.
  const got = (await (await page.request.get(`/v2/bck/vendor/fooditem/${tea!.foodid}`)).json()) as {
    fooditem: Record<string, unknown>;
  };
  const { foodid: _f, restaurant: _r, updated_at: _u, updated_by: _b, ...liveTea } = got.fooditem;
  const edited = await page.request.put(`/v2/bck/vendor/fooditem/${tea!.foodid}`, {
    headers: origin,
    data: { ...liveTea, price: 45 },
  });
  expect(edited.ok(), await edited.text()).toBe(true);

  // The preview shows it: the tea's price was changed since, and the publish will leave it.
  await dinner.getByRole('button', { name: `Preview Dinner ${run} against the live menu` }).click();
  const preview = page.getByRole('dialog', { name: `Dinner ${run}` });
  await expect(preview.getByText('1 field was changed live since its edit was made', { exact: false })).toBeVisible();
  const against = preview.getByRole('table', { name: 'Against the live menu' });
  const teaLine = against.getByRole('row', { name: new RegExp(tea!.foodname) });
  await expect(teaLine).toContainText('Changed live since');
  await expect(teaLine).toContainText(/45\.00/);
  await expect(against.getByRole('row', { name: new RegExp(soup!.foodname) })).not.toContainText('Changed live since');
  await preview.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(preview).toBeHidden();

  // A second change for the same time, cancelled before it runs.
  await page.getByRole('button', { name: 'New change' }).click();
  drawer = page.getByRole('dialog', { name: 'New scheduled change' });
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(`Lunch ${run}`);
  const soupAgain = await addItem(page, drawer, soup!.foodname, 1);
  await soupAgain.getByRole('textbox', { name: 'New price' }).fill('99');
  await typeTime(page, drawer.getByRole('group', { name: 'Publish at' }), at);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const lunch = page.getByRole('row', { name: new RegExp(`Lunch ${run}`) });
  await expect(lunch).toContainText('Scheduled');
  await lunch.getByRole('button', { name: `Cancel Lunch ${run}` }).click();
  await page.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(lunch).toContainText('Cancelled');

  // At its time the job publishes the first change (the list is reloaded until it says so).
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await dinner.textContent()) ?? '';
      },
      { timeout: at.getTime() - Date.now() + 45_000, intervals: [3000] },
    )
    .toContain('Published');
  await expect(lunch).toContainText('Cancelled');

  await dinner.getByRole('button', { name: `Report of Dinner ${run}` }).click();
  const report = page.getByRole('dialog', { name: `Dinner ${run}` });
  await expect(report.getByText(/^Published by the schedule on .* as demo\.admin$/)).toBeVisible();
  await expect(report.getByText('Published: 2 items changed, 1 change left as changed live since')).toBeVisible();
  const lines = report.getByRole('table', { name: 'Report' });
  await expect(lines.getByRole('row', { name: new RegExp(soup!.foodname) })).toContainText('Changed');
  await expect(lines.getByRole('row', { name: new RegExp(roti!.foodname) })).toContainText('Visibility');
  await expect(lines.getByRole('row', { name: new RegExp(tea!.foodname) })).toContainText('Left: changed live since');

  // The menu: the new price and the hidden item; the tea's live price stands; the cancelled price never came.
  expect((await item(soup!.foodid)).price).toBe(65);
  expect((await item(roti!.foodid)).hide_item).toBe(true);
  expect((await item(tea!.foodid)).price).toBe(45);

  for (const { foodid } of [soup!, roti!, tea!]) {
    const now = await item(foodid);
    await page.request.delete(`/v2/bck/vendor/fooditem/${foodid}?version=${now.version}`, { headers: origin });
  }
});
