import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { setupUser } from '../../../test/user-events';
import { ADMIN, callsTo, onAPhone, reportsApi, runAnswer, visibleReports } from '../testing/reports-api';
import { StandardSalesReportsPage } from './report-group-page';

const renderPage = (route = '/standardSalesReports') =>
  renderScreen(<StandardSalesReportsPage />, { path: '/standardSalesReports', route, signedInAs: ADMIN });
const reportTable = () => screen.findByRole('table', { name: 'Daily sales' });

describe('A report group page', { timeout: 60_000 }, () => {
  it("offers only the group's visible reports and runs the first one for the last 7 days ending yesterday", async () => {
    const { record } = reportsApi();
    const user = setupUser();
    const { router } = renderPage();
    await reportTable();
    const today = dayjs();
    expect(callsTo(record, 'POST', 'reports/run')[0]!.body).toMatchObject({
      report: 'demo:daily_sales',
      from: today.subtract(7, 'day').format('YYYY-MM-DD'),
      to: today.subtract(1, 'day').format('YYYY-MM-DD'),
      restaurants: [],
      compare: 'none',
    });

    await user.click(screen.getByRole('combobox', { name: 'Report' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Daily sales', 'Sales per restaurant']);
    await user.click(screen.getByRole('option', { name: 'Sales per restaurant' }));
    await waitFor(() => expect(router.state.location.search).toBe('?report=demo%3Arestaurant_sales'));
    await waitFor(() =>
      expect(callsTo(record, 'POST', 'reports/run').at(-1)!.body).toMatchObject({ report: 'demo:restaurant_sales' }),
    );
  });

  it('takes the report, filters and comparison from the address and shows rows, totals, compared values and change', async () => {
    const { record } = reportsApi();
    const route =
      '/standardSalesReports?report=restaurant_sales&from=2026-03-01&to=2026-03-07&foodcourt=fc-ldn-river' +
      '&restaurant=fc-ldn-river:noodle-house&session=Lunch&channel=kiosk&order_type=takeaway&compare=previous_period';
    renderPage(route);
    const table = await reportTable();
    // An address from before reports were keyed by client (a bare key) still names the one report under it.
    expect(callsTo(record, 'POST', 'reports/run')[0]!.body).toMatchObject({
      report: 'demo:restaurant_sales',
      from: '2026-03-01',
      to: '2026-03-07',
      foodcourt: 'fc-ldn-river',
      restaurants: ['fc-ldn-river:noodle-house'],
      session: 'Lunch',
      channel: 'kiosk',
      order_type: 'takeaway',
      compare: 'previous_period',
    });
    expect(screen.getByRole('combobox', { name: 'Report' })).toHaveTextContent('Sales per restaurant');
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveTextContent('Kiosk');
    expect(screen.getByRole('combobox', { name: 'Compare with' })).toHaveTextContent('Previous period');

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Day',
      'Net sales',
      'Net sales (compared)',
      'Net sales change',
      'Orders',
      'Orders (compared)',
      'Orders change',
      'Discount share',
    ]);
    expect(
      within(table).getByRole('row', { name: /01-03-2026 £100\.00 £80\.00 \+25\.0% 10 10 0\.0% 2\.5%/ }),
    ).toBeVisible();
    // A row without a counterpart in the compared period.
    expect(within(table).getByRole('row', { name: /02-03-2026 £150\.50 — — 12 — — 0\.0%/ })).toBeVisible();
    expect(
      within(table).getByRole('row', { name: /Total £250\.50 £200\.00 \+25\.3% 22 20 \+10\.0% 1\.0%/ }),
    ).toBeVisible();
    expect(screen.getByText(/Compared with 22-02-2026 to 28-02-2026/)).toBeVisible();
  });

  it('exports the report as run, in the format chosen, as a background task', async () => {
    const { record } = reportsApi();
    const user = setupUser();
    renderPage('/standardSalesReports?from=2026-03-01&to=2026-03-07&channel=pos');
    await reportTable();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    expect(await screen.findByText('Export started: see the tasks panel')).toBeVisible();
    const [exported] = callsTo(record, 'POST', 'reports/export');
    expect(exported!.body).toMatchObject({
      report: 'demo:daily_sales',
      from: '2026-03-01',
      to: '2026-03-07',
      channel: 'pos',
      restaurants: [],
      compare: 'none',
      format: 'xlsx',
    });
  });

  it('schedules the report by e-mail with the filters of the page', async () => {
    const { record } = reportsApi();
    const user = setupUser();
    const { router } = renderPage('/standardSalesReports?channel=app');
    await reportTable();
    await user.click(screen.getByRole('button', { name: 'Schedule by e-mail' }));
    await waitFor(() => expect(router.state.location.search).toBe('?channel=app&dialog=schedule'));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Daily sales by e-mail' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Send' }));
    await user.click(await screen.findByRole('option', { name: 'Daily' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Day of the week' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeVisible();
    await user.clear(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(record, 'POST', 'reports/subscriptions')[0]!.body).toMatchObject({
      report: 'demo:daily_sales',
      period: 'last_7_days',
      frequency: 'daily',
      hour: 6,
      format: 'xlsx',
      channel: 'app',
      restaurants: [],
    });
    expect(callsTo(record, 'POST', 'reports/subscriptions')[0]!.body).not.toHaveProperty('email');
  });

  it("offers the same report of two clients as two, each run by its id in its client's currency (issue 33)", async () => {
    const daily = (client: string, name: string) => ({
      client,
      group: 'standardSalesReport' as const,
      key: `${client}:daily_sales`,
      label: `Daily sales · ${name}`,
      kind: 'sales_by_day' as const,
    });
    const reports = [daily('acme', 'Acme Foods'), daily('globex', 'Globex')];
    const { record } = reportsApi({
      visible: visibleReports({ reports }),
      overrides: {
        'POST reports/run': ({ body }) => {
          const acme = body.report === 'acme:daily_sales';
          const answer = runAnswer(body);
          const inr = <T extends Record<string, unknown>>(row: T) => ({ ...row, currency: acme ? 'INR' : 'GBP' });
          return {
            body: {
              ...answer,
              report: { ...answer.report, label: acme ? 'Daily sales · Acme Foods' : 'Daily sales · Globex' },
              rows: answer.rows.map(inr),
              totals: answer.totals.map(inr),
            },
          };
        },
      },
    });
    const user = setupUser();
    const { router } = renderPage();
    const acme = await screen.findByRole('table', { name: 'Daily sales · Acme Foods' });
    expect(callsTo(record, 'POST', 'reports/run')[0]!.body).toMatchObject({ report: 'acme:daily_sales' });
    expect(within(acme).getByRole('row', { name: /Total ₹250\.50/ })).toBeVisible();
    expect(within(acme).queryByText(/£/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Report' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Daily sales · Acme Foods', 'Daily sales · Globex']);
    await user.click(screen.getByRole('option', { name: 'Daily sales · Globex' }));
    await waitFor(() => expect(router.state.location.search).toBe('?report=globex%3Adaily_sales'));
    const globex = await screen.findByRole('table', { name: 'Daily sales · Globex' });
    expect(callsTo(record, 'POST', 'reports/run').at(-1)!.body).toMatchObject({ report: 'globex:daily_sales' });
    expect(within(globex).getByRole('row', { name: /Total £250\.50/ })).toBeVisible();
    expect(within(globex).queryByText(/₹/)).not.toBeInTheDocument();
  });

  it("sends an older address's bare key listed by two clients as it is, and shows the server's answer", async () => {
    const daily = (client: string) => ({
      client,
      group: 'standardSalesReport' as const,
      key: `${client}:daily_sales`,
      label: `Daily sales · ${client}`,
      kind: 'sales_by_day' as const,
    });
    const { record } = reportsApi({
      visible: visibleReports({ reports: [daily('acme'), daily('globex')] }),
      overrides: {
        'POST reports/run': () => ({
          status: 400,
          body: {
            result: 'failure',
            message: 'The report daily_sales is listed by more than one client: choose one of acme:daily_sales',
            extras: { code: 'reportAmbiguous', field: 'report' },
          },
        }),
      },
    });
    renderPage('/standardSalesReports?report=daily_sales');
    expect(await screen.findByText(/listed by more than one client/)).toBeVisible();
    expect(callsTo(record, 'POST', 'reports/run')[0]!.body).toMatchObject({ report: 'daily_sales' });
    expect(screen.queryByText(/not one you can run/)).not.toBeInTheDocument();
  });

  it('says plainly when the user sees no report of the group', async () => {
    reportsApi({ visible: visibleReports({ reports: [] }) });
    renderPage();
    expect(await screen.findByText(/You have no reports here yet/)).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('shows the failure of a run and runs it again on Try again', async () => {
    let fail = true;
    reportsApi({
      overrides: {
        'POST reports/run': ({ body }) =>
          fail
            ? { status: 503, body: { result: 'failure', message: 'Reports are busy', extras: {} } }
            : { body: runAnswer(body) },
      },
    });
    const user = setupUser();
    renderPage();
    expect(await screen.findByText('Reports are busy')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await reportTable();
    expect(screen.queryByText('Reports are busy')).not.toBeInTheDocument();
  });

  it('shows each row and each total as a card on a phone: its date, net sales large, the rest as labelled values', async () => {
    onAPhone();
    try {
      reportsApi();
      renderPage('/standardSalesReports?from=2026-03-01&to=2026-03-07&compare=previous_period');
      const cards = await screen.findByRole('list', { name: 'Daily sales' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const [first, second, total] = within(cards).getAllByRole('listitem');
      expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
      const figures = (card: HTMLElement) =>
        within(card)
          .getAllByRole('term')
          .map((term) => `${term.textContent?.trim()}: ${term.nextElementSibling?.textContent}`);
      expect(first).toHaveTextContent(/^01-03-2026/);
      expect(figures(first!)).toEqual([
        'Net sales: £100.00',
        'Net sales (compared): £80.00',
        'Net sales change: +25.0%',
        'Orders: 10',
        'Orders (compared): 10',
        'Orders change: 0.0%',
        'Discount share: 2.5%',
      ]);
      expect(second).toHaveTextContent(/^02-03-2026/);
      expect(figures(second!)).toContain('Net sales (compared): —');
      expect(total).toHaveTextContent(/^Total/);
      expect(figures(total!)).toEqual([
        'Net sales: £250.50',
        'Net sales (compared): £200.00',
        'Net sales change: +25.3%',
        'Orders: 22',
        'Orders (compared): 20',
        'Orders change: +10.0%',
        'Discount share: 1.0%',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
