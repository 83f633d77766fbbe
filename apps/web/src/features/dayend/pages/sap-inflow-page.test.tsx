import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, aRule, DATE, dayendApi, RESTAURANT } from '../testing/dayend-api';
import { SapInflowPage } from './sap-inflow-page';

const renderPage = (route = '/sap-inflow') =>
  renderScreen(<SapInflowPage />, { path: '/sap-inflow', route, signedInAs: ADMIN });
const sent = (record: ReturnType<typeof dayendApi>['record'], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);

describe('SAP inflow', { timeout: 60_000 }, () => {
  it('lists the rules with their conditions and accounts, and filters them by line in the page', async () => {
    const { record } = dayendApi({
      rules: [aRule(), aRule({ id: 3, kind: 'tender', tender: 'cash', gl_account: '100100', cost_center: '' })],
    });
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Posting rules');
    expect(within(table).getByRole('row', { name: /Sales Any line of this kind 400000 CC100/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Tender Tender: Cash 100100/ })).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Line' }));
    await user.click(await screen.findByRole('option', { name: 'Tender' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=tender'));
    await waitFor(() => expect(within(table).queryByText('400000')).not.toBeInTheDocument());
    expect(within(table).getByText('100100')).toBeVisible();
    // The list is answered whole: filtering asks the server nothing new.
    expect(record.filter((c) => c.path === 'sap-inflow/rules')).toHaveLength(1);
  });

  it("checks a new rule with core's schema before sending it, then sends the conditions and accounts", async () => {
    const { record } = dayendApi();
    const user = setupUser();
    renderPage('/sap-inflow?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add a posting rule' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Tax rate (%)' }), 'five');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Cost centre' }), 'CC 1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose what the rule posts')).toBeVisible();
    expect(within(dialog).getByText('Enter the GL account')).toBeVisible();
    expect(within(dialog).getByText('Enter a rate in percent, or leave it empty')).toBeVisible();
    expect(within(dialog).getByText('The cost centre uses letters, digits, _ . / or -')).toBeVisible();
    expect(sent(record, 'POST', 'sap-inflow/rules')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: /Line/ }));
    await user.click(await screen.findByRole('option', { name: 'Tax' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Tax rate (%)' }), '5');
    await user.click(within(dialog).getByRole('combobox', { name: 'Restaurant' }));
    await user.click(await screen.findByRole('option', { name: 'Noodle House · Riverside Kitchen' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /GL account/ }), '220500');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Cost centre' }), 'CC-1');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Priority' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(record, 'POST', 'sap-inflow/rules')).toHaveLength(1));
    expect(sent(record, 'POST', 'sap-inflow/rules')[0]).toMatchObject({
      kind: 'tax',
      tax_rate: 5,
      restaurant: RESTAURANT,
      client: '',
      tender: '',
      gl_account: '220500',
      cost_center: 'CC-1',
      priority: 10,
      active: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Rule added')).toBeVisible();
  });

  it("names the version edited; on a 409 says who saved, keeps the user's input and offers Reload", async () => {
    let refuse = true;
    const { record } = dayendApi({
      rules: [aRule({ version: 3 })],
      reply: {
        put: () => {
          if (!refuse) return undefined;
          refuse = false;
          const extras = { code: 'versionConflict', updated_by: 'other.admin' };
          const message = 'Rule 1 was changed by other.admin since you opened it.';
          return { status: 409, body: { result: 'failure', message, extras } };
        },
      },
    });
    const user = setupUser();
    renderPage('/sap-inflow?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit posting rule 1' });
    const gl = within(dialog).getByRole('textbox', { name: /GL account/ });
    await fill(user, gl, '400100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Rule 1 was changed by other.admin since you opened it.')).toBeVisible();
    expect(sent(record, 'PUT', 'sap-inflow/rules/1')[0]).toMatchObject({ version: 3, gl_account: '400100' });
    expect(gl).toHaveValue('400100');

    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(gl).toHaveValue('400000'));
    await fill(user, gl, '400200');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'sap-inflow/rules/1')).toHaveLength(2));
    expect(sent(record, 'PUT', 'sap-inflow/rules/1')[1]).toMatchObject({ version: 3, gl_account: '400200' });
    expect(await screen.findByText('Rule saved')).toBeVisible();
  });

  it('previews a day: each line with the rule it takes, "No rule" where none matches, totals and unmatched', async () => {
    const { record } = dayendApi();
    renderPage(`/sap-inflow?preview_restaurant=${encodeURIComponent(RESTAURANT)}&preview_date=${DATE}`);
    const lines = await screen.findByRole('table', { name: 'Posting lines' });
    expect(within(lines).getByRole('row', { name: /Sales Sales · Mains £420\.50 400000 \(rule 1\)/ })).toBeVisible();
    expect(within(lines).getByRole('row', { name: /Tender Tender card £300\.00 No rule/ })).toBeVisible();
    expect(screen.getByLabelText('Posting summary')).toHaveTextContent(/Lines without a rule1/);
    expect(screen.getByText('1 line has no rule: add a rule that matches it before uploading.')).toBeVisible();
    expect(screen.getByText('Debits equal credits: the posting balances.')).toBeVisible();
    const previews = record.filter((c) => c.path === 'sap-inflow/preview').map((c) => Object.fromEntries(c.query));
    expect(previews[0]).toEqual({ restaurant: RESTAURANT, business_date: DATE });
  });
});
