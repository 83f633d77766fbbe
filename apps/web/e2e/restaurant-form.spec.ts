import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The add/edit restaurant form (spec 001 §2.1–§5.1) against the real server and demo data: a restaurant made
 * through every section is found as entered after a reload; editing shows the §4.1 transitions; each §5.1 rule
 * shows its message and nothing is saved.
 */

const FOODCOURT = 'fc-blr-atrium';
const RESTID = 'e2e_kitchen';
const RESTAURANT = `${FOODCOURT}:${RESTID}`;

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('User ID', { exact: true }).fill('demo.admin');
  await page.getByLabel('Password', { exact: true }).fill('ControlDesk#2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('greeting')).toHaveText('Hello, demo.admin');
}

/** A field's label, with or without the required asterisk. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
const field = (scope: Locator, text: string) => scope.getByLabel(label(text));
/** A select's accessible name is its label followed by the shown value. */
const combo = (scope: Locator, text: string) =>
  scope.getByRole('combobox', {
    name: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?(\\s.*)?$`),
  });
const section = (dialog: Locator, name: string) => dialog.getByRole('region', { name });

async function choose(page: Page, scope: Locator, text: string, option: string) {
  await combo(scope, text).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function typeTime(page: Page, scope: Locator, group: string, hhmm: string) {
  await scope.getByRole('group', { name: group }).getByRole('spinbutton').first().click();
  await page.keyboard.type(hhmm.replace(':', ''));
}

/** A 320×240 PNG drawn on a canvas in the page. */
async function makePng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#c62929';
    ctx.fillRect(0, 0, 320, 240);
    ctx.fillStyle = '#209139';
    ctx.fillRect(80, 40, 160, 160);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** Counts the create and update calls, to prove a refused save sent nothing. */
function countSaves(page: Page) {
  const saves: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/v2\/bck\/vendor\/restaurant(\/|$)/.test(url.pathname) && ['POST', 'PUT'].includes(request.method()))
      saves.push(`${request.method()} ${decodeURIComponent(url.pathname)}`);
  });
  return saves;
}

test.describe.configure({ mode: 'serial' });

test.describe('the restaurant form', () => {
  test.setTimeout(240_000);

  test('creates a restaurant through every section, and finds every value after a reload', async ({ page }) => {
    await signIn(page);
    await page.goto(`/restaurant?foodcourt=${FOODCOURT}`);
    await page.getByRole('button', { name: 'Add restaurant' }).click();
    const dialog = page.getByRole('dialog', { name: 'create restaurant' });
    await expect(dialog).toBeVisible();
    const nav = dialog.getByRole('navigation', { name: 'Form sections' });
    await expect(nav.getByRole('button')).toHaveCount(13);

    // Basic details
    const basic = section(dialog, 'Basic details');
    await field(basic, 'Restaurant ID').fill('E2E_Kitchen');
    await expect(field(basic, 'Restaurant ID')).toHaveValue(RESTID);
    await expect(field(basic, 'Unique ID')).toHaveValue(RESTAURANT);
    await field(basic, 'Name').fill('E2E Kitchen');
    await choose(page, basic, 'Client', 'Acme Technologies');
    await choose(page, basic, 'Status', 'Active');
    await choose(page, basic, 'Type', 'CNC pop-up');
    await field(basic, 'Vendor name').fill('E2E Foods Pvt Ltd');
    await field(basic, 'Aggregator name').fill('E2E Aggregator');
    await field(basic, 'Business unit').fill('BU42');
    await field(basic, 'Site code').fill('E2E01');
    await choose(page, basic, 'Currency', 'INR — Indian Rupee (₹)');
    await field(basic, 'Order capacity').fill('40');
    await field(basic, 'FSSAI No').fill('10012345000999');
    await choose(page, basic, 'Secondary food court', 'Tower B Canteen (fc-blr-tower-b)');
    await field(basic, 'GSTIN').fill('29abcde1234f1z5');
    await expect(field(basic, 'GSTIN')).toHaveValue('29ABCDE1234F1Z5');
    await field(basic, 'Configured session').fill('Lunch');
    await field(basic, 'Cuisines').fill('Fusion');
    await field(basic, 'Info link').fill('https://e2e.example/kitchen');
    await field(basic, 'Emails').fill('ops@e2e.example, chef@e2e.example');
    await field(basic, 'Description').fill('Made by the browser test');
    await field(basic, 'Restaurant Not Available Message').fill('Back soon');
    await field(basic, 'Extra details').fill('Level 2');

    // Menu & images, with an uploaded and cropped thumbnail
    await nav.getByRole('button', { name: 'Menu & images' }).click();
    await expect(nav.getByRole('button', { name: 'Menu & images' })).toHaveAttribute('aria-current', 'true');
    const menu = section(dialog, 'Menu & images');
    await menu.getByRole('switch', { name: 'Serves non-veg' }).check();
    await expect(field(menu, 'Veg flag')).toHaveValue('B (veg and non-veg)');
    await choose(page, menu, 'Price-book path', 'standard');
    await field(menu, 'Matrix outlet ID').fill('MX-7');
    await field(menu, 'Partner ID').fill('PARTNER-7');
    await field(menu, 'JWO store ID').fill('JWO-7');
    const png = await makePng(page);
    await menu.getByRole('button', { name: 'Edit image' }).click();
    const cropper = page.getByRole('dialog', { name: 'Edit image' });
    await cropper
      .getByLabel('Choose image')
      .setInputFiles({ name: 'e2e-logo.png', mimeType: 'image/png', buffer: png });
    await expect(cropper.locator('img')).toBeVisible();
    await cropper.getByRole('button', { name: 'Save' }).click();
    await expect(cropper).toBeHidden();
    await expect(field(menu, 'Thumbnail Image')).toHaveValue(/\/files\/.+\.png$/);
    const thumbnail = await field(menu, 'Thumbnail Image').inputValue();
    await expect(menu.getByTestId('thumbnail-preview')).toHaveAttribute('src', thumbnail);
    // The stored image is the cropped square (default width 200).
    const size = await menu.getByTestId('thumbnail-preview').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([200, 200]);

    // Flows
    const flows = section(dialog, 'Flows');
    await field(flows, 'Dine-in flow').fill('dine_flow_1');
    await flows.getByRole('switch', { name: 'Pre-order', exact: true }).check();
    await field(flows, 'Pre-order flow').fill('pre_flow_1');
    await field(flows, 'Pre-order restrict before (minutes)').fill('30');
    await flows.getByRole('switch', { name: 'Takeaway', exact: true }).check();
    await flows.getByRole('switch', { name: 'Important', exact: true }).check();

    // Delivery
    const delivery = section(dialog, 'Delivery');
    await delivery.getByRole('switch', { name: 'Delivery', exact: true }).check();
    await field(delivery, 'Minimum delivery amount').fill('150');
    await field(delivery, 'Delivered in (minutes)').fill('45');
    await field(delivery, 'Phone number').fill('9876543210');
    await typeTime(page, delivery, 'Delivery serving time start', '1100');

    // Feature switches and item count
    const features = section(dialog, 'Feature switches');
    await features.getByRole('switch', { name: 'Hide price' }).check();
    await features.getByRole('switch', { name: 'DRS collection' }).uncheck();
    const itemCount = section(dialog, 'Item count display');
    await itemCount.getByRole('switch', { name: 'Show item count' }).check();
    await field(itemCount, 'Item count colour').fill('#112233');
    await field(itemCount, 'Item count threshold').fill('5');
    await field(itemCount, 'Item count font size').fill('14');

    // Ordering and terminal
    const ordering = section(dialog, 'Ordering and terminal');
    await ordering.getByLabel('Days', { exact: true }).fill('1');
    await ordering.getByLabel('Hours', { exact: true }).fill('2');
    await ordering.getByLabel('Minutes', { exact: true }).fill('30');
    await expect(ordering.getByText('= 1590 minutes')).toBeVisible();
    await choose(page, ordering, 'Order accepting', 'Enable');
    await expect(field(ordering, 'Auto cut-off time (minutes)')).toBeDisabled();
    await choose(page, ordering, 'Auto status', 'Collect');
    await field(ordering, 'Auto cut-off time (minutes)').fill('90');
    await ordering.getByRole('switch', { name: 'Carry forward stock' }).check();
    await ordering.getByRole('switch', { name: 'POS restaurant' }).check();

    // Pricing and fees, with a convenience-fee row
    const pricing = section(dialog, 'Pricing and fees');
    await field(pricing, 'Discount (%)').fill('5');
    await field(pricing, 'Menu markup').fill('2.5');
    await pricing.getByRole('combobox', { name: 'Parcel charge modes' }).click();
    await page.getByRole('option', { name: 'Dine in' }).click();
    await page.getByRole('option', { name: 'Takeaway' }).click();
    await page.keyboard.press('Escape');
    await expect(pricing.getByRole('switch', { name: 'Parcel charge', exact: true })).toBeChecked();
    await pricing.getByLabel('Minimum order amount').fill('0');
    await pricing.getByLabel('Maximum order amount').fill('500');
    await pricing.getByLabel('Fee for this range').fill('10');
    await pricing.getByRole('button', { name: /^Days and dates:/ }).click();
    const daysDates = page.getByRole('dialog', { name: 'Days and dates' });
    await daysDates.getByRole('checkbox', { name: 'Monday' }).check();
    await daysDates.getByRole('button', { name: 'Done' }).click();
    await pricing.getByRole('button', { name: 'Add fee row' }).click();
    await expect(pricing.getByRole('table', { name: 'Dynamic convenience fee' })).toContainText('500');

    // Tax
    await section(dialog, 'Tax settings').getByRole('switch', { name: 'Display pre-GST amount' }).check();

    // Restaurant availability: closed Sundays, one offline date
    const availability = section(dialog, 'Restaurant availability');
    await availability.getByRole('button', { name: 'Edit availability' }).click();
    const availDialog = page.getByRole('dialog', { name: 'Restaurant availability' });
    await availDialog.getByRole('checkbox', { name: 'Sunday' }).check();
    await field(availDialog, 'Closed days message').fill('Closed on Sundays');
    await availDialog.getByRole('group', { name: 'Date' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('25122030');
    await availDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await field(availDialog, 'Offline dates message').fill('Closed for Christmas');
    await availDialog.getByRole('button', { name: 'Save' }).click();
    await expect(availDialog).toBeHidden();
    await expect(availability).toContainText('Closed days: Sunday — “Closed on Sundays”');
    await expect(availability).toContainText('Offline dates: 25-12-2030 — “Closed for Christmas”');

    // Serving settings: general time, an app slot, a kiosk slot, a session, the billing start
    const serving = section(dialog, 'Serving settings');
    await typeTime(page, serving, 'General serving time start', '0730');
    await typeTime(page, serving, 'Slot start', '0700');
    await typeTime(page, serving, 'Slot end', '1000');
    await serving.getByLabel('Cart option ID', { exact: true }).fill('breakfast_cart');
    await serving.getByRole('button', { name: 'Add slot' }).click();
    await typeTime(page, serving, 'Slot start', '1800');
    await typeTime(page, serving, 'Slot end', '2100');
    await serving.getByRole('checkbox', { name: 'App', exact: true }).uncheck();
    await serving.getByRole('checkbox', { name: 'Kiosk', exact: true }).check();
    await serving.getByRole('button', { name: 'Add slot' }).click();
    await expect(serving.getByRole('table', { name: 'App and kiosk serving slots' }).getByRole('row')).toHaveCount(3);
    await choose(page, serving, 'Session', 'Lunch');
    await typeTime(page, serving, 'Session start', '1200');
    await typeTime(page, serving, 'Session end', '1500');
    await serving.getByRole('button', { name: 'Add session' }).click();
    await typeTime(page, serving, 'Billing start time', '0530');

    // Extra and JSON settings
    const extra = section(dialog, 'Extra settings');
    await field(extra, 'Special offer text').fill('Free chai');
    await field(extra, 'Linked menu restaurants').click();
    await page.getByRole('option', { name: /Spice Route/ }).click();
    const json = section(dialog, 'JSON settings');
    await field(json, 'Labels').fill('{"veg": "Green"}');
    await field(json, 'Other details').fill('{"floor": 2}');

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Restaurants' })).toContainText('E2E Kitchen');

    // Reload, open it again, and find every value as entered.
    await page.goto(`/restaurant?foodcourt=${FOODCOURT}&edit=${encodeURIComponent(RESTAURANT)}`);
    const edit = page.getByRole('dialog', { name: 'Edit restaurant E2E Kitchen' });
    await expect(edit).toBeVisible();
    await expect(edit.getByTestId('last-changed')).toContainText('Last changed by demo.admin at');
    const b = section(edit, 'Basic details');
    await expect(field(b, 'Restaurant ID')).toBeDisabled();
    await expect(field(b, 'Restaurant ID')).toHaveValue(RESTID);
    await expect(field(b, 'Unique ID')).toHaveValue(RESTAURANT);
    await expect(field(b, 'Name')).toHaveValue('E2E Kitchen');
    await expect(combo(b, 'Client')).toHaveText('Acme Technologies');
    await expect(combo(b, 'Status')).toHaveText('Active');
    await expect(combo(b, 'Type')).toHaveText('CNC pop-up');
    await expect(field(b, 'Vendor name')).toHaveValue('E2E Foods Pvt Ltd');
    await expect(field(b, 'Aggregator name')).toHaveValue('E2E Aggregator');
    await expect(field(b, 'Business unit')).toHaveValue('BU42');
    await expect(field(b, 'Site code')).toHaveValue('E2E01');
    await expect(combo(b, 'Currency')).toHaveText('INR — Indian Rupee (₹)');
    await expect(field(b, 'Order capacity')).toHaveValue('40');
    await expect(field(b, 'FSSAI No')).toHaveValue('10012345000999');
    await expect(combo(b, 'Secondary food court')).toHaveText('Tower B Canteen (fc-blr-tower-b)');
    await expect(field(b, 'GSTIN')).toHaveValue('29ABCDE1234F1Z5');
    await expect(field(b, 'Configured session')).toHaveValue('Lunch');
    await expect(field(b, 'Cuisines')).toHaveValue('Fusion');
    await expect(field(b, 'Info link')).toHaveValue('https://e2e.example/kitchen');
    await expect(field(b, 'Emails')).toHaveValue('ops@e2e.example, chef@e2e.example');
    await expect(field(b, 'Description')).toHaveValue('Made by the browser test');
    await expect(field(b, 'Restaurant Not Available Message')).toHaveValue('Back soon');
    await expect(field(b, 'Extra details')).toHaveValue('Level 2');

    const m = section(edit, 'Menu & images');
    await expect(m.getByRole('switch', { name: 'Serves non-veg' })).toBeChecked();
    await expect(field(m, 'Veg flag')).toHaveValue('B (veg and non-veg)');
    await expect(combo(m, 'Price-book path')).toHaveText('standard');
    await expect(field(m, 'Matrix outlet ID')).toHaveValue('MX-7');
    await expect(field(m, 'Partner ID')).toHaveValue('PARTNER-7');
    await expect(field(m, 'JWO store ID')).toHaveValue('JWO-7');
    await expect(field(m, 'Thumbnail Image')).toHaveValue(thumbnail);

    const f = section(edit, 'Flows');
    await expect(f.getByRole('switch', { name: 'Dine in', exact: true })).toBeChecked();
    await expect(field(f, 'Dine-in flow')).toHaveValue('dine_flow_1');
    await expect(f.getByRole('switch', { name: 'Pre-order', exact: true })).toBeChecked();
    await expect(field(f, 'Pre-order flow')).toHaveValue('pre_flow_1');
    await expect(field(f, 'Pre-order restrict before (minutes)')).toHaveValue('30');
    await expect(f.getByRole('switch', { name: 'Takeaway', exact: true })).toBeChecked();
    await expect(f.getByRole('switch', { name: 'Important', exact: true })).toBeChecked();
    await expect(f.getByRole('switch', { name: 'Buffet', exact: true })).not.toBeChecked();

    const d = section(edit, 'Delivery');
    await expect(d.getByRole('switch', { name: 'Delivery', exact: true })).toBeChecked();
    await expect(field(d, 'Minimum delivery amount')).toHaveValue('150');
    await expect(field(d, 'Delivered in (minutes)')).toHaveValue('45');
    await expect(field(d, 'Phone number')).toHaveValue('9876543210');
    await expect(d.getByRole('group', { name: 'Delivery serving time start' })).toContainText('11');

    await expect(section(edit, 'Feature switches').getByRole('switch', { name: 'Hide price' })).toBeChecked();
    await expect(section(edit, 'Feature switches').getByRole('switch', { name: 'DRS collection' })).not.toBeChecked();
    const ic = section(edit, 'Item count display');
    await expect(ic.getByRole('switch', { name: 'Show item count' })).toBeChecked();
    await expect(field(ic, 'Item count colour')).toHaveValue('#112233');
    await expect(field(ic, 'Item count threshold')).toHaveValue('5');
    await expect(field(ic, 'Item count font size')).toHaveValue('14');

    const o = section(edit, 'Ordering and terminal');
    await expect(o.getByLabel('Days', { exact: true })).toHaveValue('1');
    await expect(o.getByLabel('Hours', { exact: true })).toHaveValue('2');
    await expect(o.getByLabel('Minutes', { exact: true })).toHaveValue('30');
    await expect(combo(o, 'Order accepting')).toHaveText('Enable');
    await expect(combo(o, 'Auto status')).toHaveText('Collect');
    await expect(field(o, 'Auto cut-off time (minutes)')).toHaveValue('90');
    await expect(o.getByRole('switch', { name: 'Carry forward stock' })).toBeChecked();
    await expect(o.getByRole('switch', { name: 'Nullify stock' })).not.toBeChecked();
    await expect(o.getByRole('switch', { name: 'POS restaurant' })).toBeChecked();

    const p = section(edit, 'Pricing and fees');
    await expect(field(p, 'Discount (%)')).toHaveValue('5');
    await expect(field(p, 'Menu markup')).toHaveValue('2.5');
    await expect(p.getByRole('switch', { name: 'Parcel charge', exact: true })).toBeChecked();
    await expect(p.getByRole('combobox', { name: 'Parcel charge modes' })).toHaveText('Dine in, Takeaway');
    const feeRows = p.getByRole('table', { name: 'Dynamic convenience fee' }).getByRole('row');
    await expect(feeRows).toHaveCount(2);
    await expect(feeRows.nth(1)).toContainText('0500');
    await expect(feeRows.nth(1)).toContainText('10');
    await expect(feeRows.nth(1).getByRole('button', { name: 'Mon' })).toBeVisible();

    await expect(section(edit, 'Tax settings').getByRole('switch', { name: 'Display pre-GST amount' })).toBeChecked();
    await expect(section(edit, 'Tax settings').getByRole('switch', { name: 'Prices include taxes' })).toBeChecked();
    const a = section(edit, 'Restaurant availability');
    await expect(a).toContainText('Closed days: Sunday — “Closed on Sundays”');
    await expect(a).toContainText('Offline dates: 25-12-2030 — “Closed for Christmas”');

    const s = section(edit, 'Serving settings');
    await expect(s.getByRole('group', { name: 'General serving time start' })).toContainText('07');
    await expect(s.getByRole('group', { name: 'General serving time start' })).toContainText('30');
    const slots = s.getByRole('table', { name: 'App and kiosk serving slots' });
    await expect(slots.getByRole('row').nth(1)).toContainText('07:00–10:00');
    await expect(slots.getByRole('row').nth(1)).toContainText('breakfast_cart');
    await expect(slots.getByRole('checkbox', { name: 'app for 07:00–10:00' })).toBeChecked();
    await expect(slots.getByRole('checkbox', { name: 'kiosk for 07:00–10:00' })).not.toBeChecked();
    await expect(slots.getByRole('checkbox', { name: 'app for 18:00–21:00' })).not.toBeChecked();
    await expect(slots.getByRole('checkbox', { name: 'kiosk for 18:00–21:00' })).toBeChecked();
    await expect(s.getByRole('list', { name: 'Sessions' })).toContainText('Lunch: 12:00–15:00');
    await expect(s.getByRole('group', { name: 'Billing start time' })).toContainText('05');

    const e = section(edit, 'Extra settings');
    await expect(field(e, 'Special offer text')).toHaveValue('Free chai');
    await expect(field(e, 'Special offer text (full)')).toHaveValue('N');
    await expect(e.getByRole('button', { name: /Spice Route/ })).toBeVisible();
    const j = section(edit, 'JSON settings');
    await expect(field(j, 'Labels')).toHaveValue(/"veg": "Green"/);
    await expect(field(j, 'Other details')).toHaveValue(/"floor": 2/);
  });

  test('editing shows the transitions of spec 001 §4.1, and closing with changes asks first', async ({ page }) => {
    await signIn(page);
    const saves = countSaves(page);
    await page.goto(`/restaurant?foodcourt=${FOODCOURT}&edit=${encodeURIComponent(RESTAURANT)}`);
    const dialog = page.getByRole('dialog', { name: 'Edit restaurant E2E Kitchen' });
    await expect(dialog).toBeVisible();
    const basic = section(dialog, 'Basic details');

    // Editing a stored restaurant, the availability dialog saves at once through the settings update.
    const availability = section(dialog, 'Restaurant availability');
    await availability.getByRole('button', { name: 'Edit availability' }).click();
    const availDialog = page.getByRole('dialog', { name: 'Restaurant availability' });
    await availDialog.getByRole('checkbox', { name: 'Saturday' }).check();
    await availDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('notice')).toHaveText('Availability updated');
    await expect(availDialog).toBeHidden();
    await expect(availability).toContainText('Closed days: Saturday, Sunday — “Closed on Sundays”');

    // The section navigation follows the scroll (300 ms after it stops) and scrolls on click.
    const nav = dialog.getByRole('navigation', { name: 'Form sections' });
    await section(dialog, 'Serving settings').scrollIntoViewIfNeeded();
    await section(dialog, 'Serving settings').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(nav.getByRole('button', { name: 'Serving settings' })).toHaveAttribute('aria-current', 'true');
    await nav.getByRole('button', { name: 'Basic details' }).click();
    await expect(section(dialog, 'Basic details').getByRole('heading', { name: 'Basic details' })).toBeInViewport();

    // Changing client resets status and type; smartq hides them.
    await choose(page, basic, 'Client', 'Globex Corporation');
    await expect(combo(basic, 'Status')).not.toHaveText('Active');
    await expect(combo(basic, 'Type')).not.toHaveText('CNC pop-up');

    // Non-veg sets the veg flag.
    const menu = section(dialog, 'Menu & images');
    await menu.getByRole('switch', { name: 'Serves non-veg' }).uncheck();
    await expect(field(menu, 'Veg flag')).toHaveValue('V (veg only)');
    await menu.getByRole('switch', { name: 'Serves non-veg' }).check();
    await expect(field(menu, 'Veg flag')).toHaveValue('B (veg and non-veg)');

    // Carry-forward and nullify stock exclude each other; auto cut-off follows auto status.
    const ordering = section(dialog, 'Ordering and terminal');
    await ordering.getByRole('switch', { name: 'Nullify stock' }).check();
    await expect(ordering.getByRole('switch', { name: 'Carry forward stock' })).not.toBeChecked();
    await ordering.getByRole('switch', { name: 'Carry forward stock' }).check();
    await expect(ordering.getByRole('switch', { name: 'Nullify stock' })).not.toBeChecked();
    await choose(page, ordering, 'Auto status', 'Disabled');
    await expect(field(ordering, 'Auto cut-off time (minutes)')).toBeDisabled();

    // Enabling parcel charge resets the modes; choosing modes enables it.
    const pricing = section(dialog, 'Pricing and fees');
    const parcel = pricing.getByRole('switch', { name: 'Parcel charge', exact: true });
    await parcel.uncheck();
    await parcel.check();
    await expect(pricing.getByRole('combobox', { name: 'Parcel charge modes' })).toHaveText(/^[\s\u200b]*$/);
    await parcel.uncheck();
    await pricing.getByRole('combobox', { name: 'Parcel charge modes' }).click();
    await page.getByRole('option', { name: 'Delivery' }).click();
    await page.keyboard.press('Escape');
    await expect(parcel).toBeChecked();

    // Hiding saves and clears the service flags; unhiding restores them; a flag turned on un-hides.
    const flows = section(dialog, 'Flows');
    const hide = section(dialog, 'Restaurant availability').getByRole('switch', { name: 'Hide restaurant' });
    await hide.check();
    for (const name of ['Dine in', 'Pre-order', 'Takeaway'])
      await expect(flows.getByRole('switch', { name, exact: true })).not.toBeChecked();
    await hide.uncheck();
    for (const name of ['Dine in', 'Pre-order', 'Takeaway'])
      await expect(flows.getByRole('switch', { name, exact: true })).toBeChecked();
    await expect(flows.getByRole('switch', { name: 'Buffet', exact: true })).not.toBeChecked();
    await hide.check();
    await flows.getByRole('switch', { name: 'Buffet', exact: true }).check();
    await expect(hide).not.toBeChecked();

    // Closing with unsaved changes asks Yes/No; No keeps the form.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard changes?' });
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toBeHidden();
    expect(saves).toEqual([]);

    // Opened again: the discarded edits are gone, the availability stayed, and a save is not a conflict.
    await page.goto(`/restaurant?foodcourt=${FOODCOURT}&edit=${encodeURIComponent(RESTAURANT)}`);
    await expect(dialog).toBeVisible();
    await expect(combo(section(dialog, 'Basic details'), 'Client')).toHaveText('Acme Technologies');
    await expect(section(dialog, 'Restaurant availability')).toContainText('Closed days: Saturday, Sunday');
    await field(section(dialog, 'Basic details'), 'Name').fill('E2E Kitchen Two');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Restaurants' })).toContainText('E2E Kitchen Two');
    expect(saves).toEqual([`PUT /v2/bck/vendor/restaurant/${RESTAURANT}`]);
  });

  test('each validation rule of spec 001 §5.1 shows its message and nothing is saved', async ({ page }) => {
    await signIn(page);
    const saves = countSaves(page);
    await page.goto(`/restaurant?foodcourt=${FOODCOURT}&action=new`);
    const dialog = page.getByRole('dialog', { name: 'create restaurant' });
    await expect(dialog).toBeVisible();
    const basic = section(dialog, 'Basic details');
    const submit = dialog.getByRole('button', { name: 'Submit' });

    // Required fields are marked, and an empty form names each one.
    await expect(basic.locator('label', { hasText: /^Restaurant ID/ })).toContainText('*');
    await expect(basic.locator('label', { hasText: /^Order capacity/ })).toContainText('*');
    await expect(basic.locator('label', { hasText: /^Vendor name/ })).not.toContainText('*');
    await submit.click();
    for (const name of ['Restaurant ID', 'Name', 'Site code', 'FSSAI No', 'Cuisines', 'Info link', 'Description'])
      await expect(field(basic, name)).toHaveAccessibleDescription('This field is required');
    await expect(field(basic, 'Restaurant ID')).toBeFocused();

    // restid must be valid before a unique id is made; business unit alphanumeric; GSTIN and e-mails checked.
    await field(basic, 'Restaurant ID').fill('_bad id');
    await expect(field(basic, 'Unique ID')).toHaveValue('');
    await field(basic, 'Business unit').fill('BU-1');
    await field(basic, 'GSTIN').fill('123');
    await field(basic, 'Emails').fill('not-an-address');
    await submit.click();
    await expect(field(basic, 'Restaurant ID')).toHaveAccessibleDescription(
      'Use lowercase letters, digits and _ only, not starting with _',
    );
    await expect(field(basic, 'Business unit')).toHaveAccessibleDescription('Use letters and digits only');
    await expect(field(basic, 'GSTIN')).toHaveAccessibleDescription('A GSTIN has 15 capital letters and digits');
    await expect(field(basic, 'Vendor name')).toHaveAccessibleDescription('This field is required');
    await expect(field(basic, 'Emails')).toHaveAccessibleDescription('Not an e-mail address: not-an-address');

    // Availability: a message is required once days or dates are chosen.
    await section(dialog, 'Restaurant availability').getByRole('button', { name: 'Edit availability' }).click();
    const availDialog = page.getByRole('dialog', { name: 'Restaurant availability' });
    await availDialog.getByRole('checkbox', { name: 'Monday' }).check();
    await availDialog.getByRole('button', { name: 'Save' }).click();
    await expect(availDialog.getByText('Enter the message shown on closed days')).toBeVisible();
    await expect(
      availDialog.getByText('Enter a message for the chosen closed days and offline dates, or remove them'),
    ).toBeVisible();
    await availDialog.getByRole('button', { name: 'Close' }).click();

    // Convenience fee: separate warnings, then min/max; negative input is refused.
    const pricing = section(dialog, 'Pricing and fees');
    await pricing.getByRole('button', { name: 'Add fee row' }).click();
    await expect(pricing.getByText('Enter the minimum amount')).toBeVisible();
    await expect(pricing.getByText('Enter the maximum amount')).toBeVisible();
    await expect(pricing.getByText('Enter the convenience fee')).toBeVisible();
    await pricing.getByLabel('Minimum order amount').pressSequentially('-9');
    await expect(pricing.getByLabel('Minimum order amount')).toHaveValue('9');
    await pricing.getByLabel('Maximum order amount').fill('5');
    await pricing.getByLabel('Fee for this range').fill('1');
    await pricing.getByRole('button', { name: 'Add fee row' }).click();
    await expect(pricing.getByText('The minimum must be less than the maximum')).toBeVisible();

    // Serving slots: start before end, no duplicate, at least one channel.
    const serving = section(dialog, 'Serving settings');
    await typeTime(page, serving, 'Slot start', '1000');
    await typeTime(page, serving, 'Slot end', '0900');
    await serving.getByRole('button', { name: 'Add slot' }).click();
    await expect(serving.getByText('Enter a valid time: the start must be before the end')).toBeVisible();
    await typeTime(page, serving, 'Slot start', '0800');
    await serving.getByRole('button', { name: 'Add slot' }).click();
    await typeTime(page, serving, 'Slot start', '0800');
    await typeTime(page, serving, 'Slot end', '0900');
    await serving.getByRole('button', { name: 'Add slot' }).click();
    await expect(serving.getByText('Duplicate entry')).toBeVisible();
    await serving.getByRole('checkbox', { name: 'App', exact: true }).uncheck();
    await serving.getByRole('button', { name: 'Add slot' }).click();
    await expect(serving.getByText('Choose at least one channel')).toBeVisible();

    // Cancel threshold parts cannot be negative.
    const ordering = section(dialog, 'Ordering and terminal');
    await ordering.getByLabel('Hours', { exact: true }).fill('');
    await ordering.getByLabel('Hours', { exact: true }).pressSequentially('-2');
    await expect(ordering.getByLabel('Hours', { exact: true })).toHaveValue('2');

    // A JSON blob that does not parse blocks the save.
    const json = section(dialog, 'JSON settings');
    await field(json, 'Labels').fill('{"veg": ');
    await expect(json.getByText(/^Not valid JSON/)).toBeVisible();

    // With every other field right, the JSON error alone still blocks, and the form scrolls to it.
    await field(basic, 'Restaurant ID').fill('valid_but_blocked');
    await field(basic, 'Name').fill('Blocked');
    await choose(page, basic, 'Client', 'Globex Corporation');
    await choose(page, basic, 'Status', 'Demo');
    await choose(page, basic, 'Type', 'MIS');
    await field(basic, 'Business unit').fill('BU1');
    await field(basic, 'Site code').fill('B1');
    await choose(page, basic, 'Currency', 'GBP — British Pound Sterling (£)');
    await field(basic, 'FSSAI No').fill('1');
    await field(basic, 'GSTIN').fill('');
    await field(basic, 'Emails').fill('');
    for (const name of ['Cuisines', 'Description', 'Restaurant Not Available Message', 'Extra details'])
      await field(basic, name).fill('x');
    // A link is a web address (one link rule for every link a user types).
    await field(basic, 'Info link').fill('https://e2e.example/blocked');
    await submit.click();
    await expect(field(json, 'Labels')).toBeInViewport();
    await expect(field(json, 'Labels')).toHaveAccessibleDescription(/^Not valid JSON/);
    await expect(field(basic, 'Name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(saves).toEqual([]);
  });
});
