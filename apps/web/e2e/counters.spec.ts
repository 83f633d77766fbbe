import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, field: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('counters and devices', () => {
  test('a template makes two counters, a change syncs to one; a device pairs, goes online, is disabled and revoked', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const template = `E2E grill ${stamp}`;
    const [first, second] = [`E2E counter A ${stamp}`, `E2E counter B ${stamp}`];
    await signIn(page);

    // A template of Live Counter settings.
    await page.goto('/counterTemplate?action=new');
    let dialog = page.getByRole('dialog', { name: 'Add counter template' });
    await dialog.getByRole('textbox', { name: 'Template name' }).fill(template);
    await choose(page, dialog, 'Counter mode', 'Live Counter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(`${template} Live Counter`) })).toBeVisible();

    // Two counters from it: its settings come prefilled.
    for (const name of [first, second]) {
      await page.goto('/counterManagement?action=new');
      dialog = page.getByRole('dialog', { name: 'Add counter' });
      await dialog.getByRole('textbox', { name: 'Counter name' }).fill(name);
      await dialog.getByRole('combobox', { name: /Food court/ }).click();
      await page.getByRole('option').first().click();
      await choose(page, dialog, 'Template', template);
      await expect(dialog.getByRole('combobox', { name: 'Counter mode' })).toHaveText('Live Counter');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
    }

    // The template changes: both counters differ on the mode; applying it to the first leaves the second apart.
    await page.goto(`/counterTemplate?search=${encodeURIComponent(template)}`);
    await page.getByRole('button', { name: `Edit ${template}` }).click();
    dialog = page.getByRole('dialog', { name: `Edit template ${template}` });
    await choose(page, dialog, 'Counter mode', 'Buffet');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: `Open ${template}` }).click();
    const drawer = page.getByRole('dialog', { name: template });
    const made = drawer.getByRole('table', { name: 'Counters made from this template' });
    await expect(made.getByRole('row', { name: new RegExp(`${first} .*Mode`) })).toBeVisible();
    await expect(made.getByRole('row', { name: new RegExp(`${second} .*Mode`) })).toBeVisible();
    await made.getByRole('checkbox', { name: `Choose ${first}` }).check();
    await drawer.getByRole('button', { name: 'Apply to chosen counters (1)' }).click();
    await expect(made.getByRole('row', { name: new RegExp(`${first} .*Same as the template`) })).toBeVisible();
    await expect(made.getByRole('row', { name: new RegExp(`${second} .*Mode`) })).toBeVisible();

    // A device on the first counter: activate, read the code once, pair it as the device would.
    await page.goto(`/counterManagement?search=${encodeURIComponent(first)}`);
    await page.getByRole('button', { name: `Open ${first}` }).click();
    const counter = page.getByRole('dialog', { name: first });
    await counter.getByRole('button', { name: 'Add device' }).click();
    dialog = page.getByRole('dialog', { name: 'Add device' });
    await dialog.getByRole('textbox', { name: 'Device name' }).fill('E2E till');
    await dialog.getByRole('button', { name: 'Add device' }).click();
    await expect(dialog).toBeHidden();
    const devices = counter.getByRole('table', { name: `Devices of ${first}` });
    await expect(devices.getByRole('row', { name: /E2E till .*Created/ })).toBeVisible();
    await devices.getByRole('button', { name: 'Activate E2E till' }).click();
    const pairing = page.getByRole('dialog', { name: 'Pairing code for E2E till' });
    const code = (await pairing.getByRole('status', { name: 'Pairing code' }).textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await expect(pairing).toContainText('(15 minutes)');
    await pairing.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(code)).toHaveCount(0);
    await expect(devices.getByRole('row', { name: /E2E till .*Pending/ })).toBeVisible();

    const api = (path: string) => new URL(`/v2/bck/${path}`, baseURL).toString();
    const paired = await fetch(api('device/pair'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, app_version: '3.1.0' }),
    });
    expect(paired.status, await paired.clone().text()).toBe(200);
    const { token } = (await paired.json()) as { token: string };
    const heartbeat = () =>
      fetch(api('device/heartbeat'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Device ${token}` },
        body: JSON.stringify({ app_version: '3.1.0' }),
      });
    expect((await heartbeat()).status).toBe(200);

    // The page hears it over the event stream: enabled, online, its app version.
    await expect(devices.getByRole('row', { name: /E2E till .*Enabled Online .*3\.1\.0/ })).toBeVisible({
      timeout: 15_000,
    });

    // Disabled: offline at once. Revoked: its token no longer works.
    await devices.getByRole('button', { name: 'Disable E2E till' }).click();
    await expect(devices.getByRole('row', { name: /E2E till .*Disabled Offline/ })).toBeVisible();
    await devices.getByRole('button', { name: 'Revoke E2E till' }).click();
    await page.getByRole('dialog', { name: 'Revoke E2E till?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(devices.getByRole('row', { name: /E2E till .*Created/ })).toBeVisible();
    expect((await heartbeat()).status).toBe(401);
  });
});
