import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source';
import { renderScreen } from '../../../test/render';
import { JobEventsProvider } from '../../background-tasks';
import { ADMIN, callsTo, onAPhone, reportsApi } from '../testing/reports-api';
import { SalesDashboardPage } from './sales-dashboard-page';

const PATH = '/vdashboard/index.html';
// Inside the shell's one event stream, as in the app.
const renderPage = (route = PATH) =>
  renderScreen(
    <JobEventsProvider>
      <SalesDashboardPage />
    </JobEventsProvider>,
    { path: PATH, route, signedInAs: ADMIN },
  );
const ordersCard = () => screen.getByRole('listitem', { name: 'Orders' });

describe('The sales dashboard', { timeout: 60_000 }, () => {
  beforeEach(() => installFakeEventSource());

  it('shows today against last week by card, hour, restaurant and item', async () => {
    reportsApi();
    renderPage();
    await waitFor(() => expect(ordersCard()).toHaveTextContent(/Orders4Last week 4 \(0\.0%\)/));
    expect(screen.getByRole('listitem', { name: 'Net sales' })).toHaveTextContent('£40.00');
    const restaurants = screen.getByRole('table', { name: 'By restaurant' });
    expect(within(restaurants).getByRole('row', { name: /Noodle House £40\.00 4 £40\.00 0\.0%/ })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Top items' })).toHaveTextContent('Tonkotsu Ramen');
    expect(screen.getByText(/Today \(08-03-2026\) against the same weekday last week \(01-03-2026\)/)).toBeVisible();
  });

  it('shows each restaurant as a card on a phone: its name, net sales, orders, last week and the change', async () => {
    onAPhone();
    try {
      reportsApi();
      renderPage();
      const restaurants = await screen.findByRole('list', { name: 'By restaurant' });
      expect(screen.queryByRole('table', { name: 'By restaurant' })).not.toBeInTheDocument();
      const card = within(restaurants).getByRole('listitem');
      expect(card).toHaveTextContent(/^Noodle House/);
      expect(
        within(card)
          .getAllByRole('term')
          .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
      ).toEqual(['Net sales: £40.00', 'Orders: 4', 'Net last week: £40.00', 'Change: 0.0%']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads the dashboard again when a sales event arrives, at most once every 2 s', async () => {
    const { record, addOrder } = reportsApi();
    renderPage();
    await waitFor(() => expect(ordersCard()).toHaveTextContent(/^Orders4/));
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/v2/bck/events');
    const reads = () => callsTo(record, 'GET', 'reports/dashboard').length;
    expect(reads()).toBe(1);

    addOrder();
    act(() => stream.emit('sales', { restaurants: ['fc-ldn-river:noodle-house'] }));
    await waitFor(() => expect(ordersCard()).toHaveTextContent(/^Orders5/));
    expect(reads()).toBe(2);

    // A burst right after: one more read, about 2 s after the last one.
    addOrder();
    act(() => {
      stream.emit('sales', { restaurant: 'fc-ldn-river:noodle-house' });
      stream.emit('sales', { restaurants: ['fc-blr-atrium:spice-route', 'fc-ldn-river:noodle-house'] });
      stream.emit('sales', { restaurant: 'fc-ldn-river:noodle-house' });
    });
    expect(reads()).toBe(2);
    await waitFor(() => expect(ordersCard()).toHaveTextContent(/^Orders6/), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads()).toBe(3);
  });

  it("asks for the chosen food court's restaurants and ignores other restaurants' sales", async () => {
    const { record } = reportsApi();
    renderPage(`${PATH}?foodcourt=fc-blr-atrium`);
    await waitFor(() => expect(callsTo(record, 'GET', 'reports/dashboard')).toHaveLength(1));
    expect(callsTo(record, 'GET', 'reports/dashboard')[0]!.query.getAll('restaurants')).toEqual([
      'fc-blr-atrium:spice-route',
      'fc-blr-atrium:dosa-corner',
    ]);
    // Hours in the browser's zone, as the top bar's last sync and the lists' times (issue 35).
    expect(callsTo(record, 'GET', 'reports/dashboard')[0]!.query.get('tz')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    act(() => FakeEventSource.latest().emit('sales', { restaurants: ['fc-ldn-river:noodle-house'] }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(record, 'GET', 'reports/dashboard')).toHaveLength(1);
    act(() =>
      FakeEventSource.latest().emit('sales', {
        restaurants: ['fc-ldn-river:noodle-house', 'fc-blr-atrium:dosa-corner'],
      }),
    );
    await waitFor(() => expect(callsTo(record, 'GET', 'reports/dashboard')).toHaveLength(2));
  });
});
