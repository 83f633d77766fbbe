import { Blob as NodeBlob } from 'node:buffer';
import { describeReward, type Offer, type QuoteView } from '@cd/core';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';
import type { OfferCode } from '../api';
import { anOffer, aQuote, ITEMS, OFFERS } from './fixtures';

export * from './fixtures';

type Options = { offers?: Offer[]; codes?: OfferCode[]; quote?: QuoteView };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// jsdom's Blob (what the stub recognises as a file) has no stream(), which the Response of Node reads.
const xlsx = () =>
  Object.assign(new Blob(['PK'], { type: XLSX }), { stream: () => new NodeBlob(['PK'], { type: XLSX }).stream() });

const conflict = (): MockReply => ({
  status: 409,
  body: {
    result: 'failure',
    message: 'Changed by other.admin since you opened it.',
    extras: { code: 'versionConflict' },
  },
});

/** The offers, codes, results, try, item-picker and groups endpoints as the server answers them, with state. */
export function offersApi(options: Options = {}) {
  let offers = options.offers ?? OFFERS;
  let codes: OfferCode[] = options.codes ?? [
    { code: 'LOY2345', customer_ref: 'C-1001', uses: 1, created_at: '2026-03-01T10:00:00.000Z' },
    { code: 'LOY6789', customer_ref: '', uses: 0, created_at: '2026-03-01T10:00:00.000Z' },
  ];
  const record: MockCall[] = [];
  const idOf = (path: string) => Number(path.split('/')[1]);

  const listOffers = ({ query }: MockRequest) => {
    let rows = offers;
    for (const key of ['trigger', 'status', 'kind'] as const) {
      const want = query.get(key);
      if (want) rows = rows.filter((o) => o[key] === want);
    }
    const search = (query.get('search') ?? '').toLowerCase();
    if (search) rows = rows.filter((o) => o.name.toLowerCase().includes(search));
    return { body: { offers: rows, total: rows.length, page: 1, page_size: 25 } };
  };

  const saved = (body: Record<string, unknown>, base: Partial<Offer>): Offer => {
    const reward = body.reward as Offer['reward'];
    return anOffer({
      ...base,
      ...(body as Partial<Offer>),
      reward,
      kind: reward.kind,
      summary: describeReward(reward),
    });
  };

  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET offers': listOffers,
    'POST offers': ({ body }) => {
      const offer = saved(body, { id: 20, uses: 0, spent: 0, codes: 0, version: 1 });
      offers = [...offers, offer];
      return { body: { message: 'Offer added', offer } };
    },
    'POST offers/try': ({ body }) => {
      const cart = body.cart as { lines: unknown[] };
      return { body: { quote: options.quote ?? aQuote({ lines: aQuote().lines.slice(0, cart.lines.length) }) } };
    },
    'GET marketing/items': ({ query }) => {
      const search = (query.get('search') ?? '').toLowerCase();
      return { body: { items: ITEMS.filter((i) => i.name.toLowerCase().includes(search)) } };
    },
    'GET groups': () => ({
      body: {
        groups: [
          { id: 1, name: 'Regulars', description: '', kind: 'rule', rule: null, member_count: 120, refreshed_at: null },
          { id: 2, name: 'Staff', description: '', kind: 'static', rule: null, member_count: 40, refreshed_at: null },
        ],
        total: 2,
      },
    }),
  };
  for (const o of offers) {
    routes[`PUT offers/${o.id}`] = ({ body, path }) => {
      const current = offers.find((x) => x.id === idOf(path))!;
      if (body.version !== current.version) return conflict();
      const offer = saved(body, { ...current, version: current.version + 1 });
      offers = offers.map((x) => (x.id === offer.id ? offer : x));
      return { body: { message: 'Offer saved', offer } };
    };
    routes[`GET offers/${o.id}/codes`] = ({ query }) => {
      const used = query.get('used');
      const rows = codes.filter((c) => !used || (used === 'true') === c.uses > 0);
      return { body: { codes: rows, total: rows.length, page: 1, page_size: 25 } };
    };
    routes[`POST offers/${o.id}/codes`] = ({ body }) => {
      const count = Number(body.count);
      const prefix = String(body.prefix ?? '');
      const made = Array.from({ length: count }, (_, i) => ({
        code: `${prefix}NEW${String(i + 1).padStart(3, '0')}`,
        customer_ref: '',
        uses: 0,
        created_at: '2026-03-06T10:00:00.000Z',
      }));
      codes = [...made, ...codes];
      offers = offers.map((x) => (x.id === o.id ? { ...x, codes: x.codes + count } : x));
      return { body: { message: `${count} codes generated`, generated: count, codes: codes.length } };
    };
    routes[`GET offers/${o.id}/codes/export`] = () => ({
      body: xlsx(),
      headers: {
        'Content-Type': XLSX,
        'Content-Disposition': `attachment; filename="offer-${o.id}-codes.xlsx"`,
      },
    });
    routes[`GET offers/${o.id}/results`] = () => ({
      body: {
        offer_id: o.id,
        uses: 12,
        customers: 9,
        discount: 340.5,
        revenue: 4820,
        budget_left: 4659.5,
        by_day: [
          { date: '2026-03-04', uses: 5, discount: 140 },
          { date: '2026-03-05', uses: 7, discount: 200.5 },
        ],
      },
    });
  }
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record, offers: () => offers };
}

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);
