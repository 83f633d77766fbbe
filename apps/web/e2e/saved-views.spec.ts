import { expect, test } from '@playwright/test';
import { seriousAxeLines } from './axe';
import { signIn } from './sign-in';

const PASSWORD = 'ControlDesk#2026';

test.describe('saved views (issue 36 point 5)', () => {
  // axe is put into the page by the test (e2e/axe.ts), which the app's Content-Security-Policy would refuse.
  test.use({ bypassCSP: true });

  test('an administrator saves a filtered, sorted view for a permission profile; a user of it picks the view', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await signIn(page);
    const run = Date.now().toString(36);
    const headers = { Origin: baseURL! };

    // A permission profile and a London user it is applied to (what the permission-profile page does).
    const made = await page.request.post('/v2/bck/permission_profiles', {
      headers,
      data: {
        name: `Order desk ${run}`,
        admin: false,
        pagepermissionaccess: ['preorderhistory'],
        permissions: [],
        read_only_access: [],
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const profile = (await made.json()).profile as { id: number; name: string };
    const userid = `e2e.views.${run}`;
    const user = await page.request.post('/v2/bck/vendor/users', {
      headers,
      data: {
        userid,
        name: 'Views Journey',
        password: PASSWORD,
        phone: '',
        email: '',
        login_types: ['password'],
        only_sso_login: false,
        mfa_enabled: false,
        status: 'active',
        sites: { locations: [], foodcourts: ['fc-ldn-river'], restaurants: [] },
        admin: false,
        pagepermissionaccess: ['preorderhistory'],
        permissions: [],
        read_only_access: [],
      },
    });
    expect(user.ok(), await user.text()).toBe(true);
    const applied = await page.request.post(`/v2/bck/permission_profiles/${profile.id}/apply`, {
      headers,
      data: { userids: [userid] },
    });
    expect(applied.ok(), await applied.text()).toBe(true);

    // The administrator filters the order history to kiosk orders, sorts by total, and saves the view for the profile.
    await page.goto('/orderhistory');
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: 'Kiosk' }).click();
    await expect(page).toHaveURL(/channel=kiosk/);
    await table.getByRole('button', { name: 'Total' }).click();
    await expect(page).toHaveURL(/sort=total/);
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('button', { name: 'Save current view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save current view' });
    await expect(dialog).toBeVisible();
    expect(await seriousAxeLines(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Kiosk by total');
    await dialog.getByRole('combobox', { name: 'Who sees it' }).click();
    await page.getByRole('option', { name: `Users of profile ${profile.name}` }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Saved view Kiosk by total')).toBeVisible();

    // The profile's user opens the plain list and picks the view: the address and the rows follow it.
    const context = await browser.newContext({ baseURL, bypassCSP: true });
    const other = await context.newPage();
    await signIn(other, userid, PASSWORD);
    await other.goto('/orderhistory');
    const theirs = other.getByRole('table', { name: 'Orders' });
    await expect(theirs.getByRole('row').nth(1)).toBeVisible();
    await expect(theirs.getByRole('cell', { name: 'App', exact: true }).first()).toBeVisible();
    await other.getByRole('button', { name: 'Views' }).click();
    const menu = other.getByRole('dialog', { name: 'Saved views' });
    await expect(menu.getByRole('list', { name: 'Shared with my profile' })).toContainText('Kiosk by total');
    await expect(menu.getByRole('button', { name: /^Rename view/ })).toHaveCount(0);
    expect(await seriousAxeLines(other)).toEqual([]);
    await menu.getByRole('button', { name: /Kiosk by total/ }).click();
    await expect(other).toHaveURL(/channel=kiosk/);
    await expect(other).toHaveURL(/sort=total/);
    await expect(theirs.getByRole('row').nth(1)).toContainText('Kiosk');
    await expect(theirs.getByRole('cell', { name: 'App', exact: true })).toHaveCount(0);
    await expect(theirs.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'ascending');
    await context.close();
  });
});
