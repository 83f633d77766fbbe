import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expirePoints } from '../src/modules/loyalty/ledger.js';
import { localNow } from '../src/modules/marketing/quote.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const SPICE = 'fc-blr-atrium:spice_route';
const TIKKA = 'spice_route_paneer_tikka';
const CHAI = 'spice_route_masala_chai';
let seq = 0;

const order = (customer_ref: string, over: Record<string, unknown> = {}) => ({
  order_number: `LY-${Date.now()}-${++seq}`,
  restaurant: SPICE,
  channel: 'app',
  order_type: 'takeaway',
  customer_ref,
  lines: [
    { foodid: TIKKA, name: 'Paneer Tikka', quantity: 2, unit_price: 220, tax: 0 },
    { foodid: CHAI, name: 'Masala Chai', quantity: 1, unit_price: 40, tax: 0 },
  ],
  payments: [{ tender: 'card', amount: 480 }],
  ...over,
});

/** Issue 18: the loyalty ledger — earn once, refunds take back, redemptions cannot spend twice, expiry once. */
describe.each(backends)('loyalty on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let key: string;
  let points: { id: number };

  const signIn = async (userid: string) =>
    sessionCookie(
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/vendor/password_login',
        payload: { userid, password: 'ControlDesk#2026' },
      }),
    )!;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx.app.inject({
      method,
      url: `/v2/bck${url}`,
      ...(payload ? { payload } : {}),
      headers: { cookie: `cd_session=${cookie}` },
    });
  const app = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url: `/v2/bck${url}`,
      ...(payload ? { payload } : {}),
      headers: { origin: '', authorization: `Bearer ${key}`, ...headers },
    });
  const ingest = async (body: object) => {
    const res = await app('POST', '/ingest/orders', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order.order_id as number;
  };
  const balance = async (ref: string, programId = points.id) =>
    (
      (await app('GET', `/loyalty/balance?customer_ref=${ref}`)).json().balances as {
        program_id: number;
        balance: number;
      }[]
    ).find((b) => b.program_id === programId)?.balance ?? 0;
  const refund = (id: number, body: object) =>
    api('POST', `/orders/${id}/refunds`, { reason: 'Cold food', idempotency_key: `r-${++seq}`, ...body });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    key = (await api('POST', '/api_keys', { api_client: 'loyalty-app' })).json().key;
    const res = await api('POST', '/loyalty/programs', {
      name: 'Spice points',
      kind: 'points',
      status: 'active',
      restaurants: [SPICE],
      points: { per_amount: { points: 1, per: 10 }, per_visit: 5 },
      expiry_days: 365,
    });
    expect(res.statusCode, res.body).toBe(200);
    points = res.json().program;
  });
  afterAll(async () => ctx.close());

  it('earns once per order however often it is replayed, and refunds take back their share', async () => {
    const id = await ingest(order('L-1'));
    // 480 spent: 48 points, plus 5 for the visit.
    expect(await balance('L-1')).toBe(53);
    for (let i = 0; i < 3; i++) {
      const again = await app('POST', '/loyalty/earn', { order_id: id });
      // The demo's own programs earn too; this one earns 53, every time the same.
      expect(again.json().earned).toContainEqual({ program_id: points.id, points: 53 });
    }
    expect(await balance('L-1')).toBe(53);

    // Half refunded: half the points (26) go back; replaying the earn changes nothing.
    expect((await refund(id, { kind: 'amount', amount: 240 })).statusCode).toBe(200);
    await app('POST', '/loyalty/earn', { order_id: id });
    expect(await balance('L-1')).toBe(27);
    // The rest refunded: all of it is back.
    expect((await refund(id, { kind: 'full' })).statusCode).toBe(200);
    await app('POST', '/loyalty/earn', { order_id: id });
    expect(await balance('L-1')).toBe(0);

    const member = (await api('GET', `/loyalty/programs/${points.id}/members/L-1`)).json();
    expect(member.entries.map((e: { entry_type: string; points: number }) => [e.entry_type, e.points])).toEqual([
      ['reverse', -27],
      ['reverse', -26],
      ['earn', 53],
    ]);
  });

  it('two redemptions racing for the same points: one is refused; a retry answers the first code', async () => {
    await ingest(order('L-2'));
    expect(await balance('L-2')).toBe(53);
    const reward = (
      await api('POST', '/loyalty/rewards', {
        program_id: points.id,
        name: '40 off',
        cost: 40,
        reward: { kind: 'amount', amount: 40 },
      })
    ).json().reward;
    const [a, b] = await Promise.all([
      app('POST', '/loyalty/redeem', { customer_ref: 'L-2', reward_id: reward.id }, { 'idempotency-key': 'k-a' }),
      app('POST', '/loyalty/redeem', { customer_ref: 'L-2', reward_id: reward.id }, { 'idempotency-key': 'k-b' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = a.statusCode === 200 ? a : b;
    expect([a, b].find((r) => r.statusCode === 409)!.json().extras.code).toBe('notEnoughPoints');
    expect(won.json().balance).toBe(13);
    expect(await balance('L-2')).toBe(13);
    const retry = await app(
      'POST',
      '/loyalty/redeem',
      { customer_ref: 'L-2', reward_id: reward.id },
      { 'idempotency-key': a.statusCode === 200 ? 'k-a' : 'k-b' },
    );
    expect(retry.json()).toMatchObject({ code: won.json().code, balance: 13 });

    // The code prices the reward at the quote, once, for that member only.
    const code = won.json().code as string;
    const quote = (
      await app('POST', '/marketing/quote', {
        cart: {
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          customer_ref: 'L-2',
          codes: [code],
          lines: [{ foodid: TIKKA, quantity: 1, unit_price: 220 }],
        },
      })
    ).json().quote;
    expect(quote.applied.find((x: { code: string | null }) => x.code === code)?.amount).toBe(40);
    const other = (
      await app('POST', '/marketing/quote', {
        cart: {
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          customer_ref: 'L-9',
          codes: [code],
          lines: [{ foodid: TIKKA, quantity: 1, unit_price: 220 }],
        },
      })
    ).json().quote;
    expect(other.codes[0].status).toBe('unknown');
    await ingest(
      order('L-2', {
        discount: 40,
        offers: [{ offer_id: won.json().offer_id, code, amount: 40 }],
        payments: [{ tender: 'card', amount: 440 }],
      }),
    );
  });

  it('expires points whose day has come, once', async () => {
    const short = (
      await api('POST', '/loyalty/programs', {
        name: 'Short-lived',
        kind: 'points',
        status: 'active',
        restaurants: [SPICE],
        points: { per_visit: 7 },
        expiry_days: 1,
      })
    ).json().program;
    await ingest(order('L-3', { placed_at: new Date(Date.now() - 3 * 86_400_000).toISOString() }));
    expect(await balance('L-3', short.id)).toBe(7);
    expect(await expirePoints(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await balance('L-3', short.id)).toBe(0);
    expect(await expirePoints(ctx.database.db)).toBe(0);
    expect(await balance('L-3', short.id)).toBe(0);
    await api('PUT', `/loyalty/programs/${short.id}`, {
      name: 'Short-lived',
      kind: 'points',
      status: 'ended',
      restaurants: [SPICE],
      points: { per_visit: 7 },
      expiry_days: 1,
      version: short.version,
    });
  });

  it('a stamp card fills with qualifying items and a full card buys its reward', async () => {
    const card = (
      await api('POST', '/loyalty/programs', {
        name: 'Chai card',
        kind: 'stamps',
        status: 'active',
        restaurants: [SPICE],
        stamps: { required: 3, items: [CHAI] },
      })
    ).json().program;
    await ingest(
      order('L-4', {
        lines: [{ foodid: CHAI, name: 'Masala Chai', quantity: 2, unit_price: 40, tax: 0 }],
        payments: [],
      }),
    );
    await ingest(
      order('L-4', {
        lines: [
          { foodid: CHAI, name: 'Masala Chai', quantity: 2, unit_price: 40, tax: 0 },
          { foodid: TIKKA, name: 'Paneer Tikka', quantity: 1, unit_price: 220, tax: 0 },
        ],
        payments: [],
      }),
    );
    expect(await balance('L-4', card.id)).toBe(4);
    const free = (
      await api('POST', '/loyalty/rewards', {
        program_id: card.id,
        name: 'Free chai',
        cost: 3,
        reward: { kind: 'free_item', foodid: CHAI },
      })
    ).json().reward;
    // The free item by its name (issue 35: the list said "1 × spice_route_masala_chai free").
    expect(free.item_name).toMatch(/chai/i);
    expect(free.item_name).not.toBe(CHAI);
    const r = await app(
      'POST',
      '/loyalty/redeem',
      { customer_ref: 'L-4', reward_id: free.id },
      { 'idempotency-key': 'card-1' },
    );
    expect(r.json().balance).toBe(1);
    const again = await app(
      'POST',
      '/loyalty/redeem',
      { customer_ref: 'L-4', reward_id: free.id },
      { 'idempotency-key': 'card-2' },
    );
    expect(again.statusCode).toBe(409);
  });

  it('adjusts by hand only with the permission and a reason, and lists members by balance', async () => {
    const short = await api('POST', `/loyalty/programs/${points.id}/members/L-5/adjust`, { points: 100, reason: 'x' });
    expect(short.statusCode).toBe(400);
    const ok = await api('POST', `/loyalty/programs/${points.id}/members/L-5/adjust`, {
      points: 100,
      reason: 'Goodwill after a late order',
    });
    expect(ok.json().member.balance).toBe(100);
    const reports = await signIn('demo.reports');
    expect(
      (
        await api(
          'POST',
          `/loyalty/programs/${points.id}/members/L-5/adjust`,
          { points: 5, reason: 'Because' },
          reports,
        )
      ).statusCode,
    ).toBe(403);
    const list = (
      await api('GET', `/loyalty/programs/${points.id}/members?sort=balance&order=desc&page_size=25`)
    ).json();
    expect(list.members[0]).toMatchObject({ customer_ref: 'L-5', balance: 100 });
    const bad = await api('POST', '/loyalty/programs', {
      name: 'Nothing',
      kind: 'points',
      restaurants: [SPICE],
      points: {},
    });
    expect(bad.json().message).toContain('Give at least one way to earn points');
  });

  it("lists each program with its own members, what they hold and its restaurants' currency (issue 33)", async () => {
    const make = async (name: string, body: object) => {
      const res = await api('POST', '/loyalty/programs', { name, status: 'active', ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().program as { id: number; members: number; outstanding: number; currency: string };
    };
    const earn = { kind: 'points', points: { per_amount: { points: 1, per: 50 } } };
    const blr = await make('Issue33 Bengaluru', { ...earn, restaurants: [SPICE] });
    const ldn = await make('Issue33 London', { ...earn, restaurants: ['fc-ldn-river:noodle_house'] });
    const court = await make('Issue33 Riverside', { ...earn, foodcourts: ['fc-ldn-river'] });
    const mixed = await make('Issue33 Both', { ...earn, restaurants: [SPICE, 'fc-ldn-river:noodle_house'] });
    const card = await make('Issue33 Card', { kind: 'stamps', restaurants: [SPICE], stamps: { required: 5 } });
    expect(blr).toMatchObject({ members: 0, outstanding: 0, currency: 'INR' });
    expect(ldn.currency).toBe('GBP');

    const give = async (program: number, ref: string, pts: number) =>
      expect(
        (
          await api('POST', `/loyalty/programs/${program}/members/${ref}/adjust`, {
            points: pts,
            reason: 'Issue 33 figures',
          })
        ).statusCode,
      ).toBe(200);
    await give(blr.id, 'I33-A', 10);
    await give(blr.id, 'I33-B', 20);
    await give(ldn.id, 'I33-A', 7);
    await give(card.id, 'I33-C', 3);
    await give(card.id, 'I33-D', 1);
    await give(card.id, 'I33-E', 2);

    type Row = { id: number; members: number; outstanding: number; currency: string; currencies: string[] };
    const list = async (query: string) => {
      const res = await api('GET', `/loyalty/programs?search=Issue33&page_size=25&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json().programs as Row[]).map((p) => [p.id, p]));
    };
    const points = await list('kind=points');
    expect(points.get(blr.id)).toMatchObject({ members: 2, outstanding: 30, currency: 'INR', currencies: ['INR'] });
    expect(points.get(ldn.id)).toMatchObject({ members: 1, outstanding: 7, currency: 'GBP', currencies: ['GBP'] });
    // A food court's restaurants give the currency; restaurants in two currencies give none (and say which).
    expect(points.get(court.id)).toMatchObject({ members: 0, outstanding: 0, currency: 'GBP' });
    expect(points.get(mixed.id)).toMatchObject({
      members: 0,
      outstanding: 0,
      currency: '',
      currencies: ['GBP', 'INR'],
    });
    expect(points.has(card.id)).toBe(false);
    const stamps = await list('kind=stamps');
    expect(stamps.get(card.id)).toMatchObject({ members: 3, outstanding: 6, currency: 'INR' });

    // A program saved answers its own figures, not none.
    const saved = await api('PUT', `/loyalty/programs/${ldn.id}`, {
      name: 'Issue33 London',
      ...earn,
      status: 'active',
      restaurants: ['fc-ldn-river:noodle_house'],
      version: (ldn as unknown as { version: number }).version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().program).toMatchObject({ members: 1, outstanding: 7, currency: 'GBP' });
  });

  describe('subscriptions', () => {
    const plus = (days: number) =>
      new Date(Date.now() + days * 86_400_000 + new Date().getTimezoneOffset() * -60_000).toISOString().slice(0, 10);

    it("enforces the restaurant's deadline, marks the orders a subscription produces, and refuses one on a paused day", async () => {
      const noodle = await api('POST', '/subscription_plans', {
        restaurant: 'fc-ldn-river:noodle_house',
        name: 'Ramen club',
        sessions: ['Lunch'],
        days: [1, 2, 3, 4, 5],
        price: 50,
      });
      expect(noodle.statusCode).toBe(400);
      expect(noodle.json().extras).toMatchObject({ code: 'subscriptionNotEnabled', field: 'restaurant' });

      // Served now: today's meal closed 120 minutes ago (Spice Route's deadline in the demo).
      const serve = localNow().slice(11, 16);
      const made = await api('POST', '/subscription_plans', {
        restaurant: SPICE,
        name: 'Every day lunch',
        status: 'active',
        sessions: ['Lunch'],
        days: [0, 1, 2, 3, 4, 5, 6],
        serve_time: serve,
        price: 2400,
        trial_days: 2,
      });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().plan.deadline_minutes).toBe(120);
      const plan = made.json().plan;
      const today = localNow().slice(0, 10);
      const sub = (
        await api('POST', '/subscriptions', { plan_id: plan.id, customer_ref: 'S-1', start_date: today })
      ).json().subscription;
      expect(sub.status).toBe('trial');
      expect(
        (await api('POST', '/subscriptions', { plan_id: plan.id, customer_ref: 'S-1', start_date: today })).json()
          .extras.code,
      ).toBe('alreadySubscribed');

      const late = await api('POST', `/subscriptions/${sub.id}/change`, {
        action: 'pause',
        from: today,
        version: sub.version,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().extras.code).toBe('subscriptionDeadlinePassed');
      expect(late.json().message).toMatch(
        /^Changes to the meal of \d{2}-\d{2}-\d{4} closed at .* \(120 minutes before it is served\)$/,
      );
      // The app is held to the same deadline.
      const appLate = await app('POST', `/ingest/subscriptions/${sub.id}/change`, { action: 'cancel', from: today });
      expect(appLate.json().extras.code).toBe('subscriptionDeadlinePassed');

      const paused = await api('POST', `/subscriptions/${sub.id}/change`, {
        action: 'pause',
        from: plus(3),
        until: plus(4),
        version: sub.version,
      });
      expect(paused.statusCode, paused.body).toBe(200);
      expect(paused.json().subscription).toMatchObject({ paused_from: plus(3), paused_until: plus(4) });

      // An order the subscription produces today is marked; one on a paused day is refused.
      const id = await ingest(order('S-1', { order_type: 'subscription', subscription_id: sub.id }));
      expect((await api('GET', `/orders/${id}`)).json().order.subscription_id).toBe(sub.id);
      const onPause = await app(
        'POST',
        '/ingest/orders',
        order('S-1', { order_type: 'subscription', subscription_id: sub.id, business_date: plus(3) }),
      );
      expect(onPause.statusCode).toBe(409);
      expect(onPause.json().extras.code).toBe('subscriptionNotLive');
      const wrongType = await app('POST', '/ingest/orders', order('S-1', { subscription_id: sub.id }));
      expect(wrongType.json().extras.code).toBe('notSubscriptionOrder');

      const stale = await api('POST', `/subscriptions/${sub.id}/change`, {
        action: 'cancel',
        from: plus(6),
        version: sub.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().extras.code).toBe('versionConflict');
      const members = (await api('GET', `/subscription_plans/${plan.id}/members`)).json();
      expect(members.subscriptions).toEqual([
        expect.objectContaining({ customer_ref: 'S-1', orders: 1, status: 'trial' }),
      ]);
    });
  });
});
