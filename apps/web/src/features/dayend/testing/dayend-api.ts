import { countDifferences, type DayEnd, type SapLog, type SapPreviewAnswer, type SapRuleView } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { job } from '../../../test/jobs';
import { mockApiRoutes, type MockCall, type MockReply } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

export const RESTAURANT = 'fc-ldn-river:noodle-house';
export const DATE = '2026-03-02';

/** Noodle House's 2 March, open, with one open and one unpaid order; cash 120.50 and card 300 taken. */
export function openDay(overrides: Partial<DayEnd> = {}): DayEnd {
  return {
    restaurant: RESTAURANT,
    restaurant_name: 'Noodle House',
    business_date: DATE,
    state: 'open',
    version: 0,
    blockers: [
      {
        order_id: 41,
        order_number: 'RVK-0041',
        status: 'preparing',
        total: 12.5,
        paid: 12.5,
        placed_at: '2026-03-02T19:40:00Z',
        problem: 'open',
      },
      {
        order_id: 42,
        order_number: 'RVK-0042',
        status: 'completed',
        total: 20,
        paid: 15,
        placed_at: '2026-03-02T20:05:00Z',
        problem: 'unpaid',
      },
    ],
    totals: {
      currency: 'GBP',
      orders: 38,
      cancelled: 1,
      items: 91,
      gross: 440,
      discount: 12,
      refunds: 7.5,
      net: 420.5,
      tax: 70.08,
      charges: 0,
      total: 420.5,
      tenders: [
        { tender: 'card', payments: 25, amount: 300 },
        { tender: 'cash', payments: 13, amount: 120.5 },
      ],
    },
    count: null,
    note: '',
    closed_at: null,
    closed_by: null,
    reopened_at: null,
    reopened_by: null,
    options: {
      autodayend: false,
      auto_status: 'default',
      auto_cutoff_time: 180,
      carryforward_stock: false,
      nullify_stock: false,
    },
    can_reopen: false,
    ...overrides,
  };
}

export function aRule(overrides: Partial<SapRuleView> = {}): SapRuleView {
  return {
    id: 1,
    priority: 100,
    active: true,
    kind: 'sales',
    client: '',
    foodcourt: '',
    restaurant: '',
    category: '',
    tax_rate: null,
    tender: '',
    channel: '',
    gl_account: '400000',
    cost_center: 'CC100',
    profit_center: '',
    tax_code: 'A1',
    version: 2,
    updated_by: 'demo.admin',
    updated_at: '2026-03-01T09:00:00Z',
    ...overrides,
  };
}

/** A preview of 2 March: sales matched by rule 1, the card tender unmatched; balanced. */
export function aPreview(overrides: Partial<Omit<SapPreviewAnswer, 'result'>> = {}): Omit<SapPreviewAnswer, 'result'> {
  const line = {
    category: '',
    tax_rate: null,
    tender: '',
    channel: '',
    cost_center: '',
    profit_center: '',
    tax_code: '',
  };
  return {
    restaurant: RESTAURANT,
    business_date: DATE,
    currency: 'GBP',
    state: 'closed',
    lines: [
      {
        ...line,
        kind: 'sales',
        text: 'Sales · Mains',
        side: 'credit',
        amount: 420.5,
        rule_id: 1,
        gl_account: '400000',
      },
      {
        ...line,
        kind: 'tender',
        text: 'Tender cash',
        side: 'debit',
        amount: 120.5,
        tender: 'cash',
        rule_id: 3,
        gl_account: '100100',
      },
      {
        ...line,
        kind: 'tender',
        text: 'Tender card',
        side: 'debit',
        amount: 300,
        tender: 'card',
        rule_id: null,
        gl_account: '',
      },
    ],
    unmatched: 1,
    debit: 420.5,
    credit: 420.5,
    documents: 1,
    ...overrides,
  };
}

export function aLog(overrides: Partial<SapLog> = {}): SapLog {
  return {
    id: 5,
    restaurant: RESTAURANT,
    business_date: DATE,
    kind: 'posting',
    reverses: null,
    status: 'sent',
    attempts: 1,
    documents: 1,
    lines: 12,
    debit: 420.5,
    credit: 420.5,
    currency: 'GBP',
    files: ['SAP_noodle-house_20260302_1.csv', 'SAP_noodle-house_20260302_1.xml'],
    error: null,
    created_by: 'demo.admin',
    created_at: '2026-03-03T08:00:00Z',
    sent_at: '2026-03-03T08:00:05Z',
    ...overrides,
  };
}

type Options = {
  day?: DayEnd;
  rules?: SapRuleView[];
  preview?: Omit<SapPreviewAnswer, 'result'>;
  logs?: SapLog[];
  /** Answers a write before the fake server does (a refusal). */
  reply?: Partial<Record<string, () => MockReply | undefined>>;
};

const failure = (status: number, message: string, extras: Record<string, unknown>): MockReply => ({
  status,
  body: { result: 'failure', message, extras },
});

/** The day-end and SAP endpoints as the server answers them, keeping the day's state between calls. */
export function dayendApi(options: Options = {}) {
  let day = options.day ?? openDay();
  let rules = options.rules ?? [aRule()];
  const logs = options.logs ?? [aLog()];
  const record: MockCall[] = [];
  const early = (key: string) => options.reply?.[key]?.();
  const fetchMock = mockApiRoutes(
    {
      'GET dayend': () => ({ body: { day } }),
      'GET dayend/days': () => ({
        body: {
          days: [
            {
              business_date: DATE,
              state: day.state,
              orders: 38,
              net: 420.5,
              currency: 'GBP',
              closed_at: day.closed_at,
              closed_by: day.closed_by,
            },
            {
              business_date: '2026-03-01',
              state: 'closed',
              orders: 30,
              net: 380,
              currency: 'GBP',
              closed_at: '2026-03-02T02:00:00Z',
              closed_by: 'demo.admin',
            },
          ],
        },
      }),
      'GET dayendlogs': () => ({
        body: {
          logs: [
            {
              id: 1,
              restaurant: RESTAURANT,
              business_date: '2026-03-01',
              action: 'close',
              actor: 'demo.admin',
              at: '2026-03-02T02:00:00Z',
              detail: 'Cash counted as expected',
              totals: null,
            },
          ],
        },
      }),
      'POST dayend/resolve': ({ body }) => {
        const ids = body.order_ids as number[];
        day = { ...day, blockers: day.blockers.filter((b) => !ids.includes(b.order_id)) };
        return { body: { day } };
      },
      'POST dayend/close': ({ body }) => {
        const refused = early('close');
        if (refused) return refused;
        if (day.state === 'closed') return failure(409, 'The day is closed already', { code: 'dayClosed' });
        if (day.blockers.length)
          return failure(409, 'Orders block the day', { code: 'dayHasBlockers', blockers: day.blockers });
        const counted = body.counted as { tender: string; amount: number }[];
        const count = countDifferences(day.totals.tenders, counted);
        if (count.some((c) => c.difference !== 0) && !String(body.note).trim())
          return failure(400, 'Say why the count differs', { code: 'countNote', field: 'note' });
        day = {
          ...day,
          state: 'closed',
          version: day.version + 1,
          count,
          note: String(body.note),
          closed_at: '2026-03-03T01:00:00Z',
          closed_by: 'demo.admin',
        };
        return { body: { day } };
      },
      'POST dayend/reopen': ({ body }) => {
        day = {
          ...day,
          state: 'reopened',
          version: Number(body.version) + 1,
          reopened_at: '2026-03-03T09:00:00Z',
          reopened_by: 'demo.admin',
          can_reopen: false,
        };
        return { body: { day } };
      },
      'GET sap-inflow/rules': () => ({ body: { rules } }),
      'POST sap-inflow/rules': ({ body }) => {
        const rule = aRule({ ...(body as Partial<SapRuleView>), id: 9, version: 1 });
        rules = [...rules, rule];
        return { body: { message: 'Rule added', rule } };
      },
      'PUT sap-inflow/rules/1': ({ body }) => {
        const refused = early('put');
        if (refused) return refused;
        const current = rules.find((r) => r.id === 1)!;
        if (body.version !== current.version)
          return failure(409, 'Rule 1 was changed by other.admin since you opened it.', { code: 'versionConflict' });
        const rule = { ...current, ...(body as Partial<SapRuleView>), version: current.version + 1 };
        rules = rules.map((r) => (r.id === 1 ? rule : r));
        return { body: { message: 'Rule saved', rule } };
      },
      'GET sap-inflow/preview': () => ({ body: options.preview ?? aPreview() }),
      'POST sapupload': () =>
        early('upload') ?? {
          status: 202,
          body: {
            message: 'Building the SAP posting of 02-03-2026',
            job: job({ id: 'job-sap-1', title: 'SAP upload' }),
          },
        },
      'GET vendor/saplogs': () => ({ body: { logs } }),
      'POST vendor/saplogs/6/retry': () => ({
        status: 202,
        body: { message: 'Delivering posting 6 again', job: job({ id: 'job-sap-2', title: 'SAP retry' }) },
      }),
    },
    { record },
  );
  return { fetchMock, record, current: () => day };
}
