import { describeReward, offerConditionsSchema, type MarketingItem, type Offer, type QuoteView } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

export const SPICE_ROUTE = 'fc-blr-atrium:spice-route';
const AT = '2026-03-05T09:07:00.000Z';

export function anOffer(overrides: Partial<Offer> = {}): Offer {
  const reward = overrides.reward ?? { kind: 'percent' as const, percent: 10, applies_to: 'order' as const };
  return {
    id: 1,
    name: 'Happy hour',
    description: '',
    trigger: 'auto',
    status: 'active',
    priority: 10,
    stacking: 'exclusive',
    code_mode: 'shared',
    shared_code: '',
    conditions: offerConditionsSchema.parse({}),
    reward,
    limits: {},
    kind: reward.kind,
    summary: describeReward(reward),
    uses: 12,
    spent: 340.5,
    codes: 0,
    version: 2,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

/** Two discounts (trigger auto) and two promotions (trigger code: one shared code, one with unique codes). */
export const OFFERS: Offer[] = [
  anOffer(),
  anOffer({
    id: 2,
    name: 'Lunch combo',
    status: 'draft',
    stacking: 'stackable',
    priority: 5,
    reward: {
      kind: 'meal_deal',
      components: [
        { items: ['f-biryani'], quantity: 1 },
        { items: ['f-lassi'], quantity: 1 },
      ],
      price: 199,
    },
    kind: 'meal_deal',
    summary: '2 parts for 199',
    uses: 0,
    spent: 0,
  }),
  anOffer({
    id: 3,
    name: 'Welcome ten',
    trigger: 'code',
    shared_code: 'WELCOME10',
    stacking: 'stackable',
    limits: { uses_total: 100, budget: 5000 },
    uses: 12,
    spent: 120,
  }),
  anOffer({
    id: 4,
    name: 'Loyalty codes',
    trigger: 'code',
    code_mode: 'unique',
    stacking: 'stackable',
    reward: { kind: 'amount', amount: 50, applies_to: 'order' },
    kind: 'amount',
    summary: '50 off the order',
    uses: 3,
    spent: 150,
    codes: 40,
  }),
];

export const ITEMS: MarketingItem[] = [
  { foodid: 'f-biryani', name: 'Chicken biryani', price: 250, categories: ['Mains'] },
  { foodid: 'f-lassi', name: 'Mango lassi', price: 90, categories: ['Drinks'] },
  { foodid: 'f-samosa', name: 'Samosa', price: 40, categories: ['Snacks'] },
];

export function aQuote(overrides: Partial<QuoteView> = {}): QuoteView {
  return {
    subtotal: 500,
    discount: 50,
    delivery_fee: 0,
    delivery_discount: 0,
    total: 450,
    currency: 'INR',
    lines: [{ line_no: 1, foodid: 'f-biryani', amount: 500, discount: 50, total: 450 }],
    applied: [
      {
        offer_id: 1,
        name: 'Happy hour',
        kind: 'percent',
        amount: 50,
        code: null,
        lines: [{ line_no: 1, amount: 50 }],
        delivery: 0,
      },
    ],
    not_applied: [
      {
        offer_id: 3,
        name: 'Welcome ten',
        reason: 'exclusive_taken',
        message: 'Does not stack: "Happy hour" applies alone',
      },
    ],
    codes: [{ code: 'WELCOME10', status: 'ok', offer_id: 3 }],
    suggest: [],
    upsells: [
      { rule_id: 7, rule: 'Drinks with mains', foodid: 'f-lassi', name: 'Mango lassi', price: 90, placement: 'cart' },
    ],
    ...overrides,
  };
}
