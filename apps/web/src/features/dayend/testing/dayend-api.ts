import { countDifferences, type DayEnd, type SapLog, type SapPreviewAnswer, type SapRuleView } from '@cd/core';
import { job } from '../../../test/jobs';
import { mockApiRoutes, type MockCall, type MockReply } from '../../../test/mock-api-routes';
import { aLog, aPreview, aRule, DATE, openDay, RESTAURANT } from './fixtures';

export * from './fixtures';

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
