import { sql } from 'drizzle-orm';
import { milliText, roundMilli, toMilli, type OrderChannel, type OrderType, type PaymentTender } from '@cd/core';
import type { DbOrTx } from '../client.js';

/**
 * Realistic order history (issue 13 point 3): orders over a span of days, shaped by weekdays (corporate
 * campuses are quiet at weekends) and sessions (breakfast, lunch, snacks, dinner, by the kind of restaurant),
 * from each restaurant's items and prices. Deterministic for a seed. Used by the demo data (a few thousand
 * orders) and by `npm run seed:orders` (millions, for the benchmarks), both through insertOrderBatch: one
 * multi-row `INSERT … SELECT FROM unnest(…)` per table and batch.
 */

export type CatalogueItem = {
  foodid: string;
  name: string;
  price: number;
  options?: { group: string; names: string[] };
};
export type SeedRestaurant = {
  restaurant: string;
  foodcourt: string;
  currency: string;
  /** Minutes east of UTC of the site (its local business day). */
  utcOffset: number;
  /** Tax included in prices, e.g. 0.05. */
  taxRate: number;
  kind: 'cafe' | 'meals';
  hasdelivery: boolean;
  code: string;
  items: CatalogueItem[];
};

type Line = {
  id: number;
  line_no: number;
  foodid: string;
  name: string;
  options: { name: string; group: string; price: number }[];
  quantity: number;
  unit_price: number;
  line_total: number;
  tax: number;
  /** Percent, as an ordering app sends it. */
  tax_rate: number;
  refunded_quantity: number;
  refunded_amount: number;
};
export type OrderDraft = {
  id: number;
  order_number: string;
  restaurant: string;
  foodcourt: string;
  channel: OrderChannel;
  order_type: OrderType;
  status: 'placed' | 'preparing' | 'ready' | 'completed' | 'cancelled';
  session: string;
  business_date: string;
  placed_at: Date;
  customer_ref: string;
  currency: string;
  subtotal: number;
  charges: number;
  discount: number;
  total: number;
  tax: number;
  paid: number;
  refunded: number;
  item_count: number;
  lines: Line[];
  payments: { tender: PaymentTender; amount: number; reference: string; paid_at: Date }[];
  history: { status: string; at: Date; note: string }[];
  refund?: {
    kind: 'full' | 'lines';
    amount: number;
    reason: string;
    at: Date;
    lines: { line_id: number; quantity: number; amount: number }[];
  };
};

/** mulberry32: a small, fast, seedable PRNG (the history is the same for a seed and a date). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(weighted: readonly (readonly [T, number])[]): T => {
    const total = weighted.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [v, w] of weighted) if ((r -= w) < 0) return v;
    return weighted[weighted.length - 1]![0];
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, int };
}
type Rng = ReturnType<typeof random>;

/** Monday … Sunday relative volume: office sites. Index = getUTCDay() (Sunday 0). */
const WEEKDAY = [0.2, 1, 1.05, 1.05, 1, 0.9, 0.35];
const SESSIONS = {
  Breakfast: { from: 7 * 60 + 30, to: 10 * 60 + 30 },
  Lunch: { from: 11 * 60 + 30, to: 14 * 60 + 30 },
  Snacks: { from: 15 * 60, to: 17 * 60 + 30 },
  Dinner: { from: 18 * 60 + 30, to: 21 * 60 + 30 },
} as const;
type Session = keyof typeof SESSIONS;
const SESSION_MIX: Record<SeedRestaurant['kind'], [Session, number][]> = {
  cafe: [
    ['Breakfast', 0.35],
    ['Lunch', 0.2],
    ['Snacks', 0.35],
    ['Dinner', 0.1],
  ],
  meals: [
    ['Breakfast', 0.1],
    ['Lunch', 0.55],
    ['Snacks', 0.1],
    ['Dinner', 0.25],
  ],
};
const REFUND_REASONS = ['Item unavailable', 'Cold food', 'Wrong item served', 'Long wait', 'Customer changed mind'];

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const compact = (date: string) => date.replace(/-/g, '');

function orderType(rng: Rng, channel: OrderChannel, delivery: boolean): OrderType {
  const t =
    channel === 'kiosk'
      ? rng.pick([
          ['dine_in', 0.6],
          ['takeaway', 0.4],
        ] as const)
      : channel === 'pos'
        ? rng.pick([
            ['dine_in', 0.5],
            ['takeaway', 0.45],
            ['event', 0.05],
          ] as const)
        : rng.pick([
            ['preorder', 0.3],
            ['takeaway', 0.3],
            ['dine_in', 0.24],
            ['delivery', 0.11],
            ['subscription', 0.04],
            ['event', 0.01],
          ] as const);
  return t === 'delivery' && !delivery ? 'takeaway' : t;
}

function tender(rng: Rng, channel: OrderChannel, type: OrderType, inr: boolean): PaymentTender {
  if (type === 'subscription') return 'subsidy';
  if (channel === 'web') return 'card';
  if (channel === 'kiosk')
    return inr
      ? rng.pick([
          ['card', 0.6],
          ['upi', 0.4],
        ] as const)
      : 'card';
  if (channel === 'pos')
    return inr
      ? rng.pick([
          ['cash', 0.35],
          ['card', 0.3],
          ['upi', 0.35],
        ] as const)
      : rng.pick([
          ['cash', 0.15],
          ['card', 0.85],
        ] as const);
  return inr
    ? rng.pick([
        ['upi', 0.5],
        ['card', 0.3],
        ['wallet', 0.2],
      ] as const)
    : rng.pick([
        ['card', 0.7],
        ['wallet', 0.3],
      ] as const);
}

export type HistoryOptions = {
  restaurants: SeedRestaurant[];
  /** Days of history ending today (today's orders stop at `now`), or yesterday with `wholeDays`. */
  days: number;
  /** End with yesterday: every day whole, so exactly `orders` orders are made. */
  wholeDays?: boolean;
  orders: number;
  seed?: number;
  now?: Date;
  /** Put before each order number (the volume generator's own, so its numbers never clash). */
  numberPrefix?: string;
  /** Ids for the orders and lines of a day (pre-allocated from the sequences). */
  ids: (orders: number, lines: number) => Promise<{ orders: number[]; lines: number[] }>;
};

/**
 * The orders, day by day (oldest first). The orders of each restaurant-day are its share of `orders` by weekday,
 * rounded so that the total is exactly `orders`.
 */
export async function* orderHistory(options: HistoryOptions): AsyncGenerator<OrderDraft[]> {
  const now = options.now ?? new Date();
  const rng = random(options.seed ?? 20261125);
  const rests = options.restaurants.filter((r) => r.items.length > 0);
  const today =
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (options.wholeDays ? 86_400_000 : 0);
  const dayList = Array.from({ length: options.days }, (_, i) => new Date(today - (options.days - 1 - i) * 86_400_000));
  // Exact totals: each restaurant-day's expected share, floored, the rest to the largest remainders.
  const weights = dayList.flatMap((d) => rests.map(() => WEEKDAY[d.getUTCDay()]!));
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * options.orders);
  const counts = exact.map(Math.floor);
  let left = options.orders - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    counts[i]! += 1;
  }

  for (const [di, day] of dayList.entries()) {
    const drafts: Omit<OrderDraft, 'id'>[] = [];
    for (const [ri, rest] of rests.entries()) {
      const n = counts[di * rests.length + ri]!;
      const localDay = ymd(day);
      const inr = rest.currency === 'INR';
      const unit = inr ? 1 : 0.05;
      for (let k = 0; k < n; k++) {
        const session = rng.pick(SESSION_MIX[rest.kind]);
        const window = SESSIONS[session];
        const minute = rng.int(window.from, window.to - 1);
        const placed = new Date(day.getTime() + (minute - rest.utcOffset) * 60_000 + rng.int(0, 59) * 1000);
        if (placed.getTime() > now.getTime()) continue;
        const channel = rng.pick([
          ['app', 0.45],
          ['kiosk', 0.25],
          ['pos', 0.22],
          ['web', 0.08],
        ] as const);
        const type = orderType(rng, channel, rest.hasdelivery);
        const count = rng.pick([
          [1, 0.45],
          [2, 0.3],
          [3, 0.17],
          [4, 0.08],
        ] as const);
        const chosen = new Set<number>();
        while (chosen.size < Math.min(count, rest.items.length)) chosen.add(rng.int(0, rest.items.length - 1));
        const lines: Line[] = [...chosen].map((index, i) => {
          const item = rest.items[index]!;
          const quantity = rng.pick([
            [1, 0.8],
            [2, 0.15],
            [3, 0.05],
          ] as const);
          const options =
            item.options && rng.next() < 0.8
              ? [
                  {
                    name: item.options.names[rng.int(0, item.options.names.length - 1)]!,
                    group: item.options.group,
                    price: 0,
                  },
                ]
              : [];
          const lineTotal = toMilli(item.price) * quantity;
          return {
            id: 0,
            line_no: i + 1,
            foodid: item.foodid,
            name: item.name,
            options,
            quantity,
            unit_price: toMilli(item.price),
            line_total: lineTotal,
            tax: roundMilli((lineTotal * rest.taxRate) / (1 + rest.taxRate), 2),
            tax_rate: Math.round(rest.taxRate * 100_000) / 1000,
            refunded_quantity: 0,
            refunded_amount: 0,
          };
        });
        const subtotal = lines.reduce((a, l) => a + l.line_total, 0);
        const charges = type === 'delivery' ? toMilli(inr ? 30 : 2.5) : 0;
        const discount =
          rng.next() < 0.06 ? roundMilli(Math.round((subtotal * 0.1) / (unit * 1000)) * unit * 1000, 2) : 0;
        const total = subtotal + charges - discount;
        const ageMin = (now.getTime() - placed.getTime()) / 60_000;
        const status: OrderDraft['status'] =
          ageMin < 5
            ? 'placed'
            : ageMin < 12
              ? 'preparing'
              : ageMin < 20
                ? 'ready'
                : rng.next() < 0.04
                  ? 'cancelled'
                  : 'completed';
        const paidUp = status !== 'cancelled' || rng.next() < 0.5;
        const t = tender(rng, channel, type, inr);
        const payments = paidUp
          ? [
              {
                tender: t,
                amount: total,
                reference: t === 'cash' ? '' : `TXN-${rng.int(100000, 999999)}`,
                paid_at: placed,
              },
            ]
          : [];
        const paid = paidUp ? total : 0;
        const history = [{ status: 'placed', at: placed, note: '' }];
        if (status === 'preparing' || status === 'ready')
          history.push({ status: 'preparing', at: new Date(placed.getTime() + 4 * 60_000), note: '' });
        if (status === 'ready')
          history.push({ status: 'ready', at: new Date(placed.getTime() + 11 * 60_000), note: '' });
        if (status === 'completed')
          history.push({ status: 'completed', at: new Date(placed.getTime() + rng.int(10, 25) * 60_000), note: '' });
        if (status === 'cancelled')
          history.push({
            status: 'cancelled',
            at: new Date(placed.getTime() + 3 * 60_000),
            note: 'Cancelled by the customer',
          });
        let refund: OrderDraft['refund'];
        if (status === 'cancelled' && paid > 0) {
          refund = {
            kind: 'full',
            amount: paid,
            reason: 'Order cancelled',
            at: new Date(placed.getTime() + 5 * 60_000),
            lines: [],
          };
        } else if (status === 'completed' && paid > 0 && rng.next() < 0.015) {
          refund = {
            kind: 'lines',
            amount: 0,
            reason: REFUND_REASONS[rng.int(0, REFUND_REASONS.length - 1)]!,
            at: new Date(placed.getTime() + 60 * 60_000),
            lines: [],
          };
        }
        drafts.push({
          order_number: `${options.numberPrefix ?? ''}${rest.code}-${compact(localDay)}-${String(k + 1).padStart(4, '0')}`,
          restaurant: rest.restaurant,
          foodcourt: rest.foodcourt,
          channel,
          order_type: type,
          status,
          session,
          business_date: localDay,
          placed_at: placed,
          customer_ref:
            channel === 'app' || channel === 'web' || rng.next() < 0.25 ? `EMP-${rng.int(10000, 13999)}` : '',
          currency: rest.currency,
          subtotal,
          charges,
          discount,
          total,
          tax: lines.reduce((a, l) => a + l.tax, 0),
          paid,
          refunded: 0,
          item_count: lines.reduce((a, l) => a + l.quantity, 0),
          lines,
          payments,
          history,
          refund,
        });
      }
    }
    if (drafts.length === 0) continue;
    const ids = await options.ids(
      drafts.length,
      drafts.reduce((a, d) => a + d.lines.length, 0),
    );
    let lineIndex = 0;
    const out = drafts.map((d, i) => {
      for (const l of d.lines) l.id = ids.lines[lineIndex++]!;
      const order: OrderDraft = { ...d, id: ids.orders[i]! };
      if (order.refund?.kind === 'full') {
        order.refund.lines = order.lines.map((l) => ({ line_id: l.id, quantity: l.quantity, amount: l.line_total }));
      } else if (order.refund) {
        const l = order.lines[0]!;
        const amount = Math.min(roundMilli(l.line_total / l.quantity, 2), order.paid);
        order.refund.lines = [{ line_id: l.id, quantity: 1, amount }];
        order.refund.amount = amount;
      }
      if (order.refund) {
        order.refunded = order.refund.amount;
        for (const r of order.refund.lines) {
          const l = order.lines.find((x) => x.id === r.line_id)!;
          l.refunded_quantity = r.quantity;
          l.refunded_amount = r.amount;
        }
      }
      return order;
    });
    yield out;
  }
}

/** Ids from the tables' sequences, for rows inserted with their ids. */
export async function allocateIds(db: DbOrTx, orders: number, lines: number) {
  const take = async (seq: string, n: number) => {
    const res = (await db.execute(
      sql`select nextval(${seq}::regclass)::bigint as id from generate_series(1, ${n})`,
    )) as unknown as { rows: { id: string | number }[] };
    return res.rows.map((r) => Number(r.id));
  };
  return { orders: await take('orders_id_seq', orders), lines: await take('order_lines_id_seq', lines) };
}

const p = (values: unknown[]) => sql.param(values);
const iso = (d: Date) => d.toISOString();

/** Inserts a batch of drafted orders with their lines, payments, status history and refunds. */
export async function insertOrderBatch(db: DbOrTx, batch: OrderDraft[], source = 'demo'): Promise<void> {
  if (batch.length === 0) return;
  const col = <K extends keyof OrderDraft>(k: K) => batch.map((o) => o[k]);
  const money = (k: 'subtotal' | 'charges' | 'discount' | 'total' | 'tax' | 'paid' | 'refunded') =>
    batch.map((o) => milliText(o[k]));
  await db.execute(sql`
    insert into orders (id, order_number, restaurant, foodcourt, channel, order_type, status, session, business_date,
      placed_at, customer_ref, currency, subtotal, charges, discount, total, tax, paid, refunded, item_count,
      refund_count, api_client, created_at, updated_at)
    select u.*, ${source}, u.placed_at, u.placed_at from unnest(
      ${p(col('id'))}::bigint[], ${p(col('order_number'))}::text[], ${p(col('restaurant'))}::text[],
      ${p(col('foodcourt'))}::text[], ${p(col('channel'))}::text[], ${p(col('order_type'))}::text[],
      ${p(col('status'))}::text[], ${p(col('session'))}::text[], ${p(col('business_date'))}::date[],
      ${p(batch.map((o) => iso(o.placed_at)))}::timestamptz[], ${p(col('customer_ref'))}::text[],
      ${p(col('currency'))}::text[], ${p(money('subtotal'))}::numeric[], ${p(money('charges'))}::numeric[],
      ${p(money('discount'))}::numeric[], ${p(money('total'))}::numeric[], ${p(money('tax'))}::numeric[],
      ${p(money('paid'))}::numeric[], ${p(money('refunded'))}::numeric[], ${p(col('item_count'))}::int[],
      ${p(batch.map((o) => (o.refund ? 1 : 0)))}::int[]
    ) as u(id, order_number, restaurant, foodcourt, channel, order_type, status, session, business_date, placed_at,
      customer_ref, currency, subtotal, charges, discount, total, tax, paid, refunded, item_count, refund_count)`);

  const lines = batch.flatMap((o) => o.lines.map((l) => ({ ...l, order_id: o.id })));
  await db.execute(sql`
    insert into order_lines (id, order_id, line_no, foodid, name, options, quantity, unit_price, line_total, tax,
      refunded_quantity, refunded_amount, tax_rate)
    select * from unnest(
      ${p(lines.map((l) => l.id))}::bigint[], ${p(lines.map((l) => l.order_id))}::bigint[],
      ${p(lines.map((l) => l.line_no))}::int[], ${p(lines.map((l) => l.foodid))}::text[],
      ${p(lines.map((l) => l.name))}::text[], ${p(lines.map((l) => JSON.stringify(l.options)))}::jsonb[],
      ${p(lines.map((l) => l.quantity))}::int[], ${p(lines.map((l) => milliText(l.unit_price)))}::numeric[],
      ${p(lines.map((l) => milliText(l.line_total)))}::numeric[], ${p(lines.map((l) => milliText(l.tax)))}::numeric[],
      ${p(lines.map((l) => l.refunded_quantity))}::int[], ${p(lines.map((l) => milliText(l.refunded_amount)))}::numeric[],
      ${p(lines.map((l) => String(l.tax_rate)))}::numeric[]
    )`);

  const payments = batch.flatMap((o) => o.payments.map((x) => ({ ...x, order_id: o.id })));
  if (payments.length > 0) {
    await db.execute(sql`
      insert into order_payments (order_id, tender, amount, reference, paid_at, business_date)
      select u.*, o.business_date from unnest(
        ${p(payments.map((x) => x.order_id))}::bigint[], ${p(payments.map((x) => x.tender))}::text[],
        ${p(payments.map((x) => milliText(x.amount)))}::numeric[], ${p(payments.map((x) => x.reference))}::text[],
        ${p(payments.map((x) => iso(x.paid_at)))}::timestamptz[]
      ) as u(order_id, tender, amount, reference, paid_at) join orders o on o.id = u.order_id`);
  }

  const history = batch.flatMap((o) => o.history.map((h) => ({ ...h, order_id: o.id })));
  await db.execute(sql`
    insert into order_status_history (order_id, status, at, source, note)
    select u.order_id, u.status, u.at, ${source}, u.note from unnest(
      ${p(history.map((h) => h.order_id))}::bigint[], ${p(history.map((h) => h.status))}::text[],
      ${p(history.map((h) => iso(h.at)))}::timestamptz[], ${p(history.map((h) => h.note))}::text[]
    ) as u(order_id, status, at, note)`);

  const refunded = batch.filter((o) => o.refund);
  if (refunded.length > 0) {
    const rows = (await db.execute(sql`
      insert into refunds (order_id, kind, amount, reason, idempotency_key, created_by, created_at, business_date)
      select u.order_id, u.kind, u.amount, u.reason, 'seed-' || u.order_id, 'demo.admin', u.at,
        o.business_date from unnest(
        ${p(refunded.map((o) => o.id))}::bigint[], ${p(refunded.map((o) => o.refund!.kind))}::text[],
        ${p(refunded.map((o) => milliText(o.refund!.amount)))}::numeric[],
        ${p(refunded.map((o) => o.refund!.reason))}::text[],
        ${p(refunded.map((o) => iso(o.refund!.at)))}::timestamptz[]
      ) as u(order_id, kind, amount, reason, at) join orders o on o.id = u.order_id
      returning id, order_id`)) as unknown as { rows: { id: string | number; order_id: string | number }[] };
    const refundOf = new Map(rows.rows.map((r) => [Number(r.order_id), Number(r.id)]));
    const rl = refunded.flatMap((o) => o.refund!.lines.map((l) => ({ ...l, refund_id: refundOf.get(o.id)! })));
    await db.execute(sql`
      insert into refund_lines (refund_id, order_line_id, quantity, amount)
      select * from unnest(
        ${p(rl.map((l) => l.refund_id))}::bigint[], ${p(rl.map((l) => l.line_id))}::bigint[],
        ${p(rl.map((l) => l.quantity))}::int[], ${p(rl.map((l) => milliText(l.amount)))}::numeric[]
      )`);
  }
}
