import crypto from 'node:crypto';
import { getTableColumns, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  fromThousandths,
  lineTaxRate,
  milliText,
  toMilli,
  type OrderIngestAnswer,
  type OrderIngestBody,
  type OrderTotals,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { orderLines, orderPayments, orders, orderStatusHistory } from '../../db/schema/index.js';
import { currentDbScope, runWithScope, scopeKey, type DbScope } from '../../db/tenant-scope.js';
import type { ApiClient } from '../api-keys/index.js';
import { changesOf } from '../inventory/index.js';
import { earningsFor } from '../loyalty/ledger.js';
import { touchMenusSql } from '../menu/menu-cache.js';
import { DayEndService } from '../dayend/dayend.service.js';
import { insertedOrdersRollups } from '../reports/rollups.js';
import { toIngestedOrder } from './orders.view.js';

/**
 * Ingest in batches (issue 34). Orders sent at the same moment are written together by ONE statement of
 * set-based, data-modifying CTEs (BATCH_SQL: the orders, their lines, payments, first status and kept answers,
 * stock, loyalty and rollups), prepared once per connection, instead of one transaction of ~16 statements per
 * order: the round trips, the commits and the statements' parse and plan are paid once per batch. What each order
 * writes and answers is what the single-order path (IngestService.createOne) writes and answers; that path stays
 * the reference and the fallback:
 *
 * - a lone order of an idle process goes through it at once: no delay, and a caller that sends one order at a
 *   time (the reconciliation tests) sees exactly the behaviour of before. While orders keep coming, a lone one
 *   goes as a batch of one (one statement instead of a transaction);
 * - when a batch fails for any reason (a value the database refuses, a deadlock, a key raced), nothing of it was
 *   written (one statement is atomic) and each of its orders goes through the single path on its own: one bad
 *   order is refused alone and never fails or half-writes the others;
 * - an order already received (its number taken: `on conflict do nothing`) is answered as the single path answers
 *   a unique violation: the kept answer of its Idempotency-Key (a retry), else 409 orderExists; a key kept for
 *   another order (409 idempotencyKeyReused) is left to the single path;
 * - orders with features not written here in sets (offers, a subscription) go through the single path directly.
 */

/** A create call checked and worked out, ready to be written (by either path). */
export type PreparedCreate = {
  body: OrderIngestBody;
  client: ApiClient;
  key: string | undefined;
  rest: { restaurant: string; foodcourt: string; currency: string };
  totals: OrderTotals;
  fingerprint: string;
  placedAt: string;
  /** The business date the order asks for (before closed days move it). */
  asked: string;
};

/**
 * What the batch did with an order: written, already there (its number taken), or left to the single path — the
 * caller writes it alone and then calls `done` (the batcher counts it as being written until then).
 */
export type BatchOutcome =
  { kind: 'created'; answer: OrderIngestAnswer } | { kind: 'exists' } | { kind: 'alone'; done: () => void };
/** What writeBatch answers for an order. */
type Written = { kind: 'created'; answer: OrderIngestAnswer } | { kind: 'exists' };

/** Whether an order can be written in a batch: offers and subscriptions need their own checks and locks. */
export const batchable = (body: OrderIngestBody) => body.offers.length === 0 && !body.subscription_id;

// ---------- the rows of an order (both paths write exactly these) ----------

export function orderRow(p: PreparedCreate, businessDate: string): typeof orders.$inferInsert {
  const { body, totals } = p;
  return {
    order_number: body.order_number,
    restaurant: p.rest.restaurant,
    foodcourt: p.rest.foodcourt,
    channel: body.channel,
    order_type: body.order_type,
    status: body.status,
    session: body.session ?? '',
    business_date: businessDate,
    placed_at: new Date(p.placedAt),
    customer_ref: body.customer_ref,
    currency: body.currency ?? p.rest.currency,
    subtotal: milliText(totals.subtotal),
    charges: milliText(toMilli(body.charges)),
    discount: milliText(toMilli(body.discount)),
    total: milliText(totals.total),
    tax: milliText(totals.tax),
    paid: milliText(totals.paid),
    item_count: body.lines.reduce((n, l) => n + l.quantity, 0),
    api_client: p.client.api_client,
    subscription_id: body.subscription_id ?? null,
  };
}

export const lineRows = (p: PreparedCreate, orderId: number): (typeof orderLines.$inferInsert)[] =>
  p.body.lines.map((l, i) => ({
    order_id: orderId,
    line_no: i + 1,
    foodid: l.foodid,
    name: l.name,
    options: l.options,
    quantity: l.quantity,
    unit_price: milliText(toMilli(l.unit_price)),
    line_total: milliText(p.totals.lineTotals[i]!),
    tax: milliText(toMilli(l.tax)),
    tax_rate: String(l.tax_rate ?? lineTaxRate(p.totals.lineTotals[i]!, toMilli(l.tax))),
  }));

export const paymentRows = (
  p: PreparedCreate,
  orderId: number,
  businessDate: string,
): (typeof orderPayments.$inferInsert)[] =>
  p.body.payments.map((pay) => ({
    order_id: orderId,
    tender: pay.tender,
    amount: milliText(toMilli(pay.amount)),
    reference: pay.reference,
    paid_at: new Date(pay.paid_at ?? p.placedAt),
    business_date: businessDate,
  }));

export const statusRow = (p: PreparedCreate, orderId: number): typeof orderStatusHistory.$inferInsert => ({
  order_id: orderId,
  status: p.body.status,
  at: new Date(p.placedAt),
  source: p.client.api_client,
});

export const createdAnswer = (order: typeof orders.$inferSelect): OrderIngestAnswer => ({
  result: 'success',
  message: 'Order received',
  order: toIngestedOrder(order),
});

// ---------- one batch, one statement ----------

/** Orders of a batch whose Idempotency-Key is kept already for another order: the batch wrote nothing. */
export class KeysTaken extends Error {
  constructor(readonly orders: PreparedCreate[]) {
    super('Idempotency-Keys already kept for other orders');
  }
}

const pairKey = (a: string, b: string) => `${a}\u0000${b}`;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The rows a batch writes, as one array per column (`unnest`): the statement's text is the same for every batch,
 * whatever its size, so it is built once, with a placeholder per array, and runs as a prepared statement. Rows of
 * an order's children carry the order's (restaurant, order_number): SQL joins them to the id it gets.
 */
const LINK = [
  ['restaurant', 'text'],
  ['order_number', 'text'],
] as const;
const SETS = {
  days: [
    ['r', 'text'],
    ['asked', 'text'],
  ],
  orders: [
    ['order_number', 'text'],
    ['restaurant', 'text'],
    ['foodcourt', 'text'],
    ['channel', 'text'],
    ['order_type', 'text'],
    ['status', 'text'],
    ['session', 'text'],
    ['business_date', 'date'],
    ['placed_at', 'timestamptz'],
    ['customer_ref', 'text'],
    ['currency', 'text'],
    ['subtotal', 'numeric'],
    ['charges', 'numeric'],
    ['discount', 'numeric'],
    ['total', 'numeric'],
    ['tax', 'numeric'],
    ['paid', 'numeric'],
    ['item_count', 'int'],
    ['api_client', 'text'],
    ['subscription_id', 'int'],
  ],
  lines: [
    ...LINK,
    ['line_no', 'int'],
    ['foodid', 'text'],
    ['name', 'text'],
    ['options', 'jsonb'],
    ['quantity', 'int'],
    ['unit_price', 'numeric'],
    ['line_total', 'numeric'],
    ['tax', 'numeric'],
    ['tax_rate', 'numeric'],
  ],
  payments: [
    ...LINK,
    ['n', 'int'],
    ['tender', 'text'],
    ['amount', 'numeric'],
    ['reference', 'text'],
    ['paid_at', 'timestamptz'],
  ],
  history: [...LINK, ['status', 'text'], ['at', 'timestamptz'], ['source', 'text']],
  keys: [...LINK, ['api_client', 'text'], ['idempotency_key', 'text'], ['fingerprint', 'text']],
  moves: [...LINK, ['seq', 'int'], ['foodid', 'text'], ['delta', 'numeric'], ['by', 'text']],
  earns: [
    ...LINK,
    ['program_id', 'int'],
    ['customer_ref', 'text'],
    ['points', 'int'],
    ['expires_at', 'timestamptz'],
    ['rank', 'int'],
  ],
} as const satisfies Record<string, readonly (readonly [string, string])[]>;
type SetName = keyof typeof SETS;

/** `unnest(<an array placeholder per column>) as x(<columns>)` of a set. */
function rowsOf(set: SetName): SQL {
  const columns = SETS[set];
  const arrays = sql.join(
    columns.map(([name, type]) => sql`${sql.placeholder(`${set}.${name}`)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  return sql`unnest(${arrays}) as x(${sql.raw(columns.map(([name]) => name).join(', '))})`;
}

/** A value as an array element: times as ISO text, JSON as text (cast back by the column's type). */
const element = (v: unknown, type: string) =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : type === 'jsonb' ? JSON.stringify(v) : v;

/** The placeholders' values of a set: its rows' columns. */
function arraysOf(set: SetName, rows: object[], into: Record<string, unknown>) {
  for (const [name, type] of SETS[set]) {
    into[`${set}.${name}`] = rows.map((r) => element((r as Record<string, unknown>)[name], type));
  }
}

/** createdAnswer in SQL, of the inserted row `o`: the answer kept for the order's Idempotency-Key. */
const ANSWER_SQL = sql.raw(`jsonb_build_object('result', 'success', 'message', 'Order received', 'order',
  jsonb_build_object('order_id', o.id, 'order_number', o.order_number, 'restaurant', o.restaurant, 'status', o.status,
    'business_date', o.business_date::text, 'currency', o.currency, 'total', o.total, 'paid', o.paid,
    'refunded', o.refunded, 'version', o.version))`);

/**
 * The one statement that writes a batch: data-modifying CTEs, each reading the orders inserted by `o`. It is
 * atomic on its own (no transaction round trips), so whatever it cannot decide alone makes it write nothing and
 * say why, and the caller writes again:
 *  - `days`: the closed days of each (restaurant, asked date), under the restaurant's shared day lock
 *    (DayEndService.countingDate). Unless the dates are given, nothing is written when an asked day is closed
 *    ('closed' rows): the caller works the dates out (countingDate) and writes in a transaction, holding the lock;
 *  - `taken`: an Idempotency-Key kept already for another order ('taken' rows): the caller writes the batch
 *    without those orders, which then go alone (and are refused as the single path refuses them);
 *  - `o`: the orders (a number taken writes nothing: `on conflict do nothing`); `l`, `p`, `h`: lines, payments
 *    (on the order's business date), first status; `k`: the kept answers;
 *  - stock (moveTracked for all the orders): the levels of tracked items locked in foodid order, moved by the sum
 *    of the orders' changes, one ledger entry per order and item with the balance after it in the orders' order,
 *    the menus of restaurants whose items sold out (or came back) touched;
 *  - loyalty (earnForOrder for all the orders): one earn entry per order and program; the accounts made or moved
 *    by what they earn in one upsert, which locks them by customer and program rank (as earnForOrder takes them);
 *  - the rollups of the orders (rollups.ts's own sums, read from the CTEs).
 * Locks are taken in the single path's order — the days, the order numbers, the stock levels (and the menu stamp),
 * the loyalty accounts, the kept keys — each set sorted the same way by every batch, so batches and single orders
 * do not deadlock (the accounts' upsert waits for the stock's CTEs: `where (select count(*) from su) …`).
 * Answers the inserted orders' rows, and (kind, info) rows for 'closed' and 'taken'.
 */
const KEYS_CTE = sql`kx as (select * from ${rowsOf('keys')})`;
const HEAD_CTES = sql`days as (
    select x.r, x.asked, cd_closed_days_from(x.r, x.asked::date) as closed from ${rowsOf('days')}
  ),
  ${KEYS_CTE},
  taken as (
    select kx.api_client, kx.idempotency_key from kx
    join ingest_requests r on r.api_client = kx.api_client and r.idempotency_key = kx.idempotency_key
    left join orders ko on ko.id = r.order_id
    where ko.id is null or ko.restaurant <> kx.restaurant or ko.order_number <> kx.order_number
  ),
  go as (
    select (${sql.placeholder('datesGiven')}::boolean or coalesce(bool_and(cardinality(closed) = 0), true))
      and not exists (select 1 from taken) as ok
    from days
  ),
  o as (
    insert into orders (${sql.raw(SETS.orders.map(([name]) => name).join(', '))})
    select x.* from ${rowsOf('orders')} where (select ok from go)
    on conflict (restaurant, order_number) do nothing
    returning *
  )`;
const TAIL_CTES = sql`l as (
    insert into order_lines (order_id, line_no, foodid, name, options, quantity, unit_price, line_total, tax, tax_rate)
    select o.id, x.line_no, x.foodid, x.name, x.options, x.quantity, x.unit_price, x.line_total, x.tax, x.tax_rate
    from ${rowsOf('lines')} join o using (restaurant, order_number)
    order by o.id, x.line_no
    returning *
  ),
  p as (
    insert into order_payments (order_id, tender, amount, reference, paid_at, business_date)
    select o.id, x.tender, x.amount, x.reference, x.paid_at, o.business_date
    from ${rowsOf('payments')} join o using (restaurant, order_number)
    order by o.id, x.n
    returning *
  ),
  h as (
    insert into order_status_history (order_id, status, at, source)
    select o.id, x.status, x.at, x.source from ${rowsOf('history')} join o using (restaurant, order_number)
    order by o.id
  ),
  k as (
    insert into ingest_requests (api_client, idempotency_key, operation, fingerprint, order_id, answer)
    select kx.api_client, kx.idempotency_key, 'create', kx.fingerprint, o.id, ${ANSWER_SQL}
    from kx join o using (restaurant, order_number)
    order by kx.api_client, kx.idempotency_key
  ),
  sq as (
    select o.id as order_id, o.restaurant, x.seq, x.foodid, x.delta, x.by
    from ${rowsOf('moves')} join o using (restaurant, order_number)
  ),
  sl as (
    select s.foodid, s.restaurant from stock_levels s
    where (s.restaurant, s.foodid) in (select restaurant, foodid from sq)
    order by s.foodid for update
  ),
  sd as (select foodid, sum(delta) as delta from sq join sl using (restaurant, foodid) group by foodid),
  su as (
    update stock_levels s
    set on_hand = s.on_hand + sd.delta, sold_out = s.on_hand + sd.delta <= 0, updated_at = now()
    from sd where s.foodid = sd.foodid
    returning s.foodid, s.restaurant, s.on_hand, sd.delta, s.sold_out, (s.on_hand - sd.delta <= 0) as was_sold_out
  ),
  se as (
    insert into stock_ledger (foodid, restaurant, entry_type, quantity, balance_after, reason, ref, created_by)
    select sq.foodid, su.restaurant, 'sale', sq.delta,
      su.on_hand - su.delta + sum(sq.delta) over (partition by sq.foodid order by sq.seq), '', sq.order_id::text, sq.by
    from sq join su on su.foodid = sq.foodid and su.restaurant = sq.restaurant
    order by sq.seq, sq.foodid
  ),
  sm as (${touchMenusSql(sql`select distinct restaurant from su where sold_out <> was_sold_out`)} returning 1),
  le as (
    select o.id as order_id, x.program_id, x.customer_ref, x.points, x.expires_at, x.rank
    from ${rowsOf('earns')} join o using (restaurant, order_number)
  ),
  acc as (
    insert into loyalty_accounts as a (program_id, customer_ref, balance, earned, last_activity)
    select program_id, customer_ref, sum(points)::int, sum(points)::int, ${sql.placeholder('now')}::timestamptz
    from le
    where (select count(*) from su) + (select count(*) from sm) >= 0
    group by program_id, customer_ref
    order by min(rank)
    on conflict (program_id, customer_ref collate "C") do update
    set balance = a.balance + excluded.balance, earned = a.earned + excluded.earned,
      last_activity = excluded.last_activity
    returning id, program_id, customer_ref
  ),
  ll as (
    insert into loyalty_ledger (account_id, program_id, entry_type, points, remaining, expires_at, order_id, actor)
    select acc.id, le.program_id, 'earn', le.points, le.points, le.expires_at, le.order_id, 'order'
    from le join acc on acc.program_id = le.program_id and acc.customer_ref = le.customer_ref
    order by le.order_id, le.rank
  ),
  ${insertedOrdersRollups({ orders: 'o', payments: 'p', lines: 'l' })}`;
const RESULT = sql`select o.*, x.kind, x.info from o full join (
    select 'closed' as kind, days.r || '|' || days.asked || '|' || array_to_string(days.closed, ',') as info
    from days where cardinality(days.closed) > 0
    union all select 'taken', taken.api_client || '|' || taken.idempotency_key from taken
  ) x on false`;

/** The whole batch in one statement (the system's scope). */
const BATCH_SQL = sql`with ${HEAD_CTES}, ${TAIL_CTES} ${RESULT}`;
/**
 * The same in two statements of one transaction, for a caller limited to sites: row-level security checks an
 * order's lines, payments and status against the orders the caller can see, and a statement does not see its own
 * inserts. The orders first, then the rest of the inserted orders (`ids`).
 */
const ORDERS_SQL = sql`with ${HEAD_CTES} ${RESULT}`;
const REST_SQL = sql`with ${KEYS_CTE},
  o as (select * from orders where id = any(${sql.placeholder('ids')}::bigint[])),
  ${TAIL_CTES}
  select 1 as done`;

const built = new Map<SQL, { query: Query; name: string }>();
/**
 * Runs one of the statements above with the placeholders' values, as a named prepared statement: node-postgres
 * prepares it once per connection (parsed and planned once); PGlite runs it as any other. Its text and parameters
 * are built once; its name is its text's hash.
 */
async function run(db: DbOrTx, statement: SQL, values: Record<string, unknown>): Promise<BatchRow[]> {
  let q = built.get(statement);
  if (!q) {
    const query = new PgDialect().sqlToQuery(statement);
    q = { query, name: `cd_ingest_${crypto.createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}` };
    built.set(statement, q);
  }
  const res = (await db._.session.prepareQuery(q.query, undefined, q.name, false).execute(values)) as {
    rows: BatchRow[];
  };
  return res.rows;
}

type OrderRow = typeof orders.$inferSelect;
const ORDER_COLUMNS = Object.entries(getTableColumns(orders));
/** An order row as the driver returned it (raw SQL) → as drizzle's own queries return it. */
function orderOf(raw: Record<string, unknown>): OrderRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of ORDER_COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as OrderRow;
}

type BatchRow = Record<string, unknown> & { kind: string | null; info: string | null };

/** The placeholders' values for the orders of `list` (one per number), on the business dates `dateOf` gives. */
async function valuesOf(
  db: DbOrTx,
  list: PreparedCreate[],
  dateOf: (p: PreparedCreate) => string,
  datesGiven: boolean,
): Promise<Record<string, unknown>> {
  const earnings = await earningsFor(
    db,
    list.map((p) => ({
      order: {
        customer_ref: p.body.customer_ref,
        status: p.body.status,
        restaurant: p.rest.restaurant,
        foodcourt: p.rest.foodcourt,
        channel: p.body.channel,
        business_date: dateOf(p),
        total: milliText(p.totals.total),
        charges: milliText(toMilli(p.body.charges)),
        placed_at: new Date(p.placedAt),
      },
      lines: p.body.lines,
    })),
  );
  const link = (p: PreparedCreate) => ({ restaurant: p.rest.restaurant, order_number: p.body.order_number });
  const values: Record<string, unknown> = { datesGiven, now: new Date().toISOString() };
  const days = [...new Set(list.map((p) => pairKey(p.rest.restaurant, p.asked)))].sort(byText);
  arraysOf(
    'days',
    days.map((k) => {
      const [r, asked] = k.split('\u0000') as [string, string];
      return { r, asked };
    }),
    values,
  );
  arraysOf(
    'orders',
    list.map((p) => orderRow(p, dateOf(p))),
    values,
  );
  arraysOf(
    'lines',
    list.flatMap((p) => lineRows(p, 0).map((row) => ({ ...row, ...link(p) }))),
    values,
  );
  arraysOf(
    'payments',
    list.flatMap((p) => paymentRows(p, 0, '').map((row, n) => ({ ...row, n, ...link(p) }))),
    values,
  );
  arraysOf(
    'history',
    list.map((p) => ({ ...statusRow(p, 0), ...link(p) })),
    values,
  );
  arraysOf(
    'keys',
    list.flatMap((p) =>
      p.key
        ? [{ api_client: p.client.api_client, idempotency_key: p.key, fingerprint: p.fingerprint, ...link(p) }]
        : [],
    ),
    values,
  );
  arraysOf(
    'moves',
    list.flatMap((p, seq) =>
      [...changesOf(p.body.lines, -1)]
        .filter(([, delta]) => delta !== 0)
        .map(([foodid, delta]) => ({
          seq,
          foodid,
          delta: fromThousandths(delta).toFixed(3),
          by: p.client.api_client,
          ...link(p),
        })),
    ),
    values,
  );
  // Accounts are locked in one order by every batch: by customer, then by the program's rank.
  const earns = list.flatMap((p, i) =>
    earnings[i]!.map((e) => ({ ...e, program_id: e.program.id, customer_ref: p.body.customer_ref, ...link(p) })),
  );
  const lockKey = (e: { customer_ref: string; rank: number }) =>
    pairKey(e.customer_ref, String(e.rank).padStart(6, '0'));
  const lockOrder = new Map([...new Set(earns.map(lockKey))].sort(byText).map((k, i) => [k, i]));
  arraysOf(
    'earns',
    earns.map((e) => ({ ...e, rank: lockOrder.get(lockKey(e)) })),
    values,
  );
  return values;
}

/** The business date each order counts on (DayEndService.countingDate), under the days' locks of `tx`. */
async function countingDates(tx: DbOrTx, list: PreparedCreate[]) {
  const dates = new Map<string, string>();
  for (const k of [...new Set(list.map((p) => pairKey(p.rest.restaurant, p.asked)))].sort(byText)) {
    const [restaurant, asked] = k.split('\u0000') as [string, string];
    dates.set(k, await DayEndService.countingDate(tx, restaurant, asked));
  }
  return (p: PreparedCreate) => dates.get(pairKey(p.rest.restaurant, p.asked))!;
}

const has = (rows: BatchRow[], kind: string) => rows.some((r) => r.kind === kind);

/**
 * The system's batches: one statement on its own; when an order asks for a closed day (nothing was written),
 * again in a transaction with the dates worked out while holding the days' locks.
 */
async function writeWhole(db: Db, list: PreparedCreate[]): Promise<BatchRow[]> {
  const rows = await run(db, BATCH_SQL, await valuesOf(db, list, (p) => p.asked, false));
  if (!has(rows, 'closed') || has(rows, 'taken')) return rows;
  return db.transaction(async (tx) =>
    run(tx, BATCH_SQL, await valuesOf(tx, list, await countingDates(tx, list), true)),
  );
}

/** A caller limited to sites: the orders, then the rest, in one transaction (ORDERS_SQL, REST_SQL). */
function writeSplit(db: Db, list: PreparedCreate[]): Promise<BatchRow[]> {
  return db.transaction(async (tx) => {
    let values = await valuesOf(tx, list, (p) => p.asked, false);
    let rows = await run(tx, ORDERS_SQL, values);
    if (has(rows, 'closed') && !has(rows, 'taken')) {
      values = await valuesOf(tx, list, await countingDates(tx, list), true);
      rows = await run(tx, ORDERS_SQL, values);
    }
    const ids = rows.filter((r) => !r.kind).map((r) => r.id);
    if (ids.length > 0) await run(tx, REST_SQL, { ...values, ids });
    return rows;
  });
}

/**
 * Writes the orders (BATCH_SQL, or ORDERS_SQL and REST_SQL for a caller limited to sites). Answers each order's
 * outcome ('created' or 'exists': its number was taken, before or by an earlier order of the batch), in the order
 * given; throws KeysTaken (nothing written) when keys are kept for other orders.
 */
export async function writeBatch(db: Db, batch: PreparedCreate[]): Promise<Written[]> {
  // One order per number, by restaurant and number; a later one of the same number is a duplicate of the first.
  const sorted = [...batch].sort(
    (a, b) => byText(a.rest.restaurant, b.rest.restaurant) || byText(a.body.order_number, b.body.order_number),
  );
  const list: PreparedCreate[] = [];
  for (const p of sorted) {
    const last = list.at(-1);
    if (last && last.rest.restaurant === p.rest.restaurant && last.body.order_number === p.body.order_number) continue;
    list.push(p);
  }

  const rows = currentDbScope().kind === 'system' ? await writeWhole(db, list) : await writeSplit(db, list);
  const taken = new Set(rows.filter((r) => r.kind === 'taken').map((r) => r.info!));
  if (taken.size > 0) {
    throw new KeysTaken(list.filter((p) => p.key !== undefined && taken.has(`${p.client.api_client}|${p.key}`)));
  }

  const rowOf = new Map<string, OrderRow>();
  for (const raw of rows) {
    if (raw.kind) continue;
    const o = orderOf(raw);
    rowOf.set(pairKey(o.restaurant, o.order_number), o);
  }
  return batch.map((p) => {
    const order = rowOf.get(pairKey(p.rest.restaurant, p.body.order_number));
    if (!order) return { kind: 'exists' };
    rowOf.delete(pairKey(p.rest.restaurant, p.body.order_number)); // the first of a number is the one written
    return { kind: 'created', answer: createdAnswer(order) };
  });
}

// ---------- gathering ----------

export type BatcherOptions = {
  /** At most this many orders in a batch. */
  maxOrders: number;
  /** At most this many order lines in a batch (the statements' parameters stay well under PostgreSQL's limit). */
  maxLines: number;
  /** How long an order waits for others when batches are already being written, at most (ms). */
  waitMs: number;
  /** Batches written at the same time before new orders wait (for one to finish, or waitMs). */
  parallel: number;
  /** For this long after a batch (ms), a lone order is written as a batch of one; after it, alone as before. */
  busyMs: number;
};

/**
 * Up to 50 orders (or 2,000 lines) a batch; one batch written at a time, orders arriving meanwhile wait at most
 * 3 ms (then a second batch goes); a lone order within 100 ms of a batch is a batch of one. Measured on the 2-core
 * bench (docs/decisions.md, "Ingest in batches"): two batches at a time or a 6 ms wait gave no more orders/s.
 * INGEST_BATCH_MAX=1 turns batching off (every order alone, as before batches).
 */
export const BATCH_DEFAULTS: BatcherOptions = {
  maxOrders: Math.max(1, Number(process.env.INGEST_BATCH_MAX) || 50),
  maxLines: 2000,
  waitMs: 3,
  parallel: 1,
  busyMs: 100,
};

type Pending = { p: PreparedCreate; resolve: (o: BatchOutcome) => void };
type Queue = { scope: DbScope; items: Pending[]; lines: number; timer: NodeJS.Timeout | null; soon: boolean };

/**
 * Gathers concurrent create calls, per database scope (a batch's statement runs under one scope: its callers'),
 * and hands them to `write` together. A call made while fewer than `parallel` writes are under way goes at once
 * (on the next turn of the event loop, with whatever arrived in the same turn); otherwise calls wait for a write
 * to finish, or waitMs, or until maxOrders have gathered. A lone order of an idle process is left to the single
 * path ('alone'), and so is every order of a batch whose write failed (the caller writes it alone).
 */
export class IngestBatcher {
  private readonly queues = new Map<string, Queue>();
  /** Writes under way: batches, and orders left to the single path until their caller is done. */
  private writing = 0;
  /** When the last batch started (performance.now()). */
  private lastBatch = -Infinity;

  constructor(
    private readonly write: (batch: PreparedCreate[]) => Promise<Written[]>,
    private readonly options: BatcherOptions = BATCH_DEFAULTS,
    private readonly onFailure: (err: unknown, size: number) => void = () => undefined,
  ) {}

  submit(p: PreparedCreate): Promise<BatchOutcome> {
    const scope = currentDbScope();
    const key = scopeKey(scope);
    // A full batch goes now, and this order starts the next one.
    const waiting = this.queues.get(key);
    if (
      waiting &&
      (waiting.items.length >= this.options.maxOrders || waiting.lines + p.body.lines.length > this.options.maxLines)
    )
      this.flush(key);
    let q = this.queues.get(key);
    if (!q) {
      q = { scope, items: [], lines: 0, timer: null, soon: false };
      this.queues.set(key, q);
    }
    const queue = q;
    return new Promise<BatchOutcome>((resolve) => {
      queue.items.push({ p, resolve });
      queue.lines += p.body.lines.length;
      this.schedule(key, queue);
    });
  }

  private schedule(key: string, q: Queue) {
    if (q.items.length >= this.options.maxOrders) {
      this.flush(key);
    } else if (this.writing < this.options.parallel) {
      if (!q.soon) {
        q.soon = true;
        setImmediate(() => {
          if (this.queues.get(key) === q) this.flush(key);
        });
      }
    } else if (!q.timer) {
      q.timer = setTimeout(() => {
        if (this.queues.get(key) === q) this.flush(key);
      }, this.options.waitMs);
    }
  }

  /** Counts a write under way until the answer's `done` (once). */
  private alone(): BatchOutcome {
    this.writing += 1;
    let open = true;
    return {
      kind: 'alone',
      done: () => {
        if (!open) return;
        open = false;
        this.finished();
      },
    };
  }

  private finished() {
    this.writing -= 1;
    // Orders that waited for a write to finish go now.
    for (const [key, q] of this.queues) if (q.items.length > 0) this.schedule(key, q);
  }

  private flush(key: string) {
    const q = this.queues.get(key);
    if (!q) return;
    if (q.timer) clearTimeout(q.timer);
    this.queues.delete(key);
    // A key sent again for another order in the same batch waits for the batch: alone, it then finds the key kept.
    const items: Pending[] = [];
    const after: Pending[] = [];
    const keys = new Map<string, string>();
    for (const item of q.items) {
      const { p } = item;
      const order = pairKey(p.rest.restaurant, p.body.order_number);
      const k = p.key === undefined ? undefined : pairKey(p.client.api_client, p.key);
      if (k !== undefined && keys.has(k) && keys.get(k) !== order) after.push(item);
      else items.push(item);
      if (k !== undefined && !keys.has(k)) keys.set(k, order);
    }
    // A lone order of an idle process goes the single path (as before batches); one arriving while orders keep
    // coming goes the batch's (one statement instead of a transaction of ~12).
    if (items.length === 1 && after.length === 0 && performance.now() - this.lastBatch > this.options.busyMs) {
      items[0]!.resolve(this.alone());
      return;
    }
    this.lastBatch = performance.now();
    this.writing += 1;
    void runWithScope(q.scope, () => this.writeAll(items, after)).finally(() => this.finished());
  }

  /**
   * Writes the batch; orders whose key turns out to be kept already are taken out and the rest written again
   * (once). Every order is answered: its outcome, or 'alone' (after the batch, for those taken out).
   */
  private async writeAll(items: Pending[], after: Pending[]) {
    let batch = items;
    for (let attempt = 0; ; attempt++) {
      try {
        const outcomes = batch.length > 0 ? await this.write(batch.map((i) => i.p)) : [];
        batch.forEach((item, i) => item.resolve(outcomes[i] ?? this.alone()));
        break;
      } catch (err) {
        if (err instanceof KeysTaken && attempt === 0) {
          const taken = new Set(err.orders);
          after.push(...batch.filter((i) => taken.has(i.p)));
          batch = batch.filter((i) => !taken.has(i.p));
          continue;
        }
        this.onFailure(err, batch.length);
        for (const item of batch) item.resolve(this.alone());
        break;
      }
    }
    for (const item of after) item.resolve(this.alone());
  }
}
