import { sql, type SQL } from 'drizzle-orm';
import {
  fromMilli,
  labelOf,
  ORDER_CHANNEL_LABELS,
  ORDER_TYPE_LABELS,
  PAYMENT_TENDER_LABELS,
  salesFigures as coreFigures,
  toMilli,
  type SalesSums,
  type DayTotals,
  type ReportColumn,
  type ReportFilters,
  type ReportKind,
  type ReportRow,
} from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { SOLD_SQL } from './rollups.js';

/**
 * The one query layer of the reports (issue 14 point 3): every sales figure is summed from the daily rollups
 * with the definitions below, so a period's net sales are the same in every report, the dashboard and the
 * day-end.
 *
 *   gross     what the items sold came to (unit price × quantity, options and tax included)
 *   discount  order discounts
 *   refunds   money given back, on the refund's business date
 *   net       gross − discount − refunds
 *   charges   delivery and service charges; total = net + charges
 *   tax       the tax in the items sold
 */
export const NET_SQL = sql.raw('sum(gross) - sum(discount) - sum(refunds)');

/** Which restaurants and which slice of the rollups a report reads. */
export type ReportScope = {
  from: string;
  to: string;
  /** null: every restaurant (an administrator with no site filter). */
  restaurants: string[] | null;
  filters: Pick<ReportFilters, 'session' | 'channel' | 'order_type'>;
};

export type ReportTable = {
  columns: ReportColumn[];
  rows: ReportRow[];
  /** The key each row is matched on with the comparison period (not sent). */
  keys: string[];
  chart: { type: 'bar' | 'line'; x: string; series: string[] };
  truncated: boolean;
};

export const MAX_ANSWER_ROWS = 5000;

const col = (key: string, label: string, type: ReportColumn['type'], compared = false): ReportColumn => ({
  key,
  label,
  type,
  compared,
});

function where(scope: ReportScope, opts: { orderType?: boolean; alias?: string } = {}): SQL {
  const a = opts.alias ? `${opts.alias}.` : '';
  const parts: SQL[] = [sql`${sql.raw(a)}business_date between ${scope.from} and ${scope.to}`];
  if (scope.restaurants) parts.push(sql`${sql.raw(a)}restaurant = any(${sql.param(scope.restaurants)}::text[])`);
  const f = scope.filters;
  if (f.session) parts.push(sql`${sql.raw(a)}session = ${f.session === 'none' ? '' : f.session}`);
  if (f.channel) parts.push(sql`${sql.raw(a)}channel = ${f.channel}`);
  if (opts.orderType && f.order_type) parts.push(sql`${sql.raw(a)}order_type = ${f.order_type}`);
  return sql.join(parts, sql` and `);
}

type Raw = Record<string, string | number | null>;
async function rows(db: DbOrTx, query: SQL): Promise<Raw[]> {
  const res = (await db.execute(query)) as unknown as { rows: Raw[] };
  return res.rows;
}
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const money = (v: unknown) => fromMilli(toMilli(String(v ?? 0)));

async function restaurantNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows(
    db,
    sql`select restaurant, name from restaurants where restaurant = any(${sql.param([...new Set(ids)])}::text[])`,
  );
  return new Map(found.map((r) => [String(r.restaurant), String(r.name)]));
}

const SALES_DIMS = {
  sales_by_day: { expr: 'business_date::text', key: 'business_date', label: 'Business date', type: 'date' as const },
  sales_by_restaurant: { expr: 'restaurant', key: 'restaurant', label: 'Restaurant', type: 'text' as const },
  sales_by_session: {
    expr: "coalesce(nullif(session, ''), 'No session')",
    key: 'session',
    label: 'Session',
    type: 'text' as const,
  },
  sales_by_channel: {
    expr: 'channel',
    key: 'channel',
    label: 'Channel',
    type: 'text' as const,
    names: ORDER_CHANNEL_LABELS as Record<string, string>,
  },
  sales_by_order_type: {
    expr: 'order_type',
    key: 'order_type',
    label: 'Order type',
    type: 'text' as const,
    names: ORDER_TYPE_LABELS as Record<string, string>,
  },
};

/** A dimension's value as people read it: a channel or order type by its name (issue 35), others as stored. */
const dimValue = (dim: (typeof SALES_DIMS)[keyof typeof SALES_DIMS], value: string) =>
  'names' in dim ? labelOf(dim.names, value) : value;

const SALES_COLUMNS: ReportColumn[] = [
  col('orders', 'Orders', 'count', true),
  col('items', 'Items', 'count', true),
  col('gross', 'Gross sales', 'money', true),
  col('discount', 'Discounts', 'money', true),
  col('refunds', 'Refunds', 'money', true),
  col('net', 'Net sales', 'money', true),
  col('tax', 'Tax', 'money', true),
  col('charges', 'Charges', 'money', true),
  col('total', 'Total', 'money', true),
  col('average', 'Average order', 'money', true),
  col('cancelled', 'Cancelled orders', 'count', true),
];

/** The rollup sums of a row (text from the database) in thousandths and counts. */
export function sumsOf(r: Raw): SalesSums {
  return {
    orders: num(r.orders),
    cancelled: num(r.cancelled),
    items: num(r.items),
    gross: toMilli(String(r.gross ?? 0)),
    discount: toMilli(String(r.discount ?? 0)),
    charges: toMilli(String(r.charges ?? 0)),
    tax: toMilli(String(r.tax ?? 0)),
    refunds: toMilli(String(r.refunds ?? 0)),
  };
}

/** Adds the derived figures (core's salesFigures, the one definition) to a row of sums, exactly. */
function salesFigures(r: Raw): ReportRow {
  const f = coreFigures(sumsOf(r));
  return {
    orders: f.orders,
    items: f.items,
    gross: fromMilli(f.gross),
    discount: fromMilli(f.discount),
    refunds: fromMilli(f.refunds),
    net: fromMilli(f.net),
    tax: fromMilli(f.tax),
    charges: fromMilli(f.charges),
    total: fromMilli(f.total),
    average: fromMilli(f.average),
    cancelled: f.cancelled,
  };
}

async function salesReport(db: DbOrTx, kind: keyof typeof SALES_DIMS, scope: ReportScope): Promise<ReportTable> {
  const dim = SALES_DIMS[kind];
  const found = await rows(
    db,
    sql`select ${sql.raw(dim.expr)} as key, currency, sum(orders) as orders, sum(cancelled) as cancelled,
          sum(items) as items, sum(gross) as gross, sum(discount) as discount, sum(refunds) as refunds,
          sum(charges) as charges, sum(tax) as tax
        from sales_daily where ${where(scope, { orderType: true })}
        group by 1, 2 having sum(orders) + sum(cancelled) + sum(refund_count) > 0
        order by 1, 2 limit ${MAX_ANSWER_ROWS + 1}`,
  );
  const names =
    kind === 'sales_by_restaurant'
      ? await restaurantNames(
          db,
          found.map((r) => String(r.key)),
        )
      : null;
  const shown = found.slice(0, MAX_ANSWER_ROWS);
  const lead: ReportColumn[] = names
    ? [col('restaurant_name', 'Restaurant', 'text'), col('restaurant', 'Restaurant id', 'text')]
    : [col(dim.key, dim.label, dim.type)];
  return {
    columns: [...lead, col('currency', 'Currency', 'text'), ...SALES_COLUMNS],
    rows: shown.map((r) => ({
      ...(names
        ? { restaurant_name: names.get(String(r.key)) ?? String(r.key), restaurant: String(r.key) }
        : { [dim.key]: dimValue(dim, String(r.key)) }),
      currency: String(r.currency),
      ...salesFigures(r),
    })),
    keys: shown.map((r) =>
      kind === 'sales_by_day' ? `${daysFrom(scope.from, String(r.key))}|${r.currency}` : `${r.key}|${r.currency}`,
    ),
    chart: { type: kind === 'sales_by_day' ? 'line' : 'bar', x: names ? 'restaurant_name' : dim.key, series: ['net'] },
    truncated: found.length > MAX_ANSWER_ROWS,
  };
}

const daysFrom = (from: string, date: string) => Math.round((Date.parse(date) - Date.parse(from)) / 86_400_000);

async function tenderReport(db: DbOrTx, scope: ReportScope): Promise<ReportTable> {
  const found = await rows(
    db,
    sql`select tender, currency, sum(payments) as payments, sum(amount) as amount
        from sales_daily_tenders where ${where(scope)} group by 1, 2 having sum(payments) <> 0 order by 1, 2`,
  );
  const byCurrency = new Map<string, number>();
  for (const r of found)
    byCurrency.set(String(r.currency), (byCurrency.get(String(r.currency)) ?? 0) + toMilli(String(r.amount)));
  return {
    columns: [
      col('tender', 'Tender', 'text'),
      col('currency', 'Currency', 'text'),
      col('payments', 'Payments', 'count', true),
      col('amount', 'Amount', 'money', true),
      col('share', 'Share', 'percent'),
    ],
    rows: found.map((r) => {
      const amount = toMilli(String(r.amount));
      const all = byCurrency.get(String(r.currency)) ?? 0;
      return {
        tender: labelOf(PAYMENT_TENDER_LABELS, String(r.tender)),
        currency: String(r.currency),
        payments: num(r.payments),
        amount: fromMilli(amount),
        share: all ? Math.round((amount / all) * 1000) / 10 : 0,
      };
    }),
    keys: found.map((r) => `${r.tender}|${r.currency}`),
    chart: { type: 'bar', x: 'tender', series: ['amount'] },
    truncated: false,
  };
}

async function taxSummary(db: DbOrTx, scope: ReportScope): Promise<ReportTable> {
  const found = await rows(
    db,
    sql`select business_date::text as business_date, restaurant, currency, sum(gross) as gross,
          sum(discount) as discount, sum(tax) as tax, sum(refunds) as refunds
        from sales_daily where ${where(scope, { orderType: true })}
        group by 1, 2, 3 having sum(orders) + sum(refund_count) > 0 order by 1, 2, 3 limit ${MAX_ANSWER_ROWS + 1}`,
  );
  const names = await restaurantNames(
    db,
    found.map((r) => String(r.restaurant)),
  );
  const shown = found.slice(0, MAX_ANSWER_ROWS);
  return {
    columns: [
      col('business_date', 'Business date', 'date'),
      col('restaurant_name', 'Restaurant', 'text'),
      col('currency', 'Currency', 'text'),
      col('gross', 'Gross sales', 'money', true),
      col('discount', 'Discounts', 'money', true),
      col('taxable', 'Taxable amount', 'money', true),
      col('tax', 'Tax', 'money', true),
      col('refunds', 'Refunds', 'money', true),
    ],
    rows: shown.map((r) => {
      const gross = toMilli(String(r.gross));
      const discount = toMilli(String(r.discount));
      const tax = toMilli(String(r.tax));
      return {
        business_date: String(r.business_date),
        restaurant_name: names.get(String(r.restaurant)) ?? String(r.restaurant),
        currency: String(r.currency),
        gross: fromMilli(gross),
        discount: fromMilli(discount),
        taxable: fromMilli(gross - discount - tax),
        tax: fromMilli(tax),
        refunds: money(r.refunds),
      };
    }),
    keys: shown.map((r) => `${daysFrom(scope.from, String(r.business_date))}|${r.restaurant}|${r.currency}`),
    chart: { type: 'line', x: 'business_date', series: ['tax'] },
    truncated: found.length > MAX_ANSWER_ROWS,
  };
}

/** Gross sales per currency over the rows shown: each row's share of gross is of its own currency's total. */
function grossByCurrency(found: Raw[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const r of found)
    totals.set(String(r.currency), (totals.get(String(r.currency)) ?? 0) + toMilli(String(r.gross)));
  return totals;
}

/** The sales figures the item and sales-category reports end with, in this order. */
const ITEM_SALES_COLUMNS: ReportColumn[] = [
  col('quantity', 'Quantity', 'count', true),
  col('gross', 'Gross sales', 'money', true),
  col('tax', 'Tax', 'money', true),
  col('refunded_quantity', 'Refunded quantity', 'count', true),
  col('refunds', 'Refunds', 'money', true),
  col('net', 'Net sales', 'money', true),
  col('share', 'Share of gross', 'percent'),
];

/** One row's ITEM_SALES_COLUMNS values; `totals` from grossByCurrency. */
function itemSalesFigures(r: Raw, totals: Map<string, number>) {
  const gross = toMilli(String(r.gross));
  const all = totals.get(String(r.currency)) ?? 0;
  return {
    quantity: num(r.quantity),
    gross: fromMilli(gross),
    tax: money(r.tax),
    refunded_quantity: num(r.refunded_quantity),
    refunds: money(r.refunds),
    net: fromMilli(gross - toMilli(String(r.refunds))),
    share: all ? Math.round((gross / all) * 1000) / 10 : 0,
  };
}

async function itemReport(db: DbOrTx, scope: ReportScope, limit: number): Promise<ReportTable> {
  const found = await rows(
    db,
    sql`select foodid, restaurant, currency, max(name) as name, sum(quantity) as quantity, sum(gross) as gross,
          sum(tax) as tax, sum(refunded_quantity) as refunded_quantity, sum(refunds) as refunds
        from sales_daily_items where ${where(scope)}
        group by 1, 2, 3 having sum(quantity) <> 0 or sum(refunded_quantity) <> 0
        order by sum(gross) desc, 1, 2, 3 limit ${limit + 1}`,
  );
  const shown = found.slice(0, limit);
  const names = await restaurantNames(
    db,
    shown.map((r) => String(r.restaurant)),
  );
  const totals = grossByCurrency(shown);
  return {
    columns: [
      col('name', 'Item', 'text'),
      col('foodid', 'Food id', 'text'),
      col('restaurant_name', 'Restaurant', 'text'),
      col('currency', 'Currency', 'text'),
      ...ITEM_SALES_COLUMNS,
    ],
    rows: shown.map((r) => ({
      name: String(r.name),
      foodid: String(r.foodid),
      restaurant_name: names.get(String(r.restaurant)) ?? String(r.restaurant),
      currency: String(r.currency),
      ...itemSalesFigures(r, totals),
    })),
    keys: shown.map((r) => `${r.foodid}|${r.restaurant}|${r.currency}`),
    chart: { type: 'bar', x: 'name', series: ['quantity'] },
    truncated: found.length > limit,
  };
}

async function optionReport(db: DbOrTx, scope: ReportScope, limit: number): Promise<ReportTable> {
  const found = await rows(
    db,
    sql`select o.foodid, o.restaurant, o.currency, o.option_group, o.option_name,
          (select max(i.name) from sales_daily_items i where i.foodid = o.foodid and i.restaurant = o.restaurant) as name,
          sum(o.quantity) as quantity, sum(o.gross) as gross
        from sales_daily_options o where ${where(scope, { alias: 'o' })}
        group by 1, 2, 3, 4, 5 having sum(o.quantity) <> 0
        order by sum(o.quantity) desc, 1, 2, 3, 4, 5 limit ${limit + 1}`,
  );
  const shown = found.slice(0, limit);
  const names = await restaurantNames(
    db,
    shown.map((r) => String(r.restaurant)),
  );
  return {
    columns: [
      col('name', 'Item', 'text'),
      col('option_group', 'Option group', 'text'),
      col('option_name', 'Option', 'text'),
      col('restaurant_name', 'Restaurant', 'text'),
      col('currency', 'Currency', 'text'),
      col('quantity', 'Quantity', 'count', true),
      col('gross', 'Option sales', 'money', true),
    ],
    rows: shown.map((r) => ({
      name: String(r.name ?? r.foodid),
      option_group: String(r.option_group),
      option_name: String(r.option_name),
      restaurant_name: names.get(String(r.restaurant)) ?? String(r.restaurant),
      currency: String(r.currency),
      quantity: num(r.quantity),
      gross: money(r.gross),
    })),
    keys: shown.map((r) => `${r.foodid}|${r.restaurant}|${r.option_group}|${r.option_name}|${r.currency}`),
    chart: { type: 'bar', x: 'option_name', series: ['quantity'] },
    truncated: found.length > limit,
  };
}

/** The name items without a sales category are grouped under (Toast's "No sales category"). */
export const NO_SALES_CATEGORY = 'No sales category';

/**
 * Item sales grouped by the items' sales category (issue 20 classifications; Toast's sales categories). Grouped at
 * query time from the per-item rollups, so classifying an item re-groups its history; items without one are
 * grouped under "No sales category".
 */
async function categoryReport(db: DbOrTx, scope: ReportScope): Promise<ReportTable> {
  const found = await rows(
    db,
    sql`select coalesce(c.name, ${NO_SALES_CATEGORY}) as category, coalesce(c.code, '') as code, s.currency,
          count(distinct s.foodid)::int as item_count, sum(s.quantity) as quantity, sum(s.gross) as gross,
          sum(s.tax) as tax, sum(s.refunded_quantity) as refunded_quantity, sum(s.refunds) as refunds
        from sales_daily_items s
        left join item_classifications ic on ic.foodid = s.foodid and ic.kind = 'sales_category'
        left join classifications c on c.id = ic.classification_id
        where ${where(scope, { alias: 's' })}
        group by 1, 2, 3 having sum(s.quantity) <> 0 or sum(s.refunded_quantity) <> 0
        order by sum(s.gross) desc, 1, 3`,
  );
  const totals = grossByCurrency(found);
  return {
    columns: [
      col('category', 'Sales category', 'text'),
      col('code', 'Code', 'text'),
      col('currency', 'Currency', 'text'),
      col('item_count', 'Items', 'count'),
      ...ITEM_SALES_COLUMNS,
    ],
    rows: found.map((r) => ({
      category: String(r.category),
      code: String(r.code),
      currency: String(r.currency),
      item_count: num(r.item_count),
      ...itemSalesFigures(r, totals),
    })),
    keys: found.map((r) => `${r.category}|${r.currency}`),
    chart: { type: 'bar', x: 'category', series: ['gross'] },
    truncated: false,
  };
}

const SESSIONS = ['Breakfast', 'Lunch', 'Snacks', 'Dinner', 'Allday', ''];

/** What was sold per item per session (page production_planning): the base for planning how much to make. */
async function productionPlanning(db: DbOrTx, scope: ReportScope, limit: number): Promise<ReportTable> {
  const found = await rows(
    db,
    sql`select foodid, restaurant, session, max(name) as name, sum(quantity) - sum(refunded_quantity) as quantity
        from sales_daily_items where ${where(scope)} group by 1, 2, 3 having sum(quantity) <> 0`,
  );
  const items = new Map<string, ReportRow & { _total: number }>();
  const present = new Set<string>();
  for (const r of found) {
    const key = `${r.foodid}|${r.restaurant}`;
    const item = items.get(key) ?? {
      name: String(r.name),
      foodid: String(r.foodid),
      restaurant: String(r.restaurant),
      _total: 0,
    };
    const session = String(r.session);
    present.add(session);
    item[`s_${session || 'none'}`] = num(r.quantity);
    item._total += num(r.quantity);
    items.set(key, item);
  }
  const sorted = [...items.entries()].sort((a, b) => b[1]._total - a[1]._total || a[0].localeCompare(b[0]));
  const shown = sorted.slice(0, limit);
  const names = await restaurantNames(
    db,
    shown.map(([, r]) => String(r.restaurant)),
  );
  const days = daysFrom(scope.from, scope.to) + 1;
  const sessions = SESSIONS.filter((s) => present.has(s));
  return {
    columns: [
      col('name', 'Item', 'text'),
      col('restaurant_name', 'Restaurant', 'text'),
      ...sessions.map((s) => col(`s_${s || 'none'}`, s || 'No session', 'count', true)),
      col('quantity', 'Total sold', 'count', true),
      col('per_day', 'Average a day', 'count', true),
    ],
    rows: shown.map(([, r]) => {
      const row: ReportRow = {
        name: r.name!,
        restaurant_name: names.get(String(r.restaurant)) ?? String(r.restaurant),
      };
      for (const s of sessions) row[`s_${s || 'none'}`] = Number(r[`s_${s || 'none'}`] ?? 0);
      row.quantity = r._total;
      row.per_day = Math.round((r._total / days) * 10) / 10;
      row.currency = '';
      return row;
    }),
    keys: shown.map(([k]) => k),
    chart: { type: 'bar', x: 'name', series: sessions.map((s) => `s_${s || 'none'}`) },
    truncated: sorted.length > limit,
  };
}

/** The tax log (permission tax_log_report): every order of the period with its tax, oldest first. */
export async function taxLog(
  db: DbOrTx,
  scope: ReportScope,
  page: { afterId: number; limit: number },
): Promise<{ rows: ReportRow[]; lastId: number; more: boolean }> {
  const found = await rows(
    db,
    sql`select o.id, o.order_number, o.business_date::text as business_date, o.restaurant, r.name as restaurant_name,
          o.currency, o.status, o.subtotal, o.discount, o.charges, o.tax, o.total, o.refunded
        from orders o join restaurants r on r.restaurant = o.restaurant
        where ${where(scope, { orderType: true, alias: 'o' })} and ${SOLD_SQL} and o.id > ${page.afterId}
        order by o.id limit ${page.limit + 1}`,
  );
  const shown = found.slice(0, page.limit);
  return {
    rows: shown.map((r) => ({
      order_number: String(r.order_number),
      business_date: String(r.business_date),
      restaurant_name: String(r.restaurant_name),
      currency: String(r.currency),
      gross: money(r.subtotal),
      discount: money(r.discount),
      charges: money(r.charges),
      tax: money(r.tax),
      total: money(r.total),
      refunded: money(r.refunded),
    })),
    lastId: shown.length ? num(shown[shown.length - 1]!.id) : page.afterId,
    more: found.length > page.limit,
  };
}

export const TAX_LOG_COLUMNS: ReportColumn[] = [
  col('order_number', 'Order number', 'text'),
  col('business_date', 'Business date', 'date'),
  col('restaurant_name', 'Restaurant', 'text'),
  col('currency', 'Currency', 'text'),
  col('gross', 'Gross', 'money'),
  col('discount', 'Discount', 'money'),
  col('charges', 'Charges', 'money'),
  col('tax', 'Tax', 'money'),
  col('total', 'Total', 'money'),
  col('refunded', 'Refunded', 'money'),
];

/** One report's table over a period (the answer's rows, or all of them for an export with a higher limit). */
export async function reportTable(
  db: DbOrTx,
  kind: ReportKind,
  scope: ReportScope,
  limit = MAX_ANSWER_ROWS,
): Promise<ReportTable> {
  switch (kind) {
    case 'sales_by_day':
    case 'sales_by_restaurant':
    case 'sales_by_session':
    case 'sales_by_channel':
    case 'sales_by_order_type':
      return salesReport(db, kind, scope);
    case 'sales_by_tender':
      return tenderReport(db, scope);
    case 'tax_summary':
      return taxSummary(db, scope);
    case 'item_wise':
      return itemReport(db, scope, limit);
    case 'option_wise':
      return optionReport(db, scope, limit);
    case 'sales_by_category':
      return categoryReport(db, scope);
    case 'production_planning':
      return productionPlanning(db, scope, limit);
    case 'tax_log': {
      const log = await taxLog(db, scope, { afterId: 0, limit });
      return {
        columns: TAX_LOG_COLUMNS,
        rows: log.rows,
        keys: log.rows.map((r) => String(r.order_number)),
        chart: { type: 'bar', x: 'business_date', series: ['tax'] },
        truncated: log.more,
      };
    }
  }
}

/** Sums the summable columns of rows, one totals row per currency (counts and money; not shares or averages). */
export function totalsOf(columns: ReportColumn[], rows: ReportRow[]): ReportRow[] {
  const summed = columns.filter(
    (c) => (c.type === 'money' || c.type === 'count') && c.key !== 'average' && c.key !== 'per_day',
  );
  const byCurrency = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const cur = String(r.currency ?? '');
    const t = byCurrency.get(cur) ?? {};
    for (const c of summed)
      t[c.key] = (t[c.key] ?? 0) + (c.type === 'money' ? toMilli(Number(r[c.key] ?? 0)) : Number(r[c.key] ?? 0));
    byCurrency.set(cur, t);
  }
  return [...byCurrency.entries()].map(([currency, t]) => {
    const row: ReportRow = { currency };
    for (const c of summed) row[c.key] = c.type === 'money' ? fromMilli(t[c.key] ?? 0) : (t[c.key] ?? 0);
    if (columns.some((c) => c.key === 'average')) {
      const orders = Number(row.orders ?? 0);
      row.average = orders
        ? fromMilli(Math.round((toMilli(Number(row.gross)) - toMilli(Number(row.discount))) / orders))
        : 0;
    }
    return row;
  });
}

/**
 * The Z totals of one restaurant's business day (day end, issue 15): the same sums and definitions as the sales
 * reports, so the day-end and every report agree. A restaurant sells in one currency; should a day hold several,
 * the one with the most orders is shown.
 */
export async function dayTotals(db: DbOrTx, restaurant: string, date: string): Promise<DayTotals> {
  const scope: ReportScope = { from: date, to: date, restaurants: [restaurant], filters: {} };
  const sums = await rows(
    db,
    sql`select currency, sum(orders) as orders, sum(cancelled) as cancelled, sum(items) as items, sum(gross) as gross,
          sum(discount) as discount, sum(refunds) as refunds, sum(charges) as charges, sum(tax) as tax
        from sales_daily where ${where(scope)} group by 1 order by sum(orders) desc, 1`,
  );
  const main = sums[0];
  const currency = main ? String(main.currency) : '';
  const tenders = await rows(
    db,
    sql`select tender, sum(payments) as payments, sum(amount) as amount from sales_daily_tenders
        where ${where(scope)} and currency = ${currency} group by 1 having sum(payments) <> 0 order by 1`,
  );
  const f = salesFigures(main ?? {});
  return {
    currency,
    orders: Number(f.orders),
    cancelled: Number(f.cancelled),
    items: Number(f.items),
    gross: Number(f.gross),
    discount: Number(f.discount),
    refunds: Number(f.refunds),
    net: Number(f.net),
    tax: Number(f.tax),
    charges: Number(f.charges),
    total: Number(f.total),
    tenders: tenders.map((t) => ({ tender: String(t.tender), payments: num(t.payments), amount: money(t.amount) })),
  };
}
