import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, offersApi, sent } from '../testing/offers-api';
import { DiscountsPage, PromotionsPage } from './offers-page';

const renderPromotions = (route = '/promotions') =>
  renderScreen(<PromotionsPage />, { path: '/promotions', route, signedInAs: ADMIN });
const renderDiscounts = (route = '/discounts') =>
  renderScreen(<DiscountsPage />, { path: '/discounts', route, signedInAs: ADMIN });

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('Promotions and discounts', { timeout: 60_000 }, () => {
  it('lists the promotions (trigger code) with uses against their limit, spend against the budget and codes', async () => {
    const { record } = offersApi();
    const user = setupUser();
    const { router } = renderPromotions();
    const table = await loadedTable('Promotions');
    expect(record.find((c) => c.path === 'offers')?.query.get('trigger')).toBe('code');
    const shared = within(table).getByRole('row', { name: /Welcome ten/ });
    expect(shared).toHaveTextContent('Percentage off');
    expect(shared).toHaveTextContent('10% off the order');
    expect(shared).toHaveTextContent('Active');
    expect(shared).toHaveTextContent('Stackable');
    expect(shared).toHaveTextContent('12 / 100');
    expect(shared).toHaveTextContent(/120\.00 of .*5,000\.00/);
    expect(shared).toHaveTextContent('WELCOME10');
    const unique = within(table).getByRole('row', { name: /Loyalty codes/ });
    expect(unique).toHaveTextContent('Fixed amount off');
    expect(within(unique).getByRole('cell', { name: '40' })).toBeVisible();
    expect(within(unique).getByRole('button', { name: 'Codes of Loyalty codes' })).toBeVisible();
    // A shared-code promotion has no codes to manage.
    expect(within(shared).queryByRole('button', { name: /Codes of/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /Happy hour/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed amount off' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=amount'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Welcome ten/ })).not.toBeInTheDocument());
    const last = record.filter((c) => c.path === 'offers').at(-1)!;
    expect(last.query.get('kind')).toBe('amount');
    expect(last.query.get('trigger')).toBe('code');
  });

  it('lists only the discounts (trigger auto), and their form has no code fields', async () => {
    const { record } = offersApi();
    const user = setupUser();
    renderDiscounts();
    const table = await loadedTable('Discounts');
    expect(record.filter((c) => c.path === 'offers').every((c) => c.query.get('trigger') === 'auto')).toBe(true);
    expect(within(table).getByRole('row', { name: /Happy hour/ })).toHaveTextContent('Exclusive');
    expect(within(table).getByRole('row', { name: /Lunch combo/ })).toHaveTextContent('Draft');
    expect(within(table).queryByRole('row', { name: /Welcome ten/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Codes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add discount' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add discount' });
    expect(within(drawer).queryByRole('radiogroup', { name: 'Codes' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Breakfast deal');
    await fill(user, within(drawer).getByRole('textbox', { name: /Percent off/ }), '15');
    await user.click(within(drawer).getByRole('radio', { name: 'Exclusive — applies only alone' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Kiosk' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(record, 'POST', 'offers')).toHaveLength(1));
    const body = sent(record, 'POST', 'offers')[0]!;
    expect(body).toMatchObject({
      name: 'Breakfast deal',
      trigger: 'auto',
      stacking: 'exclusive',
      shared_code: '',
      reward: { kind: 'percent', percent: 15, applies_to: 'order' },
      conditions: { channels: ['kiosk'], days: [6] },
    });
  });

  it("switches the reward's fields by kind and refuses a meal deal of one part with core's message", async () => {
    const { record } = offersApi();
    const user = setupUser();
    renderDiscounts('/discounts?action=new');
    const drawer = await screen.findByRole('dialog', { name: 'Add discount' });
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Combo');
    expect(within(drawer).getByRole('textbox', { name: /Percent off/ })).toBeVisible();

    await user.click(within(drawer).getByRole('combobox', { name: 'Reward' }));
    await user.click(await screen.findByRole('option', { name: 'Buy X get Y' }));
    expect(within(drawer).queryByRole('textbox', { name: /Percent off/ })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('textbox', { name: /Buy \(units\)/ })).toHaveValue('1');
    expect(within(drawer).getByText('100 = free')).toBeVisible();
    expect(within(drawer).getByText('0 = no limit')).toBeVisible();

    await user.click(within(drawer).getByRole('combobox', { name: 'Reward' }));
    await user.click(await screen.findByRole('option', { name: 'Meal-deal price' }));
    expect(within(drawer).queryByRole('textbox', { name: /Buy \(units\)/ })).not.toBeInTheDocument();
    const part1 = within(drawer).getByRole('group', { name: 'Part 1' });
    expect(within(drawer).getByRole('group', { name: 'Part 2' })).toBeVisible();
    await user.click(within(part1).getByRole('combobox', { name: 'Items of part 1' }));
    await user.click(await screen.findByRole('option', { name: /Chicken biryani/ }));
    expect(within(part1).getByRole('list', { name: 'Items of part 1 chosen' })).toHaveTextContent('Chicken biryani');
    await user.click(within(drawer).getByRole('button', { name: 'Remove part 2' }));
    await fill(user, within(drawer).getByRole('textbox', { name: /Meal-deal price/ }), '199');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByText('A meal deal has at least two parts')).toBeVisible();
    expect(sent(record, 'POST', 'offers')).toHaveLength(0);
  });

  it('refuses a shared-code promotion without its code, then saves it with the code', async () => {
    const { record } = offersApi();
    const user = setupUser();
    renderPromotions();
    await loadedTable('Promotions');
    await user.click(screen.getByRole('button', { name: 'Add promotion' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add promotion' });
    expect(within(drawer).getByRole('radio', { name: 'One shared code' })).toBeChecked();
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Spring');
    await fill(user, within(drawer).getByRole('textbox', { name: /Percent off/ }), '20');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Enter the code customers type')).toBeVisible();
    expect(sent(record, 'POST', 'offers')).toHaveLength(0);

    await fill(user, within(drawer).getByRole('textbox', { name: 'Code' }), 'spring20');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'offers')).toHaveLength(1));
    expect(sent(record, 'POST', 'offers')[0]).toMatchObject({
      trigger: 'code',
      code_mode: 'shared',
      shared_code: 'SPRING20',
    });
  });

  it('edits a meal deal from the address: its parts by item name, saved with the version edited', async () => {
    const { record } = offersApi();
    const user = setupUser();
    renderDiscounts('/discounts?edit=2');
    const drawer = await screen.findByRole('dialog', { name: 'Edit Lunch combo' });
    expect(within(drawer).getByRole('combobox', { name: 'Reward' })).toHaveTextContent('Meal-deal price');
    const part2 = within(drawer).getByRole('group', { name: 'Part 2' });
    expect(await within(part2).findByRole('list', { name: 'Items of part 2 chosen' })).toHaveTextContent('Mango lassi');
    expect(within(drawer).getByRole('textbox', { name: /Meal-deal price/ })).toHaveValue('199');
    await fill(user, within(drawer).getByRole('textbox', { name: /Meal-deal price/ }), '189.5');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Uses per customer' }), '2');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(record, 'PUT', 'offers/2')).toHaveLength(1));
    expect(sent(record, 'PUT', 'offers/2')[0]).toMatchObject({
      version: 2,
      trigger: 'auto',
      reward: {
        kind: 'meal_deal',
        price: 189.5,
        components: [
          { items: ['f-biryani'], quantity: 1 },
          { items: ['f-lassi'], quantity: 1 },
        ],
      },
      limits: { uses_per_customer: 2 },
    });
  });

  it('generates 20 codes for a unique-code promotion, reloads the list and exports the codes', async () => {
    const { record } = offersApi();
    const user = setupUser();
    renderPromotions('/promotions?dialog=codes&edit=4');
    const dialog = await screen.findByRole('dialog', { name: 'Codes of Loyalty codes' });
    const codes = within(dialog).getByRole('table', { name: 'Codes' });
    expect(await within(codes).findByRole('row', { name: /LOY2345 C-1001 1/ })).toBeVisible();
    expect(within(dialog).getByText('2 codes')).toBeVisible();

    await fill(user, within(dialog).getByRole('textbox', { name: 'How many' }), '20');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Prefix' }), 'spr');
    await user.click(within(dialog).getByRole('button', { name: 'Generate codes' }));
    await waitFor(() => expect(sent(record, 'POST', 'offers/4/codes')).toHaveLength(1));
    expect(sent(record, 'POST', 'offers/4/codes')[0]).toMatchObject({ count: 20, prefix: 'SPR' });
    expect(await within(codes).findByRole('row', { name: /SPRNEW001/ })).toBeVisible();
    expect(within(dialog).getByText('22 codes')).toBeVisible();
    expect(record.filter((c) => c.method === 'GET' && c.path === 'offers/4/codes').length).toBeGreaterThan(1);

    await user.click(within(dialog).getByRole('button', { name: 'Export codes' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:file', download: 'offer-4-codes.xlsx' }]));
    expect(record.some((c) => c.path === 'offers/4/codes/export')).toBe(true);
  });

  it('refuses more codes than core allows in one go', async () => {
    const { record } = offersApi();
    const user = setupUser();
    renderPromotions('/promotions?dialog=codes&edit=4');
    const dialog = await screen.findByRole('dialog', { name: 'Codes of Loyalty codes' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'How many' }), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Generate codes' }));
    expect(await within(dialog).findByText('At most 10000')).toBeVisible();
    expect(sent(record, 'POST', 'offers/4/codes')).toHaveLength(0);
  });

  it("shows an offer's results: uses, customers, discount, revenue, budget left and by day", async () => {
    offersApi();
    const user = setupUser();
    renderDiscounts();
    const table = await loadedTable('Discounts');
    await user.click(within(table).getByRole('button', { name: 'Results of Happy hour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Results of Happy hour' });
    expect(await within(dialog).findByText('Revenue of those orders')).toBeVisible();
    expect(dialog).toHaveTextContent(/Uses\s*12/);
    expect(dialog).toHaveTextContent(/Customers\s*9/);
    expect(dialog).toHaveTextContent(/Revenue of those orders.*4,820\.00/);
    expect(dialog).toHaveTextContent(/Budget left.*4,659\.50/);
    const byDay = within(dialog).getByRole('table', { name: 'By day' });
    expect(within(byDay).getByRole('row', { name: /05-03-2026 7 .*200\.50/ })).toBeVisible();
  });
});
