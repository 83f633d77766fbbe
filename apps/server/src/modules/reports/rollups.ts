import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { every } from '../../lib/periodic.js';

/**
 * Keeps the daily rollups (db/schema/reports.ts) equal to the orders they sum, inside the transaction that
 * changes an order: `orderContribution(tx, id, -1)` before the change and `(tx, id, +1)` after it; a refund adds
 * its own contribution once (refunds never change). Contributions are APPENDED as signed rows, never added into an
 * existing row: twenty kiosks of one restaurant sending orders at once would otherwise all wait on the same rollup
 * row until each other's commit (measured: 80 orders a second instead of 500+). Readers always sum, so a key's
 * several rows give the same totals as one; `compactRollups` folds them into one row per key now and then.
 *
 * The same sums, over many orders at once, rebuild any range of dates (`rebuildRollups`): one definition of
 * what an order contributes, written twice only in its selection (one order / a range).
 */

/** One order (or, for refunds, one refund) by id, or every one of a range of business dates. */
type Scope = { kind: 'one'; id: number } | { kind: 'range'; from: string; to: string };

/**
 * Core's `countsAsSale` (orders/figures.ts) in SQL: an order is a sale when it is not cancelled or money was taken
 * for it. Every query of sales from the orders themselves uses this (the rollups, the dashboard's hours, the
 * order-level report), never `status <> 'cancelled'` alone.
 */
export const SOLD_SQL = sql.raw(`(o.status <> 'cancelled' or o.paid > 0)`);
const live = SOLD_SQL;
const orderWhere = (scope: Scope): SQL =>
  scope.kind === 'one' ? sql`o.id = ${scope.id}` : sql`o.business_date between ${scope.from} and ${scope.to}`;
/** Payments count on their own business date (a late payment on a closed day's order: a later day). */
const paymentWhere = (scope: Scope): SQL =>
  scope.kind === 'one' ? sql`p.order_id = ${scope.id}` : sql`p.business_date between ${scope.from} and ${scope.to}`;
const refundWhere = (scope: Scope): SQL =>
  scope.kind === 'one' ? sql`r.id = ${scope.id}` : sql`r.business_date between ${scope.from} and ${scope.to}`;

/** Each rollup table: its key, the columns it sums, and what a kept row must have (not all zero). */
const ROLLUPS = [
  {
    table: 'sales_daily',
    key: ['business_date', 'restaurant', 'currency', 'session', 'channel', 'order_type'],
    sums: ['orders', 'cancelled', 'items', 'gross', 'discount', 'charges', 'tax', 'refunds', 'refund_count'],
    keep: 'sum(orders) <> 0 or sum(cancelled) <> 0 or sum(refund_count) <> 0 or sum(gross) <> 0 or sum(refunds) <> 0',
  },
  {
    table: 'sales_daily_tenders',
    key: ['business_date', 'restaurant', 'currency', 'session', 'channel', 'tender'],
    sums: ['payments', 'amount'],
    keep: 'sum(payments) <> 0 or sum(amount) <> 0',
  },
  {
    table: 'sales_daily_items',
    key: ['business_date', 'restaurant', 'currency', 'session', 'channel', 'foodid', 'tax_rate'],
    sums: ['quantity', 'gross', 'tax', 'refunded_quantity', 'refunds'],
    keep: 'sum(quantity) <> 0 or sum(refunded_quantity) <> 0 or sum(gross) <> 0 or sum(refunds) <> 0',
    extra: 'max(name)',
    extraColumn: 'name',
  },
  {
    table: 'sales_daily_options',
    key: ['business_date', 'restaurant', 'currency', 'session', 'channel', 'foodid', 'option_group', 'option_name'],
    sums: ['quantity', 'gross'],
    keep: 'sum(quantity) <> 0 or sum(gross) <> 0',
  },
] as const;

/**
 * Where the sums of orders read them: `orders` a query of the orders (read as `o`), `payments` a FROM clause giving
 * their payments as `p` joined to their order as `o`, `lines` the relation of their lines.
 */
type OrderSource = { orders: SQL; payments: SQL; lines: SQL };

/** The orders' sums appended to the four rollups: the CTEs of one statement (data-modifying, named rollup_*). */
function orderRollups(src: OrderSource, sign: 1 | -1): SQL {
  const s = sql.raw(String(sign));
  return sql`rollup_o as (${src.orders}),
    rollup_d as (
      insert into sales_daily (business_date, restaurant, currency, session, channel, order_type, foodcourt,
        orders, cancelled, items, gross, discount, charges, tax)
      select o.business_date, o.restaurant, o.currency, o.session, o.channel, o.order_type, min(o.foodcourt),
        ${s} * count(*) filter (where ${live}),
        ${s} * count(*) filter (where o.status = 'cancelled'),
        ${s} * coalesce(sum(o.item_count) filter (where ${live}), 0),
        ${s} * coalesce(sum(o.subtotal) filter (where ${live}), 0),
        ${s} * coalesce(sum(o.discount) filter (where ${live}), 0),
        ${s} * coalesce(sum(o.charges) filter (where ${live}), 0),
        ${s} * coalesce(sum(o.tax) filter (where ${live}), 0)
      from rollup_o o group by 1, 2, 3, 4, 5, 6
      returning 1
    ), rollup_t as (
      insert into sales_daily_tenders (business_date, restaurant, currency, session, channel, tender, foodcourt,
        payments, amount)
      select p.business_date, o.restaurant, o.currency, o.session, o.channel, p.tender, min(o.foodcourt),
        ${s} * count(*), ${s} * sum(p.amount)
      from ${src.payments}
      group by 1, 2, 3, 4, 5, 6
      returning 1
    ), rollup_i as (
      insert into sales_daily_items (business_date, restaurant, currency, session, channel, foodid, tax_rate,
        foodcourt, name, quantity, gross, tax)
      select o.business_date, o.restaurant, o.currency, o.session, o.channel, l.foodid, l.tax_rate, min(o.foodcourt),
        max(l.name), ${s} * sum(l.quantity), ${s} * sum(l.line_total), ${s} * sum(l.tax)
      from rollup_o o join ${src.lines} l on l.order_id = o.id where ${live}
      group by 1, 2, 3, 4, 5, 6, 7
      returning 1
    ), rollup_op as (
      insert into sales_daily_options (business_date, restaurant, currency, session, channel, foodid, option_group,
        option_name, foodcourt, quantity, gross)
      select o.business_date, o.restaurant, o.currency, o.session, o.channel, l.foodid,
        coalesce(opt->>'group', ''), coalesce(opt->>'name', ''), min(o.foodcourt),
        ${s} * sum(l.quantity), ${s} * sum(coalesce((opt->>'price')::numeric, 0) * l.quantity)
      from rollup_o o join ${src.lines} l on l.order_id = o.id cross join lateral jsonb_array_elements(l.options) opt
      where ${live} and jsonb_typeof(l.options) = 'array'
      group by 1, 2, 3, 4, 5, 6, 7, 8
      returning 1
    )`;
}

/** One statement (data-modifying CTEs): an order's ingest pays one round trip for its rollups, not four. */
async function addOrders(tx: DbOrTx, scope: Scope, sign: 1 | -1): Promise<void> {
  const src = {
    orders: sql`select * from orders o where ${orderWhere(scope)}`,
    payments: sql`order_payments p join orders o on o.id = p.order_id where ${paymentWhere(scope)}`,
    lines: sql`order_lines`,
  };
  await tx.execute(sql`with ${orderRollups(src, sign)} select 1`);
}

/**
 * The rollups of orders inserted by the same statement (the ingest's batches, modules/orders/ingest.batch.ts): CTEs
 * for that statement's WITH. A statement does not see its own inserts in the tables, so the orders, their payments
 * and lines are read from the RETURNING * of its CTEs named here.
 */
export function insertedOrdersRollups(ctes: { orders: string; payments: string; lines: string }): SQL {
  return orderRollups(
    {
      orders: sql`select * from ${sql.raw(ctes.orders)}`,
      payments: sql`${sql.raw(ctes.payments)} p join ${sql.raw(ctes.orders)} o on o.id = p.order_id`,
      lines: sql.raw(ctes.lines),
    },
    1,
  );
}

async function addRefunds(tx: DbOrTx, scope: Scope, sign: 1 | -1 = 1): Promise<void> {
  const where = refundWhere(scope);
  const s = sql.raw(String(sign));
  await tx.execute(sql`
    insert into sales_daily (business_date, restaurant, currency, session, channel, order_type, foodcourt,
      refunds, refund_count)
    select r.business_date, o.restaurant, o.currency, o.session, o.channel, o.order_type, min(o.foodcourt),
      ${s} * sum(r.amount), ${s} * count(*)
    from refunds r join orders o on o.id = r.order_id where ${where}
    group by 1, 2, 3, 4, 5, 6`);
  await tx.execute(sql`
    insert into sales_daily_items (business_date, restaurant, currency, session, channel, foodid, tax_rate, foodcourt,
      name, refunded_quantity, refunds)
    select r.business_date, o.restaurant, o.currency, o.session, o.channel, l.foodid, l.tax_rate, min(o.foodcourt),
      max(l.name), ${s} * sum(rl.quantity), ${s} * sum(rl.amount)
    from refunds r join refund_lines rl on rl.refund_id = r.id join order_lines l on l.id = rl.order_line_id
      join orders o on o.id = r.order_id
    where ${where}
    group by 1, 2, 3, 4, 5, 6, 7`);
}

/** Adds (+1) or takes out (-1) one order's sales, payments, items and options (not its refunds). */
export async function orderContribution(tx: DbOrTx, orderId: number, sign: 1 | -1): Promise<void> {
  // Live dashboards hear of it after the commit (sales-notify.ts), not from inside this transaction.
  await addOrders(tx, { kind: 'one', id: orderId }, sign);
}

/**
 * Adds one refund (on its own business date, under its order's dimensions); -1 takes it out (a refund only moves
 * when the day end carries its open order to the next day).
 */
export async function refundContribution(tx: DbOrTx, refundId: number, sign: 1 | -1 = 1): Promise<void> {
  await addRefunds(tx, { kind: 'one', id: refundId }, sign);
}

const ROLLUPS_LOCK = sql`select pg_advisory_xact_lock(hashtext('cd_sales_rollups'))`;
const ROLLUPS_STATE = 'sales_rollups_built';
const COMPACTED_STATE = 'sales_rollups_compacted';

type Rows<T> = { rows: T[] };
const firstRow = async <T>(db: DbOrTx, q: SQL) => ((await db.execute(q)) as unknown as Rows<T>).rows[0];

/**
 * Recomputes the rollups of a range of business dates from the orders and refunds (after a bulk import, to repair,
 * and once at the first start on a database that had orders before the rollups existed). Run it in a
 * transaction; an omitted range means every date.
 */
export async function rebuildRollups(tx: DbOrTx, range?: { from: string; to: string }): Promise<void> {
  const r = range ?? { from: '1900-01-01', to: '2999-12-31' };
  // One rebuild or compaction at a time (several API processes may start together on PostgreSQL).
  await tx.execute(ROLLUPS_LOCK);
  for (const { table } of ROLLUPS) {
    await tx.execute(sql`delete from ${sql.raw(table)} where business_date between ${r.from} and ${r.to}`);
  }
  await addOrders(tx, { kind: 'range', ...r }, 1);
  await addRefunds(tx, { kind: 'range', ...r });
  // A rebuilt range holds one row per key already (each statement groups; refunds are compacted in next time).
  if (!range) {
    await tx.execute(sql`insert into app_state (key, value) values (${ROLLUPS_STATE}, '1')
      on conflict (key) do update set value = '1', updated_at = now()`);
  }
}

/**
 * Folds the rows appended since the last compaction into one row per key (rows whose sums all come to zero go;
 * a folded row has `seq` 0, so it is only folded again with new rows of its key),
 * table by table, each in one transaction. Readers sum, so they see the same totals before, during and after.
 * A row appended by a transaction that commits after this one read its position is left for the next time.
 * Answers how many rows it folded.
 */
export async function compactRollups(db: Db): Promise<number> {
  let folded = 0;
  for (const t of ROLLUPS) {
    folded += await db.transaction(async (tx) => {
      await tx.execute(ROLLUPS_LOCK);
      const state = await firstRow<{ value: string }>(
        tx,
        sql`select value from app_state where key = ${`${COMPACTED_STATE}:${t.table}`}`,
      );
      const after = Number(state?.value ?? 0);
      const top = await firstRow<{ seq: string | null }>(tx, sql`select max(seq) as seq from ${sql.raw(t.table)}`);
      const upTo = Number(top?.seq ?? 0);
      if (upTo <= after) return 0;
      const key = t.key.join(', ');
      const keyMatch = sql.raw(t.key.map((k) => `t.${k} = k.${k}`).join(' and '));
      const extra = 'extra' in t ? `, ${t.extraColumn}` : '';
      const extraValue = 'extra' in t ? `, ${t.extra}` : '';
      const sums = t.sums.map((c) => `sum(${c})`).join(', ');
      const res = (await tx.execute(sql`
        with touched as (
          select distinct ${sql.raw(key)} from ${sql.raw(t.table)} where seq > ${after} and seq <= ${upTo}
        ), moved as (
          delete from ${sql.raw(t.table)} t using touched k where ${keyMatch} returning t.*
        ), kept as (
          insert into ${sql.raw(t.table)} (seq, ${sql.raw(key)}, foodcourt${sql.raw(extra)}, ${sql.raw(t.sums.join(', '))})
          select 0, ${sql.raw(key)}, min(foodcourt)${sql.raw(extraValue)}, ${sql.raw(sums)}
          from moved group by ${sql.raw(key)} having ${sql.raw(t.keep)}
          returning 1
        )
        select (select count(*) from moved) as moved`)) as unknown as Rows<{ moved: string }>;
      await tx.execute(sql`insert into app_state (key, value) values (${`${COMPACTED_STATE}:${t.table}`}, ${String(upTo)})
        on conflict (key) do update set value = excluded.value, updated_at = now()`);
      return Number(res.rows[0]?.moved ?? 0);
    });
  }
  return folded;
}

/** Compacts every `everyMs`, each round in one of the job-running processes; returns the stop function. */
export function startCompaction(db: Db, everyMs: number, log: { warn: (obj: object, msg: string) => void }) {
  return every(db, everyMs, () => compactRollups(db), log, 'rollup compaction');
}

/**
 * A database that had orders before the rollups existed (or whose rollups were never built) gets them built
 * once, at start; afterwards every order change keeps them.
 */
export async function ensureRollups(db: Db): Promise<boolean> {
  const built = await firstRow(db, sql`select 1 from app_state where key = ${ROLLUPS_STATE}`);
  if (built) return false;
  await db.transaction(async (tx) => {
    await tx.execute(ROLLUPS_LOCK);
    const again = await firstRow(tx, sql`select 1 from app_state where key = ${ROLLUPS_STATE}`);
    if (!again) await rebuildRollups(tx);
  });
  return true;
}
