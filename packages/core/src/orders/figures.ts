/**
 * The money figures of a restaurant's business day (issue 33): ONE definition, used by the rollups (their SQL
 * follows `countsAsSale` and the dating rules below), the reports, the live dashboard, the day-end Z and the SAP
 * posting. docs/decisions.md "Money that reconciles" gives the rules with worked examples.
 *
 * What an order contributes, and on which business date:
 * - Its sale (gross, discount, charges, tax, items, and one order) counts on the order's business date when it
 *   `countsAsSale`: it is not cancelled, or money was taken for it. A cancelled order that was paid is a sale
 *   whose money is given back by a refund; a cancelled order that was never paid counts only as cancelled.
 * - Every payment counts, by tender, on its own business date: the order's while that day is open, else the
 *   restaurant's first open business day on or after max(today, the order's day).
 * - Every refund subtracts on its own business date, chosen the same way. A closed day therefore never changes.
 * - An order received for a closed business day counts on the first open day after it (its business date is
 *   moved), and a cancelled order takes no payments; the day end refuses to close while an order is still open,
 *   so nothing else can change a closed day.
 *
 * Derived figures: net = gross − discount − refunds; total = net + charges; average = (gross − discount) / orders.
 * All money is in thousandths (`toMilli`), so every sum is exact.
 */

/** An order counts as a sale when it is not cancelled, or when money was taken for it. */
export function countsAsSale(order: { status: string; paid: number }): boolean {
  return order.status !== 'cancelled' || order.paid > 0;
}

/** What the rollups sum for a period and slice (money in thousandths). */
export type SalesSums = {
  orders: number;
  cancelled: number;
  items: number;
  gross: number;
  discount: number;
  charges: number;
  tax: number;
  refunds: number;
};

/** The figures every report, the dashboard, the Z and the SAP posting show (money in thousandths). */
export type SalesFigures = SalesSums & { net: number; total: number; average: number };

export const EMPTY_SUMS: SalesSums = {
  orders: 0,
  cancelled: 0,
  items: 0,
  gross: 0,
  discount: 0,
  charges: 0,
  tax: 0,
  refunds: 0,
};

/** Two sets of sums added. */
export function addSums(a: SalesSums, b: SalesSums): SalesSums {
  return {
    orders: a.orders + b.orders,
    cancelled: a.cancelled + b.cancelled,
    items: a.items + b.items,
    gross: a.gross + b.gross,
    discount: a.discount + b.discount,
    charges: a.charges + b.charges,
    tax: a.tax + b.tax,
    refunds: a.refunds + b.refunds,
  };
}

/** The derived figures of a set of sums. */
export function salesFigures(s: SalesSums): SalesFigures {
  const net = s.gross - s.discount - s.refunds;
  return {
    ...s,
    net,
    total: net + s.charges,
    average: s.orders ? Math.round((s.gross - s.discount) / s.orders) : 0,
  };
}

/** An order as the reference model sees it (money in thousandths; dates yyyy-mm-dd). */
export type LedgerOrder = {
  restaurant: string;
  currency: string;
  business_date: string;
  status: string;
  subtotal: number;
  discount: number;
  charges: number;
  tax: number;
  item_count: number;
  /** Each payment with the business date it counts on. */
  payments: { tender: string; amount: number; business_date: string }[];
  /** Each refund with the business date it counts on. */
  refunds: { amount: number; business_date: string }[];
};

export type LedgerDay = { sums: SalesSums; tenders: Map<string, number> };

/** `${restaurant}|${currency}|${date}` */
export const ledgerKey = (restaurant: string, currency: string, date: string) => `${restaurant}|${currency}|${date}`;

/**
 * The figures of every restaurant-day straight from the orders, by the rules above: the reference the
 * reconciliation test holds the rollups, reports, dashboard, Z and SAP posting to.
 */
export function ledgerDays(orders: readonly LedgerOrder[]): Map<string, LedgerDay> {
  const days = new Map<string, LedgerDay>();
  const day = (o: LedgerOrder, date: string) => {
    const key = ledgerKey(o.restaurant, o.currency, date);
    let d = days.get(key);
    if (!d) days.set(key, (d = { sums: { ...EMPTY_SUMS }, tenders: new Map() }));
    return d;
  };
  for (const o of orders) {
    const paid = o.payments.reduce((a, p) => a + p.amount, 0);
    const own = day(o, o.business_date);
    if (o.status === 'cancelled') own.sums.cancelled += 1;
    if (countsAsSale({ status: o.status, paid })) {
      own.sums.orders += 1;
      own.sums.items += o.item_count;
      own.sums.gross += o.subtotal;
      own.sums.discount += o.discount;
      own.sums.charges += o.charges;
      own.sums.tax += o.tax;
    }
    for (const p of o.payments) {
      const d = day(o, p.business_date);
      d.tenders.set(p.tender, (d.tenders.get(p.tender) ?? 0) + p.amount);
    }
    for (const r of o.refunds) day(o, r.business_date).sums.refunds += r.amount;
  }
  return days;
}

/** The next calendar date (yyyy-mm-dd). */
export function nextDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The business date a change of an order counts on: the order's own while that day is open; once it is closed,
 * the restaurant's first open day on or after max(today, the order's day).
 */
export function countingDate(orderDate: string, today: string, isClosed: (date: string) => boolean): string {
  if (!isClosed(orderDate)) return orderDate;
  let d = orderDate > today ? orderDate : today;
  // Bounded: a restaurant cannot have closed more days ahead than it has rows.
  for (let i = 0; i < 10_000 && isClosed(d); i++) d = nextDate(d);
  return d;
}

/**
 * A line's tax rate in percent when the ordering app did not send one: worked out from the line's tax and its
 * price without tax and snapped to the nearest 0.5 % (every GST and VAT rate in use is a multiple of 0.5 %), so
 * rounded amounts (4.99 %, 5.01 %) do not make rates that no rule knows.
 */
export function lineTaxRate(lineTotalMilli: number, taxMilli: number): number {
  const base = lineTotalMilli - taxMilli;
  if (taxMilli === 0 || base <= 0) return 0;
  return Math.round(((taxMilli / base) * 100) / 0.5) * 0.5;
}
