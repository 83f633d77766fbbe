import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/**
 * Issue 36 point 4: Go to anywhere. Ctrl+K, an order's number, Enter: the order opens on /orderhistory; Ctrl+K,
 * "Masala": the menu items of the user's own sites only (a user of Atrium does not see a London item), and Enter
 * opens the item in the menu editor with its restaurant chosen. Works at phone width through the top bar button.
 */
const NOODLE = 'fc-ldn-river:noodle_house';

async function openGoto(page: Page) {
  await page.keyboard.press('ControlOrMeta+k');
  const box = page.getByRole('combobox', { name: /Go to a page/ });
  await expect(box).toBeFocused();
  return box;
}

test.describe('Go to anywhere (issue 36)', () => {
  test('Ctrl+K finds an order by its number and a scoped user the items of their sites only', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page);
    const origin = { Origin: baseURL! };
    const run = Date.now().toString(36);
    const { orders } = (await (await page.request.get('/v2/bck/orders?page=1&page_size=25')).json()) as {
      orders: { order_id: number; order_number: string }[];
    };
    const order = orders[3]!;

    // 1. The administrator: the order's number, Enter → its detail on the order history.
    let box = await openGoto(page);
    await box.fill(order.order_number);
    await expect(page.getByRole('group', { name: 'Orders' }).getByRole('option').first()).toContainText(
      order.order_number,
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/orderhistory\\?view=${order.order_id}$`));
    await expect(page.getByRole('dialog', { name: `Order ${order.order_number}` })).toBeVisible();
    await expect(box).toBeHidden();

    // A Masala item at London's River (outside the Atrium user's sites), in a category of its own (other journeys
    // change Noodle House's menu), and a user of Atrium's food court.
    const category = await page.request.post('/v2/bck/vendor/category', {
      headers: origin,
      data: { restaurant: NOODLE, name: `Go to ${run}` },
    });
    expect(category.ok(), await category.text()).toBe(true);
    const madeCategory = (await category.json()).category as { id: number; version: number };
    const added = await page.request.post('/v2/bck/vendor/fooditem', {
      headers: origin,
      data: {
        restaurant: NOODLE,
        foodname: `Masala Ramen ${run}`,
        price: 9,
        listofcategories: [`Go to ${run}`],
        vegflag: 'V',
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { fooditem } = (await added.json()) as { fooditem: { foodid: string; version: number } };
    const userid = `goto.atrium.${run}`;
    const password = 'GoTo#2026-e2e';
    const created = await page.request.post('/v2/bck/vendor/users', {
      headers: origin,
      data: {
        userid,
        name: 'Go To Atrium',
        phone: '',
        email: '',
        password,
        login_types: ['password'],
        only_sso_login: false,
        mfa_enabled: false,
        status: 'active',
        sites: { locations: [], foodcourts: ['fc-blr-atrium'], restaurants: [] },
        admin: false,
        pagepermissionaccess: ['editMenu', 'preorderhistory'],
        permissions: [],
        read_only_access: [],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);

    try {
      // The administrator sees every site's Masala items, the London one among them.
      // (Searched by its full name: other journeys copy Spice Route's menu, so "Masala" alone has more hits than the
      // five a kind shows.)
      box = await openGoto(page);
      await box.fill(`Masala Ramen ${run}`);
      await expect(page.getByRole('group', { name: 'Menu items' })).toContainText(`Masala Ramen ${run}`);
      await page.keyboard.press('Escape');
      await expect(box).toBeHidden();

      // 2. The Atrium user: Spice Route's Masala items only; Enter opens the first in the menu editor.
      const context = await browser.newContext({ baseURL });
      const atrium = await context.newPage();
      await signIn(atrium, userid, password);
      box = await openGoto(atrium);
      await box.fill(`Masala Ramen ${run}`);
      await expect(atrium.getByRole('status').filter({ hasText: 'Nothing found' })).toBeVisible();
      await box.fill('Masala Dosa');
      const items = atrium.getByRole('group', { name: 'Menu items' }).getByRole('option');
      // Atrium's Masala Dosa (other journeys copy it to more Atrium restaurants), never a London item.
      await expect(items.filter({ hasText: 'Masala Dosa' }).first()).toBeVisible();
      await expect(items.filter({ hasText: 'Noodle House' })).toHaveCount(0);
      await expect(atrium.getByRole('group', { name: 'Restaurants' })).toHaveCount(0);
      // The first result is chosen; an arrow moves down and back, Enter opens it in the menu editor.
      await expect(items.first()).toHaveAttribute('aria-selected', 'true');
      if ((await items.count()) > 1) {
        await atrium.keyboard.press('ArrowDown');
        await expect(items.nth(1)).toHaveAttribute('aria-selected', 'true');
        await atrium.keyboard.press('ArrowUp');
        await expect(items.first()).toHaveAttribute('aria-selected', 'true');
      }
      await atrium.keyboard.press('Enter');
      await expect(atrium).toHaveURL(/\/menu\?restaurant=fc-blr-atrium%3A[a-z_]+&item=/);
      await expect(atrium.getByRole('dialog', { name: 'Edit item: Masala Dosa' })).toBeVisible();

      // The other site's order is not found; at phone width the top bar's button opens the box full screen.
      await atrium.keyboard.press('Escape');
      await atrium.setViewportSize({ width: 390, height: 844 });
      await atrium.getByRole('button', { name: 'Go to… (Ctrl+K)' }).click();
      box = atrium.getByRole('combobox', { name: /Go to a page/ });
      await box.fill('zz-no-such-order');
      await expect(atrium.getByRole('status').filter({ hasText: 'Nothing found' })).toBeVisible();
      await context.close();
    } finally {
      await page.request.delete(`/v2/bck/vendor/fooditem/${fooditem.foodid}?version=${fooditem.version}`, {
        headers: origin,
      });
      await page.request.delete(`/v2/bck/vendor/category/${madeCategory.id}?version=${madeCategory.version}`, {
        headers: origin,
      });
    }
  });
});
