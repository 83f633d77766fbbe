import { changesOf, moveTracked } from '../inventory/index.js';
import { reverseForRefund } from '../loyalty/ledger.js';
import crypto from 'node:crypto';
import { DayEndService } from '../dayend/dayend.service.js';
import { refundContribution } from '../reports/rollups.js';
import { salesChanged } from '../reports/sales-notify.js';
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  currencyByCode,
  milliText,
  planRefund,
  toMilli,
  type REFUND_SORT,
  type RefundBody,
  type RefundKind,
  type RefundSummary,
  type RefundView,
  type refundListQuery,
} from '@cd/core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  foodcourts,
  orderLines,
  orders,
  refundLines,
  refunds,
  restaurants,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { listOrder, listRange, text, withRange, type ListPage, type ListSpec } from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { startsWithLower } from '../../lib/text-prefix.js';
import { notYourOrder, orderScope, OrdersService } from './orders.service.js';
import { amountOf, toRefundView } from './orders.view.js';

const REFUND_LIST: ListSpec<(typeof REFUND_SORT)[number]> = {
  sortable: {
    created_at: refunds.created_at,
    amount: refunds.amount,
    order_number: text(orders.order_number),
    restaurant: text(restaurants.name),
  },
  defaultSort: [refunds.created_at],
  key: refunds.id,
  search: [],
};

/** What the refund asks for (the key excluded), to tell a retry from another refund under the same key. */
const fingerprintOf = (body: RefundBody) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify({ kind: body.kind, lines: body.lines, amount: body.amount, reason: body.reason }))
    .digest('hex');

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/**
 * Refunds (page refunds; issue 13 point 5). A refund locks its order row (SELECT … FOR UPDATE) and plans
 * against what is refunded by then (core's planRefund), so refunds of one order made at the same moment are
 * applied one after the other and never give back more than was paid. Each has an idempotency key: a retry
 * gets the first refund. Each is audited in its transaction.
 */
export class RefundsService {
  private readonly orders: OrdersService;

  constructor(private readonly db: Db) {
    this.orders = new OrdersService(db);
  }

  private async refundView(db: Db | Tx, refundId: number): Promise<RefundView> {
    const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    const lines = await db
      .select({
        line_id: refundLines.order_line_id,
        name: orderLines.name,
        quantity: refundLines.quantity,
        amount: refundLines.amount,
      })
      .from(refundLines)
      .innerJoin(orderLines, eq(orderLines.id, refundLines.order_line_id))
      .where(eq(refundLines.refund_id, refundId))
      .orderBy(asc(orderLines.line_no));
    return toRefundView(row!, lines);
  }

  async refund(orderId: number, body: RefundBody, headerKey: string | undefined, actor: Actor) {
    const key = body.idempotency_key ?? headerKey;
    if (!key) {
      throw badRequest(
        'invalidRequest',
        'idempotency_key: an idempotency key is required (or the Idempotency-Key header)',
        {
          field: 'idempotency_key',
        },
      );
    }
    const user = actor.user;
    const scope = user.admin ? null : await loadSiteScope(this.db, user);
    const fingerprint = fingerprintOf(body);
    const run = () =>
      this.db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order || (scope && !scope.restaurants.has(order.restaurant))) throw notYourOrder(orderId);
        const [earlier] = await tx
          .select({ id: refunds.id, fingerprint: refunds.fingerprint })
          .from(refunds)
          .where(and(eq(refunds.order_id, orderId), eq(refunds.idempotency_key, key)));
        if (earlier) {
          if (earlier.fingerprint !== fingerprint) {
            throw new AppError(409, 'idempotencyKeyReused', 'This idempotency key was used for a different refund', {
              field: 'idempotency_key',
            });
          }
          return { refundId: earlier.id, replayed: true };
        }
        const lines = await tx.select().from(orderLines).where(eq(orderLines.order_id, orderId));
        const outcome = planRefund(
          {
            paid: toMilli(order.paid),
            refunded: toMilli(order.refunded),
            refund_count: order.refund_count,
            decimals: currencyByCode(order.currency)?.decimals ?? 3,
            lines: lines.map((l) => ({
              line_id: l.id,
              quantity: l.quantity,
              line_total: toMilli(l.line_total),
              refunded_quantity: l.refunded_quantity,
              refunded_amount: toMilli(l.refunded_amount),
            })),
          },
          body.kind === 'full'
            ? { kind: 'full' }
            : body.kind === 'amount'
              ? { kind: 'amount', amount: body.amount ?? 0 }
              : { kind: 'lines', lines: body.lines },
        );
        if (!outcome.ok) {
          const { status, code, message, field } = outcome.refusal;
          throw new AppError(status, code, field ? `${field}: ${message}` : message, field ? { field } : {});
        }
        const plan = outcome.plan;
        const [refund] = await tx
          .insert(refunds)
          .values({
            order_id: orderId,
            kind: body.kind,
            amount: milliText(plan.amount),
            reason: body.reason,
            idempotency_key: key,
            fingerprint,
            created_by: user.userid,
            // The order's day while it is open, else the first open day after it (core's countingDate).
            business_date: await DayEndService.countingDate(tx, order.restaurant, order.business_date),
          })
          .returning();
        if (plan.lines.length > 0) {
          await tx.insert(refundLines).values(
            plan.lines.map((l) => ({
              refund_id: refund!.id,
              order_line_id: l.line_id,
              quantity: l.quantity,
              amount: milliText(l.amount),
            })),
          );
          for (const l of plan.lines) {
            await tx
              .update(orderLines)
              .set({
                refunded_quantity: sql`${orderLines.refunded_quantity} + ${l.quantity}`,
                refunded_amount: sql`${orderLines.refunded_amount} + ${milliText(l.amount)}::numeric`,
              })
              .where(eq(orderLines.id, l.line_id));
          }
        }
        const refunded = toMilli(order.refunded) + plan.amount;
        await tx
          .update(orders)
          .set({
            refunded: milliText(refunded),
            refund_count: sql`${orders.refund_count} + 1`,
            version: sql`${orders.version} + 1`,
            updated_at: new Date(),
          })
          .where(eq(orders.id, orderId));
        await refundContribution(tx, refund!.id);
        // Inventory: refunded lines of tracked items come back into stock (ref = the refund).
        const foodOf = new Map(lines.map((l) => [l.id, l.foodid]));
        await moveTracked(
          tx,
          { restaurant: order.restaurant, entry_type: 'refund', ref: String(refund!.id), by: user.userid },
          changesOf(
            plan.lines.map((l) => ({ foodid: foodOf.get(l.line_id) ?? '', quantity: l.quantity })),
            1,
          ),
        );
        // Loyalty: the refund takes back its share of the points the order earned.
        await reverseForRefund(tx, orderId, refund!.id);
        const view = await this.refundView(tx, refund!.id);
        await audit(tx, {
          actor: user.userid,
          action: 'refund',
          entity: 'order',
          entityId: String(orderId),
          before: { refunded: amountOf(order.refunded), refund_count: order.refund_count, version: order.version },
          after: { refunded: amountOf(milliText(refunded)), refund: view },
          ip: actor.ip,
        });
        return { refundId: refund!.id, replayed: false };
      });
    let done: { refundId: number; replayed: boolean };
    try {
      done = await run();
    } catch (err) {
      // Only a retry racing past the lock could break the (order, key) constraint: it finds the first refund.
      if (!uniqueViolation(err)) throw err;
      done = await run();
    }
    const order = await this.orders.detail(orderId, null);
    if (!done.replayed) salesChanged(this.db, order.restaurant);
    return {
      refund: await this.refundView(this.db, done.refundId),
      order,
      replayed: done.replayed,
    };
  }

  /** Refunds of the user's sites, newest first (page refunds). */
  async list(
    query: z.output<typeof refundListQuery>,
    user: UserRow,
    range = listRange(query),
  ): Promise<ListPage<RefundSummary>> {
    const scope = await orderScope(this.db, user);
    if (scope === null) return { rows: [], total: 0 };
    const where: (SQL | undefined)[] = [scope];
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
    if (query.from) where.push(gte(refunds.created_at, new Date(`${query.from}T00:00:00Z`)));
    if (query.to) where.push(lt(refunds.created_at, nextDay(query.to)));
    if (query.kind) where.push(eq(refunds.kind, query.kind));
    const search = query.search?.trim();
    if (search) where.push(startsWithLower(orders.order_number_lc, search));
    const cond = and(...where);
    const [rows, [count]] = await Promise.all([
      withRange(
        this.db
          .select({ r: refunds, o: orders, name: restaurants.name })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.order_id))
          .leftJoin(restaurants, eq(restaurants.restaurant, orders.restaurant))
          .where(cond)
          .orderBy(...listOrder(REFUND_LIST, query))
          .$dynamic(),
        range,
      ),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.order_id))
        .where(cond),
    ]);
    return {
      rows: rows.map(({ r, o, name }) => ({
        refund_id: r.id,
        order_id: r.order_id,
        kind: r.kind as RefundKind,
        amount: amountOf(r.amount),
        reason: r.reason,
        created_by: r.created_by,
        created_at: r.created_at.toISOString(),
        order_number: o.order_number,
        restaurant: o.restaurant,
        restaurant_name: name ?? '',
        currency: o.currency,
      })),
      total: count?.n ?? 0,
    };
  }
}
