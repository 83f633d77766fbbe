import type { MarketingItem, QuoteView, UpsellRule } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

const AT = '2026-03-05T09:07:00.000Z';

export function aRule(overrides: Partial<UpsellRule> = {}): UpsellRule {
  return {
    id: 1,
    name: 'Drinks with mains',
    active: true,
    foodcourts: [],
    restaurants: [],
    trigger_items: ['f-biryani'],
    sessions: ['Lunch', 'Dinner'],
    channels: ['app', 'kiosk'],
    suggestions: ['f-lassi', 'f-chai'],
    placement: 'cart',
    max_shown: 2,
    priority: 20,
    version: 3,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export const RULES = [
  aRule(),
  aRule({
    id: 2,
    name: 'Dessert at checkout',
    active: false,
    trigger_items: [],
    sessions: [],
    channels: [],
    suggestions: ['f-kulfi'],
    placement: 'checkout',
    max_shown: 1,
    priority: 5,
  }),
];

/** Ten items, enough to try a ninth suggestion. */
export const ITEMS: MarketingItem[] = [
  ['f-biryani', 'Chicken biryani', 250],
  ['f-lassi', 'Mango lassi', 90],
  ['f-chai', 'Masala chai', 30],
  ['f-kulfi', 'Kulfi', 60],
  ['f-samosa', 'Samosa', 40],
  ['f-vada', 'Medu vada', 45],
  ['f-idli', 'Idli', 35],
  ['f-dosa', 'Plain dosa', 70],
  ['f-raita', 'Raita', 25],
  ['f-papad', 'Papad', 15],
].map(([foodid, name, price]) => ({
  foodid: String(foodid),
  name: String(name),
  price: Number(price),
  categories: [],
}));

const QUOTE: QuoteView = {
  subtotal: 250,
  discount: 0,
  delivery_fee: 0,
  delivery_discount: 0,
  total: 250,
  currency: 'INR',
  lines: [{ line_no: 1, foodid: 'f-biryani', amount: 250, discount: 0, total: 250 }],
  applied: [],
  not_applied: [],
  codes: [],
  suggest: [],
  upsells: [
    { rule_id: 1, rule: 'Drinks with mains', foodid: 'f-lassi', name: 'Mango lassi', price: 90, placement: 'cart' },
    { rule_id: 1, rule: 'Drinks with mains', foodid: 'f-chai', name: 'Masala chai', price: 30, placement: 'cart' },
  ],
};

/** The upsell rules, take-up, item-picker and try endpoints as the server answers them, with state. */
export function upsellingApi(initial: UpsellRule[] = RULES) {
  let rules = initial;
  const record: MockCall[] = [];
  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET upsell_rules': ({ query }) => {
      const active = query.get('active');
      const rows = rules.filter((r) => !active || String(r.active) === active);
      return { body: { rules: rows, total: rows.length, page: 1, page_size: 25 } };
    },
    'POST upsell_rules': ({ body }) => {
      const rule = aRule({ ...(body as Partial<UpsellRule>), id: 9, version: 1 });
      rules = [...rules, rule];
      return { body: { message: 'Rule added', rule } };
    },
    'GET marketing/items': ({ query }) => {
      const search = (query.get('search') ?? '').toLowerCase();
      return { body: { items: ITEMS.filter((i) => i.name.toLowerCase().includes(search)) } };
    },
    'POST offers/try': () => ({ body: { quote: QUOTE } }),
  };
  for (const r of rules) {
    routes[`GET upsell_rules/${r.id}/results`] = ({ query }) => {
      const days = Number(query.get('days'));
      return {
        body: {
          rule_id: r.id,
          days,
          trigger_orders: days === 7 ? 40 : 200,
          take_up_orders: days === 7 ? 6 : 50,
          take_up_rate: days === 7 ? 0.15 : 0.25,
          by_item: [
            { foodid: 'f-lassi', orders: 38, quantity: 45 },
            { foodid: 'f-chai', orders: 12, quantity: 12 },
          ],
        },
      };
    };
  }
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record };
}

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);
