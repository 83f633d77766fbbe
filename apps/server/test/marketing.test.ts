import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignsService, type CampaignMessage } from '../src/modules/marketing/campaigns.service.js';
import { multipartBody } from './bulk-fixtures.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const SPICE = 'fc-blr-atrium:spice_route';
const TIKKA = 'spice_route_paneer_tikka';
const CHAI = 'spice_route_masala_chai';
const LASSI = 'spice_route_mango_lassi';
let seq = 0;

/** An order as the ordering apps send it; `discount` and `offers` say which offers paid part of it. */
const order = (customer_ref: string, over: Record<string, unknown> = {}) => {
  const lines = (over.lines as object[]) ?? [
    { foodid: TIKKA, name: 'Paneer Tikka', quantity: 2, unit_price: 220, tax: 0 },
    { foodid: CHAI, name: 'Masala Chai', quantity: 1, unit_price: 40, tax: 0 },
  ];
  return {
    order_number: `MK-${Date.now()}-${++seq}`,
    restaurant: SPICE,
    channel: 'app',
    order_type: 'takeaway',
    session: 'Lunch',
    customer_ref,
    lines,
    ...over,
  };
};

const baseOffer = (over: Record<string, unknown> = {}) => ({
  name: `Offer ${++seq}`,
  trigger: 'auto',
  status: 'active',
  conditions: { restaurants: [SPICE] },
  reward: { kind: 'amount', amount: 50, applies_to: 'order' },
  ...over,
});

/** Issue 17: customer groups, offers and their limits, the quote, campaigns and upselling. */
describe.each(backends)('marketing on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let key: string;

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
  const ingest = (body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      payload: body,
      headers: { origin: '', authorization: `Bearer ${key}` },
    });
  const quote = (cart: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/marketing/quote',
      payload: { cart },
      headers: { origin: '', authorization: `Bearer ${key}` },
    });
  const createOffer = async (over: Record<string, unknown> = {}) => {
    const res = await api('POST', '/offers', baseOffer(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().offer as { id: number; name: string; version: number; uses: number; spent: number };
  };
  const offerNow = async (id: number, trigger = 'auto') =>
    (await api('GET', `/offers?trigger=${trigger}&page_size=200`))
      .json()
      .offers.find((o: { id: number }) => o.id === id);

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    const res = await api('POST', '/api_keys', { api_client: 'marketing-app' });
    key = res.json().key;
  });
  afterAll(async () => ctx.close());

  describe('groups', () => {
    it('counts a rule live, saves it with its members, and recounts after new orders', async () => {
      const rule = { restaurants: [SPICE], days: 7, min_orders: 2, min_spend: 900 };
      const before = (await api('POST', '/groups/count', { rule })).json().count as number;
      // Two orders of 480 each: 960 ≥ 900 and 2 orders → matches; one order only → does not.
      for (const ref of ['G-A', 'G-A', 'G-B']) expect((await ingest(order(ref))).statusCode).toBe(200);
      const after = (await api('POST', '/groups/count', { rule })).json().count as number;
      expect(after).toBe(before + 1);

      const res = await api('POST', '/groups', { name: 'Regulars', kind: 'rule', rule });
      expect(res.statusCode, res.body).toBe(200);
      const group = res.json().group;
      expect(group.member_count).toBe(after);
      const members = (await api('GET', `/groups/${group.id}/members?search=G-&page_size=200`)).json();
      expect(members.members.map((m: { customer_ref: string }) => m.customer_ref)).toEqual(['G-A']);

      await ingest(order('G-B'));
      const refreshed = (await api('POST', `/groups/${group.id}/refresh`)).json().group;
      expect(refreshed.member_count).toBe(after + 1);
    });

    it('refuses a rule group without a rule and a kind change, changing nothing', async () => {
      const bad = await api('POST', '/groups', { name: 'No rule', kind: 'rule' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Set the rule');
      const g = (await api('POST', '/groups', { name: 'Static one', kind: 'static' })).json().group;
      const change = await api('PUT', `/groups/${g.id}`, {
        name: 'Static one',
        kind: 'rule',
        rule: { days: 5 },
        version: g.version,
      });
      expect(change.statusCode).toBe(400);
      expect(change.json().extras.code).toBe('groupKindFixed');
    });

    it('imports a static list from .csv and .xlsx, reporting bad rows and skipping them', async () => {
      const g = (await api('POST', '/groups', { name: 'VIP list', kind: 'static' })).json().group;
      const csv =
        'customer_ref,name,email,phone\nV-1,Asha,asha@example.test,\nV-2,Ben,not-an-email,\n,Nobody,,\nV-3,Chen,,+91 98450 00000\n';
      const up = (file: { name: string; data: Buffer }, mode = 'append') => {
        const body = multipartBody({ mode }, file);
        return ctx.app.inject({
          method: 'POST',
          url: `/v2/bck/groups/${g.id}/import`,
          payload: body.payload,
          headers: { ...body.headers, cookie: `cd_session=${admin}` },
        });
      };
      const res = await up({ name: 'vip.csv', data: Buffer.from(csv) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ added: 2, member_count: 2 });
      expect(res.json().errors).toEqual([
        { row: 3, message: 'email "not-an-email" is not an e-mail address' },
        { row: 4, message: 'customer_ref is empty' },
      ]);

      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('Members');
      sheet.addRow(['customer_ref', 'email', 'marketing_opt_in']);
      sheet.addRow(['V-9', 'v9@example.test', 'no']);
      const replaced = await up({ name: 'vip.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) }, 'replace');
      expect(replaced.json()).toMatchObject({ added: 1, removed: 2, member_count: 1 });
      const members = (await api('GET', `/groups/${g.id}/members`)).json().members;
      expect(members).toEqual([
        { customer_ref: 'V-9', name: '', email: 'v9@example.test', phone: '', marketing_opt_in: false },
      ]);

      const fake = await up({ name: 'fake.csv', data: Buffer.from([0, 1, 2, 3, 0, 0]) });
      expect(fake.statusCode).toBe(400);
      expect(fake.json().extras.code).toBe('notCsv');
    });
  });

  describe('offers and the quote', () => {
    it('generates 20 unique codes, exports them, and a code works once', async () => {
      const promo = await createOffer({
        trigger: 'code',
        code_mode: 'unique',
        reward: { kind: 'percent', percent: 10, applies_to: 'order' },
      });
      const gen = await api('POST', `/offers/${promo.id}/codes`, { count: 20, prefix: 'WIN' });
      expect(gen.json()).toMatchObject({ generated: 20, codes: 20 });
      const codes = (await api('GET', `/offers/${promo.id}/codes?page_size=25`)).json();
      expect(codes.total).toBe(20);
      expect(new Set(codes.codes.map((c: { code: string }) => c.code)).size).toBe(20);
      for (const c of codes.codes) expect(c.code).toMatch(/^WIN[2-9A-HJ-NP-Z]{8}$/);

      const file = await api('GET', `/offers/${promo.id}/codes/export`);
      expect(file.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      const rows = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
      expect(rows.map((r) => r[1]).sort()).toEqual(codes.codes.map((c: { code: string }) => c.code).sort());

      const code = codes.codes[0].code as string;
      const q = (
        await quote({
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          codes: [code.toLowerCase()],
          lines: [{ foodid: TIKKA, quantity: 2, unit_price: 220 }],
        })
      ).json().quote;
      const mine = q.applied.find((a: { offer_id: number }) => a.offer_id === promo.id);
      expect(mine).toMatchObject({ amount: 44, code });

      const first = await ingest(order('C-1', { discount: 48, offers: [{ offer_id: promo.id, code, amount: 48 }] }));
      expect(first.statusCode, first.body).toBe(200);
      // The order says which offer paid what.
      const detail = (await api('GET', `/orders/${first.json().order.order_id}`)).json().order;
      expect(detail.offers).toEqual([{ offer_id: promo.id, name: promo.name, code, amount: 48 }]);
      const again = await ingest(order('C-2', { discount: 48, offers: [{ offer_id: promo.id, code, amount: 48 }] }));
      expect(again.statusCode).toBe(409);
      expect(again.json().extras.code).toBe('offerCodeUsed');
      // The refused order was not kept.
      const used = (
        await quote({
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          codes: [code],
          lines: [{ foodid: TIKKA, quantity: 1, unit_price: 220 }],
        })
      ).json().quote;
      expect(used.codes).toEqual([{ code, status: 'used', offer_id: promo.id }]);
      expect((await offerNow(promo.id, 'code')).uses).toBe(1);
    });

    it('the try panel says why a second offer did not stack', async () => {
      const exclusive = await createOffer({
        name: 'Lunch exclusive',
        stacking: 'exclusive',
        priority: 900,
        reward: { kind: 'percent', percent: 15, applies_to: 'order' },
      });
      const draft = await createOffer({ name: 'Draft welcome', status: 'draft', priority: 1 });
      const res = await api('POST', '/offers/try', {
        cart: {
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          lines: [{ foodid: TIKKA, quantity: 2, unit_price: 220 }],
        },
        include: [draft.id],
      });
      expect(res.statusCode, res.body).toBe(200);
      const q = res.json().quote;
      expect(q.applied.map((a: { name: string }) => a.name)).toEqual(['Lunch exclusive']);
      expect(q.not_applied.find((n: { offer_id: number }) => n.offer_id === draft.id)).toMatchObject({
        reason: 'not_combinable',
        message: 'Does not stack: "Lunch exclusive" applies alone',
      });
      await api('PUT', `/offers/${exclusive.id}`, {
        ...baseOffer({
          name: 'Lunch exclusive',
          status: 'ended',
          stacking: 'exclusive',
          reward: { kind: 'percent', percent: 15, applies_to: 'order' },
        }),
        version: exclusive.version,
      });
    });

    it('two parallel redemptions of the last use succeed once', async () => {
      const last = await createOffer({ limits: { uses_total: 1 } });
      const [a, b] = await Promise.all([
        ingest(order('P-1', { discount: 50, offers: [{ offer_id: last.id, amount: 50 }] })),
        ingest(order('P-2', { discount: 50, offers: [{ offer_id: last.id, amount: 50 }] })),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().extras.code).toBe('offerUsedUp');
      const now = await offerNow(last.id);
      expect(now).toMatchObject({ uses: 1, spent: 50 });
      await api('PUT', `/offers/${last.id}`, {
        ...baseOffer({ status: 'ended', name: now.name }),
        limits: { uses_total: 1 },
        version: now.version,
      });
    });

    it('a budget cannot be overspent, however orders race', async () => {
      const budget = await createOffer({ limits: { budget: 100 } });
      const results = await Promise.all(
        ['B-1', 'B-2', 'B-3'].map((ref) =>
          ingest(order(ref, { discount: 40, offers: [{ offer_id: budget.id, amount: 40 }] })),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().extras.code).toBe('offerBudgetSpent');
      const now = await offerNow(budget.id);
      expect(now).toMatchObject({ uses: 2, spent: 80 });
      // The quote caps what is left: 20 of the 50.
      const q = (
        await quote({
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          lines: [{ foodid: TIKKA, quantity: 2, unit_price: 220 }],
        })
      ).json().quote;
      expect(q.applied.find((a: { offer_id: number }) => a.offer_id === budget.id)?.amount).toBe(20);
      const results2 = (await api('GET', `/offers/${budget.id}/results`)).json();
      expect(results2).toMatchObject({ uses: 2, customers: 2, discount: 80, budget_left: 20 });
      await api('PUT', `/offers/${budget.id}`, {
        ...baseOffer({ status: 'ended', name: now.name }),
        limits: { budget: 100 },
        version: now.version,
      });
    });

    it('a per-customer limit holds and the offers cannot come to more than the discount', async () => {
      const once = await createOffer({ limits: { uses_per_customer: 1 } });
      expect(
        (await ingest(order('PC-1', { discount: 50, offers: [{ offer_id: once.id, amount: 50 }] }))).statusCode,
      ).toBe(200);
      const twice = await ingest(order('PC-1', { discount: 50, offers: [{ offer_id: once.id, amount: 50 }] }));
      expect(twice.json().extras.code).toBe('offerCustomerLimit');
      const over = await ingest(order('PC-2', { discount: 10, offers: [{ offer_id: once.id, amount: 50 }] }));
      expect(over.statusCode).toBe(400);
      expect(over.body).toContain('The offers come to more than the discount');
      const now = await offerNow(once.id);
      await api('PUT', `/offers/${once.id}`, {
        ...baseOffer({ status: 'ended', name: now.name }),
        version: now.version,
      });
    });

    it('refuses an offer at sites the user does not have, and one for a group that does not exist', async () => {
      const bad = await api('POST', '/offers', baseOffer({ conditions: { restaurants: [SPICE], groups: [999999] } }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().extras.code).toBe('unknownGroup');
      const reports = await signIn('demo.reports');
      expect((await api('GET', '/offers?trigger=auto', undefined, reports)).statusCode).toBe(403);
    });
  });

  describe('campaigns', () => {
    it('sends to the treated members with their own codes, holds out the control group, and measures redemptions', async () => {
      const g = (await api('POST', '/groups', { name: 'Campaign audience', kind: 'static' })).json().group;
      const rows = Array.from(
        { length: 40 },
        (_, i) => `CM-${i},Member ${i},cm${i}@example.test,,${i === 3 ? 'no' : 'yes'}`,
      );
      const body = multipartBody(
        { mode: 'append' },
        { name: 'a.csv', data: Buffer.from(`customer_ref,name,email,phone,marketing_opt_in\n${rows.join('\n')}\n`) },
      );
      await ctx.app.inject({
        method: 'POST',
        url: `/v2/bck/groups/${g.id}/import`,
        payload: body.payload,
        headers: { ...body.headers, cookie: `cd_session=${admin}` },
      });
      const promo = await createOffer({
        name: 'Come back',
        trigger: 'code',
        code_mode: 'unique',
        reward: { kind: 'amount', amount: 30, applies_to: 'order' },
      });
      const sendAt = new Date(Date.now() + 3_600_000).toISOString();
      const res = await api('POST', '/campaigns', {
        name: 'Winback',
        channel: 'email',
        subject: 'We miss you',
        message: 'Lunch is on us.',
        group_id: g.id,
        offer_id: promo.id,
        send_at: sendAt,
        control_pct: 25,
      });
      expect(res.statusCode, res.body).toBe(200);
      const campaign = res.json().campaign;
      expect(campaign.status).toBe('scheduled');

      const sent: CampaignMessage[] = [];
      const service = new CampaignsService(ctx.database.db);
      expect(await service.sendDue({ send: async (b) => void sent.push(...b) }, undefined, new Date())).toBe(0);
      expect(
        await service.sendDue({ send: async (b) => void sent.push(...b) }, undefined, new Date(Date.now() + 7_200_000)),
      ).toBe(1);

      const results = (await api('GET', `/campaigns/${campaign.id}/results`)).json();
      expect(results.treatment.members + results.control.members).toBe(40);
      expect(results.control.members).toBeGreaterThan(3);
      expect(results.treatment.reached).toBe(sent.length);
      expect(results.treatment.reached + results.unreachable).toBe(results.treatment.members);
      expect(
        sent.every(
          (m) => m.channel === 'email' && m.subject === 'We miss you' && /Use code C[2-9A-HJ-NP-Z]{8}\.$/.test(m.text),
        ),
      ).toBe(true);

      // One treated member redeems their code; a control member orders without it.
      const redeemer = sent[0]!;
      const ref = `CM-${redeemer.to.match(/^cm(\d+)@/)![1]}`;
      const code = redeemer.text.match(/Use code (\w+)\./)![1]!;
      expect(
        (await ingest(order(ref, { discount: 30, offers: [{ offer_id: promo.id, code, amount: 30 }] }))).statusCode,
      ).toBe(200);
      // A code given to one customer is no one else's.
      const stolen = await ingest(
        order('SOMEONE-ELSE', { discount: 30, offers: [{ offer_id: promo.id, code, amount: 30 }] }),
      );
      expect(stolen.json().extras.code).toBe('offerCodeNotYours');
      const control = (await api('GET', `/campaigns/${campaign.id}/results`)).json();
      expect(control.treatment).toMatchObject({ redeemed: 1, buyers: 1, revenue: 450 });
      expect(control.uplift_per_member).toBeGreaterThan(0);
      // Sent campaigns keep their results.
      const del = await api('DELETE', `/campaigns/${campaign.id}?version=${campaign.version}`);
      expect(del.statusCode).toBe(409);
    });

    it('cancels a scheduled campaign, and refuses an automatic offer and an e-mail without subject', async () => {
      const g = (await api('POST', '/groups', { name: 'Tiny', kind: 'static' })).json().group;
      const auto = await createOffer();
      const refused = await api('POST', '/campaigns', {
        name: 'X',
        channel: 'sms',
        message: 'Hi',
        group_id: g.id,
        offer_id: auto.id,
      });
      expect(refused.json().extras.code).toBe('offerNotCode');
      const noSubject = await api('POST', '/campaigns', { name: 'X', channel: 'email', message: 'Hi', group_id: g.id });
      expect(noSubject.json().message).toContain('An e-mail needs a subject');
      const c = (
        await api('POST', '/campaigns', {
          name: 'Later',
          channel: 'sms',
          message: 'Hi',
          group_id: g.id,
          send_at: new Date(Date.now() + 3_600_000).toISOString(),
        })
      ).json().campaign;
      const cancelled = await api('POST', `/campaigns/${c.id}/cancel`, { version: c.version });
      expect(cancelled.json().campaign.status).toBe('cancelled');
      const list = (await api('GET', '/campaigns?page_size=10')).json();
      expect(list.page_size).toBe(10);
      expect((await api('GET', '/campaigns?page_size=25')).statusCode).toBe(400);
    });
  });

  describe('upselling', () => {
    it('suggests items in the quote and measures their take-up from orders', async () => {
      const res = await api('POST', '/upsell_rules', {
        name: 'Drink with tikka',
        restaurants: [SPICE],
        trigger_items: [TIKKA],
        suggestions: [CHAI, LASSI],
        priority: 100,
        max_shown: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rule = res.json().rule;
      const q = (
        await quote({
          restaurant: SPICE,
          channel: 'app',
          order_type: 'takeaway',
          lines: [{ foodid: TIKKA, quantity: 1, unit_price: 220 }],
        })
      ).json().quote;
      expect(q.upsells.map((u: { foodid: string }) => u.foodid)).toEqual([CHAI, LASSI]);
      expect(q.upsells[0].name).toBe('Masala Chai');

      const before = (await api('GET', `/upsell_rules/${rule.id}/results?days=7`)).json();
      await ingest(
        order('U-1', {
          lines: [
            { foodid: TIKKA, name: 'Paneer Tikka', quantity: 1, unit_price: 220, tax: 0 },
            { foodid: LASSI, name: 'Mango Lassi', quantity: 2, unit_price: 90, tax: 0 },
          ],
        }),
      );
      await ingest(
        order('U-2', { lines: [{ foodid: TIKKA, name: 'Paneer Tikka', quantity: 1, unit_price: 220, tax: 0 }] }),
      );
      const after = (await api('GET', `/upsell_rules/${rule.id}/results?days=7`)).json();
      expect(after.trigger_orders - before.trigger_orders).toBe(2);
      expect(after.take_up_orders - before.take_up_orders).toBe(1);
      expect(after.by_item.find((i: { foodid: string }) => i.foodid === LASSI).quantity).toBeGreaterThanOrEqual(2);

      const tooMany = await api('POST', '/upsell_rules', {
        name: 'Too many',
        restaurants: [SPICE],
        suggestions: Array.from({ length: 9 }, (_, i) => `x${i}`),
      });
      expect(tooMany.json().message).toContain('At most 8 items');
    });
  });
});
