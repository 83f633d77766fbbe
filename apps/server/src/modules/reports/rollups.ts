import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { SALES_CHANNEL } from '../jobs/job-store.js';

/**
 * Keeps the daily rollups (db/schema/reports.ts) equal to the orders they sum, inside the transaction that
 * changes an order: `orderContribution(tx, id, -1)` before the change and `(tx, id, +1)` after it; a refund adds
 * its own contribution once (refunds never change). Each statement adds a signed amount to the rollup rows with
 * an upsert, so concurrent orders of the same restaurant and day only queue on those rows (no lost updates), and
 * rows are written in key order so two transactions never wait on each other crosswise.
 *
 * The same sums, over many orders at once, rebuild any range of dates (`rebuildRollups`): one definition of
 * what an order contributes, written twice only in its selection (one order / a range).
 */

/** One order (or, for refunds, one refund) by id, or every one of a range of business dates. */
type Scope = { kind: 'one'; id: number } | { kind: 'range'; from: string; to: string };

const live = sql`o.status <> 'cancelled'`;
const orderWhere = (scope: Scope): SQL =>
  scope.kind === 'one' ? sql`o.id = ${scope.id}` : sql`o.business_date between ${scope.from} and ${scope.to}`;
const refundWhere = (scope: Scope): SQL =>
  scope.kind === 'one' ? sql`r.id = ${scope.id}` : sql`r.business_date between ${scope.from} and ${scope.to}`;

const addUp = (columns: string[]) => sql.raw(columns.map((c) => `${c} = d.${c} + excluded.${c}`).join(', '));

const SALES_KEY = 'business_date, restaurant, currency, session, channel, order_type';
const SALES_SUMS = ['orders', 'cancelled', 'items', 'gross', 'discount', 'charges', 'tax'];
const REFUND_SUMS = ['refunds', 'refund_count'];
const TENDER_KEY = 'business_date, restaurant, currency, session, channel, tender';
const ITEM_KEY = 'business_date, restaurant, currency, session, channel, foodid';
const OPTION_KEY = 'business_date, restaurant, currency, session, channel, foodid, option_group, option_name';

async function addOrders(tx: DbOrTx, scope: Scope, sign: 1 | -1): Promise<void> {
  const where = orderWhere(scope);
  const s = sql.raw(String(sign));
  await tx.execute(sql`
    insert into sales_daily as d (${sql.raw(SALES_KEY)}, foodcourt, ${sql.raw(SALES_SUMS.join(', '))})
    select o.business_date, o.restaurant, o.currency, o.session, o.channel, o.order_type, min(o.foodcourt),
      ${s} * count(*) filter (where ${live}),
      ${s} * count(*) filter (where not (${live})),
      ${s} * coalesce(sum(o.item_count) filter (where ${live}), 0),
      ${s} * coalesce(sum(o.subtotal) filter (where ${live}), 0),
      ${s} * coalesce(sum(o.discount) filter (where ${live}), 0),
      ${s} * coalesce(sum(o.charges) filter (where ${live}), 0),
      ${s} * coalesce(sum(o.tax) filter (where ${live}), 0)
    from orders o where ${where}
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (${sql.raw(SALES_KEY)}) do update set ${addUp(SALES_SUMS)}`);
  await tx.execute(sql`
    insert into sales_daily_tenders as d (${sql.raw(TENDER_KEY)}, foodcourt, payments, amount)
    select o.business_date, o.restaurant, o.currency, o.session, o.channel, p.tender, min(o.foodcourt),
      ${s} * count(*), ${s} * sum(p.amount)
    from orders o join order_payments p on p.order_id = o.id where ${where} and ${live}
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (${sql.raw(TENDER_KEY)}) do update set ${addUp(['payments', 'amount'])}`);
  await tx.execute(sql`
    insert into sales_daily_items as d (${sql.raw(ITEM_KEY)}, foodcourt, name, quantity, gross, tax)
    select o.business_date, o.restaurant, o.currency, o.session, o.channel, l.foodid, min(o.foodcourt), max(l.name),
      ${s} * sum(l.quantity), ${s} * sum(l.line_total), ${s} * sum(l.tax)
    from orders o join order_lines l on l.order_id = o.id where ${where} and ${live}
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (${sql.raw(ITEM_KEY)}) do update set name = excluded.name, ${addUp(['quantity', 'gross', 'tax'])}`);
  await tx.execute(sql`
    insert into sales_daily_options as d (${sql.raw(OPTION_KEY)}, foodcourt, quantity, gross)
    select o.business_date, o.restaurant, o.currency, o.session, o.channel, l.foodid,
      coalesce(opt->>'group', ''), coalesce(opt->>'name', ''), min(o.foodcourt),
      ${s} * sum(l.quantity), ${s} * sum(coalesce((opt->>'price')::numeric, 0) * l.quantity)
    from orders o join order_lines l on l.order_id = o.id cross join lateral jsonb_array_elements(l.options) opt
    where ${where} and ${live} and jsonb_typeof(l.options) = 'array'
    group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (${sql.raw(OPTION_KEY)}) do update set ${addUp(['quantity', 'gross'])}`);
}

async function addRefunds(tx: DbOrTx, scope: Scope): Promise<void> {
  const where = refundWhere(scope);
  await tx.execute(sql`
    insert into sales_daily as d (${sql.raw(SALES_KEY)}, foodcourt, refunds, refund_count)
    select r.business_date, o.restaurant, o.currency, o.session, o.channel, o.order_type, min(o.foodcourt),
      sum(r.amount), count(*)
    from refunds r join orders o on o.id = r.order_id where ${where}
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (${sql.raw(SALES_KEY)}) do update set ${addUp(REFUND_SUMS)}`);
  await tx.execute(sql`
    insert into sales_daily_items as d (${sql.raw(ITEM_KEY)}, foodcourt, name, refunded_quantity, refunds)
    select r.business_date, o.restaurant, o.currency, o.session, o.channel, l.foodid, min(o.foodcourt), max(l.name),
      sum(rl.quantity), sum(rl.amount)
    from refunds r join refund_lines rl on rl.refund_id = r.id join order_lines l on l.id = rl.order_line_id
      join orders o on o.id = r.order_id
    where ${where}
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (${sql.raw(ITEM_KEY)}) do update set ${addUp(['refunded_quantity', 'refunds'])}`);
}

/** Adds (+1) or takes out (-1) one order's sales, payments, items and options (not its refunds). */
export async function orderContribution(tx: DbOrTx, orderId: number, sign: 1 | -1): Promise<void> {
  await addOrders(tx, { kind: 'one', id: orderId }, sign);
  // Live dashboards hear of it when the change commits (a rolled-back change sends nothing).
  if (sign === 1) await notifySales(tx, sql`select restaurant from orders where id = ${orderId}`);
}

async function notifySales(tx: DbOrTx, restaurantOf: SQL): Promise<void> {
  await tx.execute(sql`select pg_notify(${SALES_CHANNEL}, restaurant) from (${restaurantOf}) as r`);
}

/** Adds one refund (on its own business date, under its order's dimensions). */
export async function refundContribution(tx: DbOrTx, refundId: number): Promise<void> {
  await addRefunds(tx, { kind: 'one', id: refundId });
  await notifySales(
    tx,
    sql`select o.restaurant from refunds r join orders o on o.id = r.order_id where r.id = ${refundId}`,
  );
}

const ROLLUP_TABLES = ['sales_daily', 'sales_daily_tenders', 'sales_daily_items', 'sales_daily_options'];

/**
 * Recomputes the rollups of a range of business dates from the orders and refunds (after a bulk import, to repair,
 * and once at the first start on a database that had orders before the rollups existed). Run it in a
 * transaction; an omitted range means every date.
 */
export async function rebuildRollups(tx: DbOrTx, range?: { from: string; to: string }): Promise<void> {
  const r = range ?? { from: '1900-01-01', to: '2999-12-31' };
  // One rebuild at a time (several API processes may start together on PostgreSQL).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cd_sales_rollups'))`);
  for (const table of ROLLUP_TABLES) {
    await tx.execute(sql`delete from ${sql.raw(table)} where business_date between ${r.from} and ${r.to}`);
  }
  await addOrders(tx, { kind: 'range', ...r }, 1);
  await addRefunds(tx, { kind: 'range', ...r });
  if (!range) {
    await tx.execute(sql`insert into app_state (key, value) values (${ROLLUPS_STATE}, '1')
      on conflict (key) do update set value = '1', updated_at = now()`);
  }
}

const ROLLUPS_STATE = 'sales_rollups_built';

/**
 * A database that had orders before the rollups existed (or whose rollups were never built) gets them built
 * once, at start; afterwards every order change keeps them.
 */
export async function ensureRollups(db: Db): Promise<boolean> {
  const built = (await db.execute(sql`select 1 from app_state where key = ${ROLLUPS_STATE}`)) as unknown as {
    rows: unknown[];
  };
  if (built.rows.length > 0) return false;
  await db.transaction(async (tx) => {
    const again = (await tx.execute(
      sql`select 1 from app_state where key = ${ROLLUPS_STATE} for update`,
    )) as unknown as {
      rows: unknown[];
    };
    if (again.rows.length === 0) await rebuildRollups(tx);
  });
  return true;
}
