import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, callsTo, definitions, reportsApi, visibleReports } from '../testing/reports-api';
import { ReportsHubPage } from './reports-hub-page';

const renderPage = (route = '/reports') =>
  renderScreen(<ReportsHubPage />, { path: '/reports', route, signedInAs: ADMIN });

describe('The reports hub', { timeout: 60_000 }, () => {
  it('links each visible report to its page, runs the tax log here and lists the scheduled reports', async () => {
    const { record } = reportsApi();
    const user = setupUser();
    renderPage('/reports?tax_from=2026-03-01&tax_to=2026-03-02');
    const yours = await screen.findByRole('region', { name: 'Your reports' });
    expect(within(yours).getByRole('link', { name: 'Sales per restaurant' })).toHaveAttribute(
      'href',
      '/standardSalesReports?report=demo%3Arestaurant_sales',
    );
    expect(within(yours).getByRole('link', { name: 'Items sold' })).toHaveAttribute(
      'href',
      '/standard-item-wise-report?report=demo%3Aitems',
    );
    expect(within(yours).getByRole('link', { name: 'Production planning' })).toHaveAttribute(
      'href',
      '/production_planning',
    );
    // The tax log runs on this page with its own address keys.
    await waitFor(() => expect(callsTo(record, 'POST', 'reports/run')).toHaveLength(1));
    expect(callsTo(record, 'POST', 'reports/run')[0]!.body).toMatchObject({
      report: 'tax_log',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    // Not an admin's lists: no editor.
    expect(screen.queryByRole('region', { name: 'Report lists' })).not.toBeInTheDocument();

    const schedules = screen.getByRole('region', { name: 'My scheduled reports' });
    const row = await within(schedules).findByRole('row', { name: /Daily sales Yesterday Mondays at 06:00 UTC/ });
    await user.click(within(row).getByRole('button', { name: 'Delete the schedule of Daily sales' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await within(schedules).findByText(/You have no scheduled reports/)).toBeVisible();
    expect(callsTo(record, 'DELETE', 'reports/subscriptions/5')).toHaveLength(1);
  });

  it('says so when the user sees no reports, and shows no tax log without its permission', async () => {
    reportsApi({ visible: visibleReports({ reports: [], production_planning: false, tax_log: false }) });
    renderPage();
    expect(await screen.findByText(/You have no reports yet/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Tax log' })).not.toBeInTheDocument();
  });

  it("edits a client's report lists with the version it read, and says so when someone saved first", async () => {
    let version = definitions().clients[0]!.version;
    const { record } = reportsApi({
      visible: visibleReports({ can_edit: true }),
      overrides: {
        'PUT reports/definitions/demo': ({ body }) =>
          body.version === version
            ? { body: { message: 'Report lists saved' } }
            : {
                status: 409,
                body: {
                  result: 'failure',
                  message: 'The report lists of Demo Foods were changed by other.admin since you opened them.',
                  extras: { code: 'versionConflict' },
                },
              },
      },
    });
    const user = setupUser();
    const { router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit report lists of Demo Foods' }));
    await waitFor(() => expect(router.state.location.search).toBe('?lists=demo'));
    const dialog = await screen.findByRole('dialog', { name: 'Report lists of Demo Foods' });
    const sales = within(dialog).getByRole('region', { name: 'Standard sales reports' });
    expect(
      within(sales)
        .getAllByRole('textbox', { name: 'Key' })
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['daily_sales']);

    // Add a report; a bad key and an empty label are refused before anything is sent.
    await user.click(within(sales).getByRole('button', { name: 'Add a report to Standard sales reports' }));
    const keys = within(sales).getAllByRole('textbox', { name: 'Key' });
    await fill(user, keys[1]!, 'tax by day');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(sales).findByText(/letters, digits, _ \. or -/)).toBeVisible();
    expect(within(sales).getByText('Give the report a label')).toBeVisible();
    expect(callsTo(record, 'PUT', 'reports/definitions/demo')).toHaveLength(0);

    await fill(user, keys[1]!, 'tax_by_day');
    await fill(user, within(sales).getAllByRole('textbox', { name: 'Label' })[1]!, 'Tax by day');
    await user.click(within(sales).getAllByRole('combobox', { name: 'Kind' })[1]!);
    await user.click(await screen.findByRole('option', { name: 'Tax by day and restaurant' }));
    // Renaming the first one, and removing the general report.
    await fill(user, within(sales).getAllByRole('textbox', { name: 'Label' })[0]!, 'Sales by day');
    const general = within(dialog).getByRole('region', { name: 'General reports' });
    await user.click(within(general).getByRole('button', { name: 'Remove report 1 of General reports' }));

    version = 4; // someone else saved meanwhile
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/changed by other\.admin since you opened them/)).toBeVisible();
    expect(callsTo(record, 'PUT', 'reports/definitions/demo')[0]!.body).toMatchObject({
      version: 3,
      reportListJSON: {
        generalReport: {},
        standardSalesReport: {
          daily_sales: { label: 'Sales by day', kind: 'sales_by_day' },
          tax_by_day: { label: 'Tax by day', kind: 'tax_summary' },
        },
        standardItemWiseReport: {},
      },
    });
    // The user's edits stay on screen until they reload.
    expect(within(sales).getAllByRole('textbox', { name: 'Key' })).toHaveLength(2);
  });
});
