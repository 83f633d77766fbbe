import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  fromMilli,
  refundableAmount,
  toMilli,
  type ORDER_SORT,
  type OrderDetail,
  type OrderListQuery,
  type OrderStatus,
  type OrderSummary,
  type PaymentTender,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  foodcourts,
  offerRedemptions,
  offers,
  orderLines,
  orderPayments,
  orders,
  orderStatusHistory,
  refundLines,
  refunds,
  restaurants,
  type UserRow,
} from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { listOrder, listRange, text, withRange, type ListPage, type ListSpec } from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { startsWithLower } from '../../lib/text-prefix.js';
import { amountOf, toOrderLine, toOrderSummary, toRefundView } from './orders.view.js';

const ORDER_LIST: ListSpec<(typeof ORDER_SORT)[number]> = {
  sortable: {
    placed_at: orders.placed_at,
    business_date: orders.business_date,
    order_number: text(orders.order_number),
    restaurant: text(restaurants.name),
    total: orders.total,
    paid: orders.paid,
    status: orders.status,
    channel: orders.channel,
    order_type: orders.order_type,
  },
  defaultSort: [orders.business_date],
  key: orders.id,
  search: [],
};

/**
 * The conditions of the sites a user may see: none for admins, else their restaurants (a user without any sees
 * nothing: `null`). Site filters and scope both end up on the indexed (food court | restaurant, date) columns.
 */
export async function orderScope(db: Db, user: UserRow): Promise<SQL | undefined | null> {
  if (user.admin) return undefined;
  const scope = await loadSiteScope(db, user);
  if (scope.restaurants.size === 0) return null;
  return inArray(orders.restaurant, [...scope.restaurants]);
}

export const notYourOrder = (id: number) => notFound('orderNotFound', `Order ${id} does not exist`);

/** Order history (page preorderhistory; the refunds page finds orders with it too). */
export class OrdersService {
  constructor(private readonly db: Db) {}

  private conditions(query: OrderListQuery): SQL[] {
    const where: SQL[] = [];
    if (query.foodcourt) where.push(eq(orders.foodcourt, query.foodcourt));
    if (query.restaurant) where.push(eq(orders.restaurant, query.restaurant));
    if (query.location) {
      where.push(
        inArray(
          orders.foodcourt,
          this.db.select({ f: foodcourts.foodcourt }).from(foodcourts).where(eq(foodcourts.location, query.location)),
        ),
      );
    }
    if (query.from) where.push(gte(orders.business_date, query.from));
    if (query.to) where.push(lte(orders.business_date, query.to));
    if (query.status) where.push(eq(orders.status, query.status));
    if (query.channel) where.push(eq(orders.channel, query.channel));
    if (query.order_type) where.push(eq(orders.order_type, query.order_type));
    if (query.refund_state === 'none') where.push(eq(orders.refunded, '0'));
    if (query.refund_state === 'partial')
      where.push(sql`${orders.refunded} > 0 and ${orders.refunded} < ${orders.paid}`);
    if (query.refund_state === 'full') where.push(sql`${orders.refunded} > 0 and ${orders.refunded} >= ${orders.paid}`);
    const search = query.search?.trim();
    if (search) {
      where.push(or(startsWithLower(orders.order_number_lc, search), startsWithLower(orders.customer_ref_lc, search))!);
    }
    return where;
  }

  async list(query: OrderListQuery, user: UserRow, range = listRange(query)): Promise<ListPage<OrderSummary>> {
    const scope = await orderScope(this.db, user);
    if (scope === null) return { rows: [], total: 0 };
    const cond = and(scope, ...this.conditions(query));
    const [rows, [count]] = await Promise.all([
      withRange(
        this.db
          .select({ o: orders, name: restaurants.name })
          .from(orders)
          .leftJoin(restaurants, eq(restaurants.restaurant, orders.restaurant))
          .where(cond)
          .orderBy(...listOrder(ORDER_LIST, query))
          .$dynamic(),
        range,
      ),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(cond),
    ]);
    return { rows: rows.map((r) => toOrderSummary(r.o, r.name)), total: count?.n ?? 0 };
  }

  /** One order with its lines, payments, status history and refunds; 404 outside the user's sites. */
  async detail(id: number, user: UserRow | null, db: DbOrTx = this.db): Promise<OrderDetail> {
    const [found] = await db
      .select({ o: orders, name: restaurants.name, fcName: foodcourts.name })
      .from(orders)
      .leftJoin(restaurants, eq(restaurants.restaurant, orders.restaurant))
      .leftJoin(foodcourts, eq(foodcourts.foodcourt, orders.foodcourt))
      .where(eq(orders.id, id));
    if (!found) throw notYourOrder(id);
    if (user && !user.admin) {
      const scope = await loadSiteScope(this.db, user);
      if (!scope.restaurants.has(found.o.restaurant)) throw notYourOrder(id);
    }
    const o = found.o;
    const [lines, payments, history, refundRows, refundLineRows, offersUsed] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.order_id, id)).orderBy(asc(orderLines.line_no)),
      db
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.order_id, id))
        .orderBy(asc(orderPayments.paid_at), asc(orderPayments.id)),
      db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.order_id, id))
        .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)),
      db.select().from(refunds).where(eq(refunds.order_id, id)).orderBy(asc(refunds.created_at), asc(refunds.id)),
      db
        .select({
          refund_id: refundLines.refund_id,
          line_id: refundLines.order_line_id,
          name: orderLines.name,
          line_no: orderLines.line_no,
          quantity: refundLines.quantity,
          amount: refundLines.amount,
        })
        .from(refundLines)
        .innerJoin(refunds, eq(refunds.id, refundLines.refund_id))
        .innerJoin(orderLines, eq(orderLines.id, refundLines.order_line_id))
        .where(eq(refunds.order_id, id))
        .orderBy(asc(orderLines.line_no)),
      db
        .select({
          offer_id: offerRedemptions.offer_id,
          name: offers.name,
          code: offerRedemptions.code,
          amount: offerRedemptions.amount,
        })
        .from(offerRedemptions)
        .innerJoin(offers, eq(offers.id, offerRedemptions.offer_id))
        .where(eq(offerRedemptions.order_id, id))
        .orderBy(asc(offerRedemptions.offer_id)),
    ]);
    return {
      ...toOrderSummary(o, found.name),
      foodcourt_name: found.fcName ?? '',
      subtotal: amountOf(o.subtotal),
      charges: amountOf(o.charges),
      discount: amountOf(o.discount),
      tax: amountOf(o.tax),
      refundable: fromMilli(refundableAmount({ paid: toMilli(o.paid), refunded: toMilli(o.refunded) })),
      api_client: o.api_client,
      created_at: o.created_at.toISOString(),
      updated_at: o.updated_at.toISOString(),
      version: o.version,
      lines: lines.map(toOrderLine),
      payments: payments.map((p) => ({
        payment_id: p.id,
        tender: p.tender as PaymentTender,
        amount: amountOf(p.amount),
        reference: p.reference,
        paid_at: p.paid_at.toISOString(),
      })),
      status_history: history.map((h) => ({
        status: h.status as OrderStatus,
        at: h.at.toISOString(),
        source: h.source,
        note: h.note,
      })),
      refunds: refundRows.map((r) =>
        toRefundView(
          r,
          refundLineRows.filter((l) => l.refund_id === r.id),
        ),
      ),
      subscription_id: o.subscription_id,
      offers: offersUsed.map((x) => ({ ...x, amount: amountOf(x.amount) })),
    };
  }
}
