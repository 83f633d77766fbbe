import { sql } from 'drizzle-orm';
import { addDays, addSums, EMPTY_SUMS, fromMilli, salesFigures, toMilli, type DashboardAnswer } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { sumsOf } from './report-queries.js';
import { SOLD_SQL } from './rollups.js';

type Raw = Record<string, string | number | null>;
const rowsOf = async (db: DbOrTx, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: Raw[] }).rows;
const m = (v: unknown) => toMilli(String(v ?? 0));
const restrict = (alias: string, list: string[] | null) =>
  list ? sql`and ${sql.raw(alias)}.restaurant = any(${sql.param(list)}::text[])` : sql``;

/**
 * The sales dashboard (/vdashboard): a day against the same weekday a week before. The cards and the restaurant
 * table read the daily rollups (net sales as every report counts them); the hours read the orders themselves
 * (sales as ordered, gross less discount, by the hour they were placed in the caller's time zone); top items
 * the item rollup. One currency is shown: the one with the most sales that day (others are listed).
 */
export async function salesDashboard(
  db: DbOrTx,
  restaurants: string[] | null,
  date: string,
  tz: string,
): Promise<DashboardAnswer> {
  const before = addDays(date, -7);
  const days = sql`business_date in (${date}, ${before})`;
  const byDay = await rowsOf(
    db,
    sql`select business_date::text as day, currency, restaurant, sum(orders) as orders, sum(items) as items,
          sum(gross) as gross, sum(discount) as discount, sum(refunds) as refunds
        from sales_daily d where ${days} ${restrict('d', restaurants)} group by 1, 2, 3`,
  );
  // Core's one definition of net (gross − discount − refunds) and the average order.
  const net = (r: Raw) => salesFigures(sumsOf(r)).net;
  const perCurrency = new Map<string, number>();
  for (const r of byDay)
    if (r.day === date) perCurrency.set(String(r.currency), (perCurrency.get(String(r.currency)) ?? 0) + net(r));
  const currencies = [...new Set(byDay.map((r) => String(r.currency)))].sort();
  const currency =
    [...perCurrency.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? currencies[0] ?? '';
  const mine = byDay.filter((r) => r.currency === currency);

  const metrics = (day: string) => {
    const rs = mine.filter((r) => r.day === day);
    const f = salesFigures(rs.map(sumsOf).reduce(addSums, EMPTY_SUMS));
    return { orders: f.orders, items: f.items, net: fromMilli(f.net), average: fromMilli(f.average) };
  };

  const hourRows = await rowsOf(
    db,
    sql`select business_date::text as day, extract(hour from placed_at at time zone ${tz})::int as hour,
          count(*) as orders, sum(subtotal - discount) as sales
        from orders o where ${days} and ${SOLD_SQL} and currency = ${currency} ${restrict('o', restaurants)}
        group by 1, 2`,
  );
  const hours = Array.from({ length: 24 }, (_, hour) => {
    const at = (day: string) => hourRows.find((r) => r.day === day && Number(r.hour) === hour);
    return {
      hour,
      net: fromMilli(m(at(date)?.sales)),
      orders: Number(at(date)?.orders ?? 0),
      last_week_net: fromMilli(m(at(before)?.sales)),
      last_week_orders: Number(at(before)?.orders ?? 0),
    };
  });

  const rests = new Map<string, { net: number; orders: number; last_week_net: number }>();
  for (const r of mine) {
    const e = rests.get(String(r.restaurant)) ?? { net: 0, orders: 0, last_week_net: 0 };
    if (r.day === date) {
      e.net += net(r);
      e.orders += Number(r.orders);
    } else e.last_week_net += net(r);
    rests.set(String(r.restaurant), e);
  }
  const names = rests.size
    ? new Map(
        (
          await rowsOf(
            db,
            sql`select restaurant, name from restaurants where restaurant = any(${sql.param([...rests.keys()])}::text[])`,
          )
        ).map((r) => [String(r.restaurant), String(r.name)]),
      )
    : new Map<string, string>();

  const top = await rowsOf(
    db,
    sql`select foodid, max(name) as name, sum(quantity) - sum(refunded_quantity) as quantity, sum(gross) - sum(refunds) as net
        from sales_daily_items i where business_date = ${date} and currency = ${currency} ${restrict('i', restaurants)}
        group by 1 having sum(quantity) > 0 order by 3 desc, 1 limit 10`,
  );

  return {
    result: 'success',
    date,
    compare_date: before,
    currency,
    currencies,
    today: metrics(date),
    last_week: metrics(before),
    hours,
    restaurants: [...rests.entries()]
      .map(([restaurant, e]) => ({
        restaurant,
        name: names.get(restaurant) ?? restaurant,
        net: fromMilli(e.net),
        orders: e.orders,
        last_week_net: fromMilli(e.last_week_net),
      }))
      .sort((a, b) => b.net - a.net || a.restaurant.localeCompare(b.restaurant)),
    top_items: top.map((r) => ({
      foodid: String(r.foodid),
      name: String(r.name),
      quantity: Number(r.quantity),
      net: fromMilli(m(r.net)),
    })),
  };
}
