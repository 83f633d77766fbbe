import { expect, test, type Page } from '@playwright/test';

const DEMO_PASSWORD = 'ControlDesk#2026';

async function signIn(page: Page, userid: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('User ID', { exact: true }).fill(userid);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText(`Hello, ${userid}`);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe('user management', () => {
  test('an admin creates a user with two pages and one restaurant; the user sees exactly those', async ({
    page,
    baseURL,
  }) => {
    // Unique per attempt: a retry runs against the same server.
    const userid = `e2e.cashier.${Date.now().toString(36)}`;

    await signIn(page, 'demo.admin', DEMO_PASSWORD);
    await nav(page).getByRole('button', { name: 'User Management' }).click();
    await nav(page).getByRole('link', { name: 'Create/Edit User' }).click();
    await expect(page.getByRole('heading', { name: 'Create/Edit User', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Users' }).getByText('demo.admin', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'New user' }).click();
    await expect(page).toHaveURL(/\/vendor\?action=new$/);
    const form = page.getByRole('dialog', { name: 'New user' });
    await form.getByLabel('User ID').fill(userid);
    await form.getByRole('textbox', { name: /^Name/ }).fill('E2E Cashier');
    await expect(form.getByRole('checkbox', { name: 'Password', exact: true })).toBeChecked();
    const password = form.locator('input[type="password"]');
    await password.fill('weak');
    await expect(form.getByText(/does not meet the rule yet/)).toBeVisible();
    await password.fill('Cashier#2026');
    await expect(form.getByText(/meets the rule/)).toBeVisible();

    // Two pages of Site Handlers; ticking a page pre-selects its default fine permission.
    await form.getByRole('button', { name: 'Show the pages of Site handlers' }).click();
    await form.getByRole('checkbox', { name: 'Organization', exact: true }).check();
    await form.getByRole('checkbox', { name: 'Food Court', exact: true }).check();
    await expect(form.getByRole('checkbox', { name: 'Add organizations' })).toBeChecked();
    await expect(form.getByText('2 pages given.', { exact: false })).toBeVisible();

    // One restaurant: Bengaluru Tech Park → Atrium Food Court → Spice Route.
    await form.getByRole('button', { name: 'Expand Bengaluru Tech Park' }).click();
    await form.getByRole('button', { name: 'Expand Atrium Food Court' }).click();
    await form.getByRole('checkbox', { name: 'Spice Route' }).check();
    await expect(form.getByRole('checkbox', { name: 'Atrium Food Court' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );

    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('notice')).toHaveText('User created');
    await expect(page).toHaveURL(/\/vendor$/);

    // The list finds the new user; opening it shows what was saved and who saved it.
    await page.getByLabel('Search users').fill(userid);
    await expect(page).toHaveURL(new RegExp(`search=${userid.replace(/\./g, '\\.')}`));
    await page.getByRole('button', { name: userid, exact: true }).click();
    const saved = page.getByRole('dialog', { name: `Edit user ${userid}` });
    await expect(saved.getByText(/^Last changed by demo\.admin at \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await expect(saved.getByRole('checkbox', { name: 'Organization', exact: true })).toBeChecked();
    await expect(saved.getByRole('checkbox', { name: 'Food Court', exact: true })).toBeChecked();
    await saved.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/vendor\?search=/);

    await logOut(page);
    await signIn(page, userid, 'Cashier#2026');
    await expect(nav(page).getByRole('heading')).toHaveText(['Site handlers']);
    await expect(nav(page).getByRole('link')).toHaveText(['Organization', 'Food Court']);

    // The profile holds only that restaurant.
    const answer = await page.request.post('/v2/bck/vendor/details', { headers: { Origin: baseURL! }, data: {} });
    expect(answer.ok()).toBe(true);
    const profile = (await answer.json()) as {
      loc2fc2rest_details_map: Record<
        string,
        { name: string; foodcourts: Record<string, { name: string; restaurants: { name: string }[] }> }
      >;
    };
    const tree = Object.values(profile.loc2fc2rest_details_map).map((loc) => ({
      name: loc.name,
      foodcourts: Object.values(loc.foodcourts).map((fc) => ({
        name: fc.name,
        restaurants: fc.restaurants.map((r) => r.name),
      })),
    }));
    expect(tree).toEqual([
      { name: 'Bengaluru Tech Park', foodcourts: [{ name: 'Atrium Food Court', restaurants: ['Spice Route'] }] },
    ]);

    // Not an admin and not given the user-management pages.
    await page.goto('/vendor');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  });

  test('an admin asked before removing their own admin access keeps it on No', async ({ page }) => {
    await signIn(page, 'demo.admin', DEMO_PASSWORD);
    await page.goto('/vendor?user=demo.admin');
    const form = page.getByRole('dialog', { name: 'Edit user demo.admin' });
    await form.getByLabel('Administrator').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    const question = page.getByRole('dialog', { name: 'Remove your own admin access?' });
    await expect(question).toContainText('You will lose the user-management pages.');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Create/Edit User', level: 1 })).toBeVisible();
  });
});
