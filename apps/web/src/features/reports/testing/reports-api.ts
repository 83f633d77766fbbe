import type {
  BackgroundJob,
  DashboardAnswer,
  ReportDefinitionsAnswer,
  ReportRunAnswer,
  ReportsAnswer,
  ReportSubscription,
} from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { vi } from 'vitest';
import { mockApiRoutes, type MockCall, type MockHandler, type MockReply } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

/**
 * What GET /reports answers: two sales reports, one general, one item-wise (the server has filtered them), each
 * keyed by its client (`client:key`).
 */
export function visibleReports(overrides: Partial<Omit<ReportsAnswer, 'result'>> = {}): Omit<ReportsAnswer, 'result'> {
  return {
    reports: [
      {
        client: 'demo',
        group: 'standardSalesReport',
        key: 'demo:daily_sales',
        label: 'Daily sales',
        kind: 'sales_by_day',
      },
      {
        client: 'demo',
        group: 'standardSalesReport',
        key: 'demo:restaurant_sales',
        label: 'Sales per restaurant',
        kind: 'sales_by_restaurant',
      },
      { client: 'demo', group: 'generalReport', key: 'demo:general_tender', label: 'Tenders', kind: 'sales_by_tender' },
      { client: 'demo', group: 'standardItemWiseReport', key: 'demo:items', label: 'Items sold', kind: 'item_wise' },
    ],
    production_planning: true,
    tax_log: true,
    can_edit: false,
    ...overrides,
  };
}

/** A sales-by-day answer in pounds: two days, one totals row; with a comparison, the first day and the total compared. */
export function runAnswer(body: Record<string, unknown>): Omit<ReportRunAnswer, 'result'> {
  const comparing = body.compare !== undefined && body.compare !== 'none';
  return {
    report: { key: String(body.report), label: 'Daily sales', kind: 'sales_by_day' },
    period: { from: String(body.from), to: String(body.to) },
    comparison: comparing ? { from: '2026-02-22', to: '2026-02-28' } : null,
    columns: [
      { key: 'business_date', label: 'Day', type: 'date', compared: false },
      { key: 'net', label: 'Net sales', type: 'money', compared: true },
      { key: 'orders', label: 'Orders', type: 'count', compared: true },
      { key: 'discount_share', label: 'Discount share', type: 'percent', compared: false },
    ],
    rows: [
      { business_date: '2026-03-01', currency: 'GBP', net: 100, orders: 10, discount_share: 2.5 },
      { business_date: '2026-03-02', currency: 'GBP', net: 150.5, orders: 12, discount_share: 0 },
    ],
    compare_rows: comparing ? [{ business_date: '2026-02-22', currency: 'GBP', net: 80, orders: 10 }, null] : null,
    totals: [{ business_date: null, currency: 'GBP', net: 250.5, orders: 22, discount_share: 1 }],
    compare_totals: comparing
      ? [{ business_date: null, currency: 'GBP', net: 200, orders: 20, discount_share: 1 }]
      : null,
    chart: { type: 'bar', x: 'business_date', series: ['net'] },
    truncated: false,
  };
}

export function exportJob(): BackgroundJob {
  return {
    id: 'job-1',
    userid: 'demo.admin',
    type: 'download',
    status: 'in_progress',
    filename: 'daily_sales.xlsx',
    filepath: '',
    error_file: '',
    start_ts: '2026-03-08T09:00:00Z',
    end_ts: null,
    title: 'Daily sales',
    restId: '',
    actionId: '',
    actionType: 'report_export',
    mainTitle: 'Report export',
    showTimestamp: true,
    progress: { done: 0, total: 0 },
    message: '',
  };
}

export function definitions(): Omit<ReportDefinitionsAnswer, 'result'> {
  return {
    clients: [
      {
        client: 'demo',
        name: 'Demo Foods',
        version: 3,
        reportListJSON: {
          generalReport: { general_tender: { label: 'Tenders', kind: 'sales_by_tender' } },
          standardSalesReport: { daily_sales: { label: 'Daily sales', kind: 'sales_by_day' } },
          standardItemWiseReport: {},
        },
      },
    ],
  };
}

export function subscription(): ReportSubscription {
  return {
    id: 5,
    report: 'demo:daily_sales',
    label: 'Daily sales',
    period: 'yesterday',
    frequency: 'weekly',
    weekday: 1,
    hour: 6,
    format: 'xlsx',
    email: 'admin@demo.controldesk.test',
    filters: { restaurants: [] },
    next_run_at: '2026-03-09T06:00:00Z',
    last_run_at: null,
    last_error: null,
  };
}

export function dashboard(orders: number): Omit<DashboardAnswer, 'result'> {
  return {
    date: '2026-03-08',
    compare_date: '2026-03-01',
    currency: 'GBP',
    currencies: ['GBP'],
    today: { orders, net: orders * 10, items: orders * 2, average: 10 },
    last_week: { orders: 4, net: 40, items: 8, average: 10 },
    hours: [{ hour: 12, net: orders * 10, orders, last_week_net: 40, last_week_orders: 4 }],
    restaurants: [
      { restaurant: 'fc-ldn-river:noodle-house', name: 'Noodle House', net: orders * 10, orders, last_week_net: 40 },
    ],
    top_items: [{ foodid: 'ramen', name: 'Tonkotsu Ramen', quantity: orders * 2, net: orders * 10 }],
  };
}

/** The reports endpoints as the server answers them; `overrides` replaces single routes. */
export function reportsApi(
  options: { visible?: Omit<ReportsAnswer, 'result'>; overrides?: Record<string, MockHandler> } = {},
) {
  const record: MockCall[] = [];
  let subscriptions = [subscription()];
  let orders = 4;
  const ok = (body: unknown): MockReply => ({ body });
  const fetchMock = mockApiRoutes(
    {
      'GET reports': () => ok(options.visible ?? visibleReports()),
      'POST reports/run': ({ body }) => ok(runAnswer(body)),
      'POST reports/export': () => ({
        status: 202,
        body: { message: 'Export started: see the tasks panel', job: exportJob() },
      }),
      'GET reports/definitions': () => ok(definitions()),
      'GET reports/subscriptions': () => ok({ subscriptions }),
      'POST reports/subscriptions': () => ok({ message: 'Scheduled', subscription: subscription() }),
      'DELETE reports/subscriptions/5': () => {
        subscriptions = [];
        return ok({ message: 'Schedule deleted' });
      },
      'GET reports/dashboard': () => ok(dashboard(orders)),
      'GET backgroundjobs': () => ok({ data: [] }),
      ...options.overrides,
    },
    { record },
  );
  return {
    fetchMock,
    record,
    /** One more order today: the next dashboard read counts it. */
    addOrder: () => {
      orders += 1;
    },
  };
}

export const callsTo = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path);

/**
 * A phone: the small breakpoint's max-width query matches (and the system is not dark) until
 * `vi.unstubAllGlobals()`.
 */
export function onAPhone() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
    })),
  );
}
