import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMilli } from '../orders/money.js';
import { cartSchema, offerConditionsSchema, type Cart, type EngineOffer, type OfferReward } from './offer-rules.js';
import { allocate, priceCart, type PricingContext } from './pricing-engine.js';
import { suggestUpsells } from './upsell-rules.js';

const FOODS = ['tikka', 'chai', 'naan', 'lassi', 'biryani', 'samosa'];
const ctx = (over: Partial<PricingContext> = {}): PricingContext => ({
  foodcourt: 'fc-1',
  at: '2026-11-25T12:30',
  groups: [],
  first_order: false,
  codes: new Map(),
  ...over,
});
const cart = (lines: [string, number, number][], over: Partial<Cart> = {}): Cart =>
  cartSchema.parse({
    restaurant: 'fc-1:spice',
    channel: 'app',
    order_type: 'takeaway',
    session: 'Lunch',
    lines: lines.map(([foodid, quantity, unit_price]) => ({ foodid, quantity, unit_price })),
    ...over,
  });
let nextId = 1;
const offer = (reward: OfferReward, over: Partial<EngineOffer> = {}): EngineOffer => ({
  id: nextId++,
  name: `Offer ${reward.kind}`,
  trigger: 'auto',
  status: 'active',
  priority: 0,
  stacking: 'stackable',
  conditions: offerConditionsSchema.parse({}),
  reward,
  limits: {},
  ...over,
});

describe('priceCart: examples a cashier would check', () => {
  it('takes 20% off the order and spreads it over the lines', () => {
    const q = priceCart(
      cart([
        ['tikka', 2, 220],
        ['chai', 1, 40],
      ]),
      [offer({ kind: 'percent', percent: 20, applies_to: 'order' })],
      ctx(),
    );
    expect(q.subtotal).toBe(480);
    expect(q.discount).toBe(96);
    expect(q.total).toBe(384);
    expect(q.applied[0]!.lines).toEqual([
      { line_no: 1, amount: 88 },
      { line_no: 2, amount: 8 },
    ]);
  });

  it('buy 2 get 1 free discounts the cheapest unit, per multiple, up to max_times', () => {
    const b = offer({ kind: 'bxgy', buy: 2, get: 1, get_percent: 100, max_times: 1 });
    const q = priceCart(
      cart([
        ['tikka', 3, 220],
        ['chai', 3, 40],
      ]),
      [b],
      ctx(),
    );
    expect(q.discount).toBe(40);
    const unlimited = offer({ kind: 'bxgy', buy: 2, get: 1, get_percent: 100, max_times: 0 });
    expect(
      priceCart(
        cart([
          ['tikka', 3, 220],
          ['chai', 3, 40],
        ]),
        [unlimited],
        ctx(),
      ).discount,
    ).toBe(80);
  });

  it('a meal deal charges its price for each complete set', () => {
    const deal = offer({
      kind: 'meal_deal',
      components: [
        { items: ['biryani'], quantity: 1 },
        { items: ['lassi', 'chai'], quantity: 1 },
      ],
      price: 250,
    });
    const q = priceCart(
      cart([
        ['biryani', 2, 240],
        ['lassi', 1, 80],
        ['chai', 1, 40],
      ]),
      [deal],
      ctx(),
    );
    // sets: biryani+lassi (320 → 250), biryani+chai (280 → 250)
    expect(q.discount).toBe(100);
  });

  it('a free item not in the cart is suggested with its reason', () => {
    const q = priceCart(
      cart([['tikka', 1, 220]]),
      [offer({ kind: 'free_item', foodid: 'samosa', quantity: 1 })],
      ctx(),
    );
    expect(q.applied).toEqual([]);
    expect(q.not_applied[0]!.reason).toBe('missing_item');
    expect(q.suggest).toEqual(['samosa']);
  });

  it('free delivery takes the fee off and nothing else', () => {
    const q = priceCart(
      cart([['tikka', 1, 220]], { delivery_fee: 30, order_type: 'delivery' }),
      [offer({ kind: 'delivery_fee', percent: 100 })],
      ctx(),
    );
    expect(q.delivery_discount).toBe(30);
    expect(q.total).toBe(220);
  });

  it('an exclusive offer first in line shuts out the next, and says why', () => {
    const first = offer(
      { kind: 'percent', percent: 10, applies_to: 'order' },
      { name: 'Happy hour', stacking: 'exclusive', priority: 5 },
    );
    const second = offer({ kind: 'amount', amount: 50, applies_to: 'order' }, { name: 'Welcome 50' });
    const q = priceCart(cart([['tikka', 2, 220]]), [second, first], ctx());
    expect(q.applied.map((a) => a.name)).toEqual(['Happy hour']);
    expect(q.not_applied).toEqual([
      expect.objectContaining({
        name: 'Welcome 50',
        reason: 'not_combinable',
        message: 'Does not stack: "Happy hour" applies alone',
      }),
    ]);
  });

  it('an exclusive offer after another is skipped', () => {
    const first = offer({ kind: 'amount', amount: 50, applies_to: 'order' }, { name: 'Welcome 50', priority: 9 });
    const second = offer(
      { kind: 'percent', percent: 10, applies_to: 'order' },
      { name: 'Staff', stacking: 'exclusive' },
    );
    const q = priceCart(cart([['tikka', 2, 220]]), [first, second], ctx());
    expect(q.not_applied[0]).toMatchObject({ name: 'Staff', reason: 'exclusive_taken' });
  });

  it('conditions: code, group, time window past midnight, weekday, minimum spend', () => {
    const code = offer({ kind: 'amount', amount: 10, applies_to: 'order' }, { trigger: 'code' });
    expect(priceCart(cart([['tikka', 1, 220]]), [code], ctx()).not_applied[0]!.reason).toBe('needs_code');
    expect(
      priceCart(cart([['tikka', 1, 220]]), [code], ctx({ codes: new Map([[code.id, 'SAVE10']]) })).applied[0]!.code,
    ).toBe('SAVE10');
    const late = offer(
      { kind: 'amount', amount: 10, applies_to: 'order' },
      { conditions: offerConditionsSchema.parse({ time_from: '22:00', time_to: '02:00' }) },
    );
    expect(priceCart(cart([['tikka', 1, 220]]), [late], ctx({ at: '2026-11-25T01:30' })).applied).toHaveLength(1);
    expect(priceCart(cart([['tikka', 1, 220]]), [late], ctx({ at: '2026-11-25T12:30' })).not_applied[0]!.reason).toBe(
      'wrong_time',
    );
    const sunday = offer(
      { kind: 'amount', amount: 10, applies_to: 'order' },
      { conditions: offerConditionsSchema.parse({ days: [0] }) },
    );
    expect(priceCart(cart([['tikka', 1, 220]]), [sunday], ctx({ at: '2026-11-29T12:00' })).applied).toHaveLength(1);
    expect(priceCart(cart([['tikka', 1, 220]]), [sunday], ctx()).not_applied[0]!.reason).toBe('wrong_day');
    const members = offer(
      { kind: 'amount', amount: 10, applies_to: 'order' },
      { conditions: offerConditionsSchema.parse({ groups: [7], min_spend: 200 }) },
    );
    expect(priceCart(cart([['tikka', 1, 220]]), [members], ctx()).not_applied[0]!.reason).toBe('not_in_group');
    expect(priceCart(cart([['chai', 1, 40]]), [members], ctx({ groups: [7] })).not_applied[0]!.reason).toBe(
      'below_min_spend',
    );
  });

  it('limits: uses, per customer and budget; what is left of a budget caps the discount', () => {
    const limited = offer(
      { kind: 'amount', amount: 50, applies_to: 'order' },
      { limits: { uses_total: 3 }, used: { total: 3, by_customer: 0, spent: 0 } },
    );
    expect(priceCart(cart([['tikka', 1, 220]]), [limited], ctx()).not_applied[0]!.reason).toBe('used_up');
    const budget = offer(
      { kind: 'amount', amount: 50, applies_to: 'order' },
      { limits: { budget: 100 }, used: { total: 3, by_customer: 0, spent: 80 } },
    );
    expect(priceCart(cart([['tikka', 1, 220]]), [budget], ctx()).discount).toBe(20);
    const capped = offer({ kind: 'percent', percent: 50, applies_to: 'order' }, { limits: { max_discount: 60 } });
    expect(priceCart(cart([['tikka', 2, 220]]), [capped], ctx()).discount).toBe(60);
  });

  it('rounds an offer down to the currency unit: 0 decimals for yen', () => {
    const q = priceCart(
      cart([['tikka', 1, 333]]),
      [offer({ kind: 'percent', percent: 10, applies_to: 'order' })],
      ctx({ decimals: 0 }),
    );
    expect(q.discount).toBe(33);
  });
});

describe('allocate', () => {
  it('shares add up, none exceeds its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e7 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 3e8 }),
        (weights, total) => {
          const shares = allocate(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(total, sum));
          shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]!));
        },
      ),
    );
  });
});

// ---------- properties over random carts and offer sets ----------

const price = fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100);
const lineArb = fc.record({
  foodid: fc.constantFrom(...FOODS),
  quantity: fc.integer({ min: 1, max: 12 }),
  unit_price: price,
});
const cartArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 30 }),
  delivery_fee: fc.integer({ min: 0, max: 5000 }).map((c) => c / 100),
});
const rewardArb: fc.Arbitrary<OfferReward> = fc.oneof(
  fc.record({
    kind: fc.constant('percent' as const),
    percent: fc.integer({ min: 1, max: 100 }),
    applies_to: fc.constantFrom('order' as const, 'items' as const),
  }),
  fc.record({
    kind: fc.constant('amount' as const),
    amount: fc.integer({ min: 1, max: 200_000 }).map((c) => c / 100),
    applies_to: fc.constantFrom('order' as const, 'items' as const),
  }),
  fc.record({
    kind: fc.constant('bxgy' as const),
    buy: fc.integer({ min: 1, max: 4 }),
    get: fc.integer({ min: 1, max: 3 }),
    get_percent: fc.integer({ min: 1, max: 100 }),
    max_times: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('free_item' as const),
    foodid: fc.constantFrom(...FOODS),
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('meal_deal' as const),
    components: fc.array(
      fc.record({ items: fc.subarray(FOODS, { minLength: 1 }), quantity: fc.integer({ min: 1, max: 2 }) }),
      { minLength: 2, maxLength: 3 },
    ),
    price: fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100),
  }),
  fc.record({ kind: fc.constant('delivery_fee' as const), percent: fc.integer({ min: 1, max: 100 }) }),
);
const offerArb = fc.record({
  reward: rewardArb,
  priority: fc.integer({ min: 0, max: 5 }),
  stacking: fc.constantFrom('stackable' as const, 'exclusive' as const),
  items: fc.subarray(FOODS, { maxLength: 3 }),
  max_discount: fc.option(
    fc.integer({ min: 1, max: 50_000 }).map((c) => c / 100),
    { nil: undefined },
  ),
  budget_left: fc.option(
    fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
    { nil: undefined },
  ),
});
const offersArb = fc.array(offerArb, { minLength: 0, maxLength: 12 }).map((specs) =>
  specs.map((s, i): EngineOffer => ({
    id: i + 1,
    name: `O${i + 1}`,
    trigger: 'auto',
    status: 'active',
    priority: s.priority,
    stacking: s.stacking,
    conditions: offerConditionsSchema.parse({ items: s.items }),
    reward: s.reward,
    limits: {
      ...(s.max_discount !== undefined ? { max_discount: s.max_discount } : {}),
      ...(s.budget_left !== undefined ? { budget: 500 } : {}),
    },
    used: { total: 0, by_customer: 0, spent: s.budget_left !== undefined ? 500 - s.budget_left : 0 },
  })),
);
const toCart = (c: { lines: { foodid: string; quantity: number; unit_price: number }[]; delivery_fee: number }) =>
  cart(
    c.lines.map((l) => [l.foodid, l.quantity, l.unit_price]),
    { delivery_fee: c.delivery_fee, order_type: 'delivery' },
  );

describe('priceCart: properties', () => {
  it('a total never goes below zero, nor any line, nor the delivery fee; the parts add up', () => {
    fc.assert(
      fc.property(cartArb, offersArb, (c, offers) => {
        const q = priceCart(toCart(c), offers, ctx());
        expect(q.total).toBeGreaterThanOrEqual(0);
        for (const l of q.lines) expect(l.total).toBeGreaterThanOrEqual(0);
        expect(q.delivery_discount).toBeLessThanOrEqual(q.delivery_fee);
        const applied = q.applied.reduce((s, a) => s + toMilli(a.amount), 0);
        expect(applied).toBe(toMilli(q.discount) + toMilli(q.delivery_discount));
        for (const a of q.applied)
          expect(a.lines.reduce((s, l) => s + toMilli(l.amount), 0) + toMilli(a.delivery)).toBe(toMilli(a.amount));
        expect(toMilli(q.total)).toBe(
          toMilli(q.subtotal) - toMilli(q.discount) + toMilli(q.delivery_fee) - toMilli(q.delivery_discount),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('stacking and caps hold: an exclusive offer applies alone; no offer passes its cap or its budget', () => {
    fc.assert(
      fc.property(cartArb, offersArb, (c, offers) => {
        const q = priceCart(toCart(c), offers, ctx());
        const byId = new Map(offers.map((o) => [o.id, o]));
        if (q.applied.some((a) => byId.get(a.offer_id)!.stacking === 'exclusive')) expect(q.applied).toHaveLength(1);
        for (const a of q.applied) {
          const o = byId.get(a.offer_id)!;
          if (o.limits.max_discount !== undefined)
            expect(toMilli(a.amount)).toBeLessThanOrEqual(toMilli(o.limits.max_discount));
          if (o.limits.budget !== undefined)
            expect(toMilli(a.amount)).toBeLessThanOrEqual(toMilli(o.limits.budget) - toMilli(o.used!.spent));
        }
        // Every offer is accounted for once: applied or with a reason.
        expect(q.applied.length + q.not_applied.length).toBe(offers.length);
      }),
      { numRuns: 400 },
    );
  });

  it('the same cart and offers always give the same result, in whatever order the offers come', () => {
    fc.assert(
      fc.property(cartArb, offersArb, fc.integer(), (c, offers, seed) => {
        const a = priceCart(toCart(c), offers, ctx());
        const shuffled = [...offers].sort((x, y) => ((x.id * 7919 + seed) % 101) - ((y.id * 7919 + seed) % 101));
        expect(priceCart(toCart(c), shuffled, ctx())).toEqual(a);
        expect(priceCart(toCart(c), offers, ctx())).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });
});

describe('suggestUpsells', () => {
  it("suggests items not in the cart, by priority, up to each rule's max", () => {
    const rule = (id: number, over: object) => ({
      id,
      name: `R${id}`,
      active: true,
      foodcourts: [],
      restaurants: [],
      trigger_items: [],
      sessions: [],
      channels: [],
      suggestions: ['chai', 'lassi', 'samosa'],
      placement: 'cart' as const,
      max_shown: 2,
      priority: 0,
      ...over,
    });
    const c = cart([
      ['biryani', 1, 240],
      ['chai', 1, 40],
    ]);
    expect(suggestUpsells(c, 'fc-1', [rule(1, {})]).map((s) => s.foodid)).toEqual(['lassi', 'samosa']);
    expect(suggestUpsells(c, 'fc-1', [rule(1, { trigger_items: ['naan'] })])).toEqual([]);
    expect(suggestUpsells(c, 'fc-1', [rule(1, { sessions: ['Dinner'] })])).toEqual([]);
    expect(
      suggestUpsells(c, 'fc-1', [rule(1, { suggestions: ['naan'] }), rule(2, { priority: 5, max_shown: 1 })]).map(
        (s) => s.foodid,
      ),
    ).toEqual(['lassi', 'naan']);
  });
});
