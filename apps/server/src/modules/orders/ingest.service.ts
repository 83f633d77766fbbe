import crypto from 'node:crypto';
import { orderContribution } from '../reports/rollups.js';
import { salesChanged } from '../reports/sales-notify.js';
import { earnForOrder } from '../loyalty/ledger.js';
import { changesOf, moveTracked } from '../inventory/index.js';
import { SubscriptionsService } from '../loyalty/subscriptions.service.js';
import { redeemOffers } from '../marketing/redemptions.js';
import { and, eq, sql } from 'drizzle-orm';
import {
  canChangeOrderStatus,
  milliText,
  orderAmountIssues,
  orderTotals,
  toMilli,
  type OrderIngestAnswer,
  type OrderIngestBody,
  type OrderIngestUpdateBody,
  type OrderStatus,
} from '@cd/core';
import type { Db, Tx } from '../../db/client.js';
import {
  ingestRequests,
  orderLines,
  orderPayments,
  orders,
  orderStatusHistory,
  restaurants,
} from '../../db/schema/index.js';
import { pgError, uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import type { ApiClient } from '../api-keys/index.js';
import { DayEndService } from '../dayend/dayend.service.js';
import {
  BATCH_DEFAULTS,
  batchable,
  createdAnswer,
  IngestBatcher,
  lineRows,
  orderRow,
  paymentRows,
  statusRow,
  writeBatch,
  type BatcherOptions,
  type PreparedCreate,
} from './ingest.batch.js';
import { notYourOrder } from './orders.service.js';
import { toIngestedOrder } from './orders.view.js';

/** An ingest answer and whether it is a replay of the first answer to the same Idempotency-Key. */
export type IngestOutcome = { answer: OrderIngestAnswer; replayed: boolean };

type Operation = 'create' | `update:${number}`;

const fingerprintOf = (operation: Operation, body: unknown) =>
  crypto.createHash('sha256').update(operation).update(JSON.stringify(body)).digest('hex');

const keyReused = () =>
  new AppError(
    409,
    'idempotencyKeyReused',
    'This Idempotency-Key was already used for a different request; use a new key for a new request',
    { field: 'idempotency-key' },
  );

const firstIssue = (issues: { field: string; message: string }[]) => {
  const issue = issues[0];
  if (issue) throw badRequest('invalidRequest', `${issue.field}: ${issue.message}`, { field: issue.field, issues });
};

/**
 * The ingest API of the ordering apps (issue 13 point 2). Every call may carry an Idempotency-Key: the first
 * answer to (API client, key) is kept in the same transaction as the change, so a retry — also one racing the
 * first call — gets that answer again and never a second order or a second payment.
 */
/** A restaurant's food court and currency are read from the database at most this often per restaurant. */
const RESTAURANT_CACHE_MS = 30_000;
type IngestRestaurant = { restaurant: string; foodcourt: string; currency: string };

/** SQLSTATE deadlock_detected. */
const DEADLOCK = '40P01';
/** The unique index on (restaurant, order_number): a create whose number is taken. */
const ORDER_NUMBER_KEY = 'orders_restaurant_number_key';

export class IngestService {
  private readonly batcher: IngestBatcher;

  constructor(
    private readonly db: Db,
    batching: BatcherOptions = BATCH_DEFAULTS,
  ) {
    this.batcher = new IngestBatcher((batch) => this.createBatch(batch), batching);
  }

  private readonly restaurantsSeen = new Map<string, { row: IngestRestaurant; at: number }>();

  /** The restaurant an order names (an unknown one is asked for again each time, so a new one works at once). */
  private async restaurantOf(id: string): Promise<IngestRestaurant | undefined> {
    const now = Date.now();
    const seen = this.restaurantsSeen.get(id);
    if (seen && now - seen.at < RESTAURANT_CACHE_MS) return seen.row;
    const [row] = await this.db
      .select({
        restaurant: restaurants.restaurant,
        foodcourt: restaurants.foodcourt,
        currency: sql<string>`coalesce(${restaurants.details}->>'currency', '')`,
      })
      .from(restaurants)
      .where(eq(restaurants.restaurant, id));
    if (row) {
      if (this.restaurantsSeen.size >= 10_000) this.restaurantsSeen.clear();
      this.restaurantsSeen.set(id, { row, at: now });
    }
    return row;
  }

  /** The kept answer to this client's key, or null; 409 when the key was used for another request. */
  private async replay(client: ApiClient, key: string, fingerprint: string): Promise<IngestOutcome | null> {
    const [kept] = await this.db
      .select()
      .from(ingestRequests)
      .where(and(eq(ingestRequests.api_client, client.api_client), eq(ingestRequests.idempotency_key, key)));
    if (!kept) return null;
    if (kept.fingerprint !== fingerprint) throw keyReused();
    return { answer: kept.answer as OrderIngestAnswer, replayed: true };
  }

  private async keep(
    tx: Tx,
    request: { client: ApiClient; key: string | undefined; operation: Operation; fingerprint: string },
    answer: OrderIngestAnswer,
  ) {
    const { client, key, operation, fingerprint } = request;
    if (!key) return;
    await tx.insert(ingestRequests).values({
      api_client: client.api_client,
      idempotency_key: key,
      operation,
      fingerprint,
      order_id: answer.order.order_id,
      answer,
    });
  }

  /** Runs a change; a unique violation (a racing retry) is answered from the kept answer when there is one. */
  private async once(
    client: ApiClient,
    key: string | undefined,
    fingerprint: string,
    change: () => Promise<OrderIngestAnswer>,
    onDuplicate: (constraint: string) => Promise<never>,
    /**
     * Look for a kept answer before the change. A create need not: its retry carries the same order number, so
     * the change itself fails on the order's unique number (or on the kept key) and the kept answer is read then —
     * one query less on every new order.
     */
    lookFirst = true,
  ): Promise<IngestOutcome> {
    if (key && lookFirst) {
      const kept = await this.replay(client, key, fingerprint);
      if (kept) return kept;
    }
    try {
      // A deadlock rolled the change back whole: it is tried once more (batches and single orders take their
      // locks in one order, so this is rare).
      const answer = await change().catch((err: unknown) => {
        if (pgError(err)?.code !== DEADLOCK) throw err;
        return change();
      });
      // Committed: live dashboards of the restaurant refresh (a replay changed nothing, so tells no one).
      if (answer.message !== 'Nothing to change') salesChanged(this.db, answer.order.restaurant);
      return { answer, replayed: false };
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (!constraint) throw err;
      if (key) {
        const kept = await this.replay(client, key, fingerprint);
        if (kept) return kept;
      }
      return onDuplicate(constraint);
    }
  }

  async create(body: OrderIngestBody, client: ApiClient, key: string | undefined): Promise<IngestOutcome> {
    const rest = await this.restaurantOf(body.restaurant);
    if (!rest)
      throw badRequest('unknownRestaurant', `restaurant: restaurant ${body.restaurant} does not exist`, {
        field: 'restaurant',
      });
    if (client.foodcourts.length > 0 && !client.foodcourts.includes(rest.foodcourt)) {
      throw forbidden(`This API key may not send orders of food court ${rest.foodcourt}`);
    }
    const totals = orderTotals(body);
    firstIssue(orderAmountIssues(body, totals));
    const placedAt = body.placed_at ?? new Date().toISOString();
    const p: PreparedCreate = {
      body,
      client,
      key,
      rest,
      totals,
      fingerprint: fingerprintOf('create', body),
      placedAt,
      asked: body.business_date ?? placedAt.slice(0, 10),
    };
    if (!batchable(body)) return this.createOne(p);
    // Written with the orders sent at the same moment (ingest.batch.ts), or alone as before.
    const outcome = await this.batcher.submit(p);
    if (outcome.kind === 'created') return { answer: outcome.answer, replayed: false };
    if (outcome.kind === 'exists') return this.duplicateCreate(p, ORDER_NUMBER_KEY);
    try {
      return await this.createOne(p);
    } finally {
      outcome.done();
    }
  }

  /** Several orders in one statement (ingest.batch.ts); live dashboards hear of their restaurants after it. */
  private async createBatch(batch: PreparedCreate[]) {
    const outcomes = await writeBatch(this.db, batch);
    const changed = new Set<string>();
    outcomes.forEach((o) => {
      if (o.kind === 'created') changed.add(o.answer.order.restaurant);
    });
    for (const restaurant of changed) salesChanged(this.db, restaurant);
    return outcomes;
  }

  /** One order in its own transaction: the reference path (ingest.batch.ts), and the fallback of a batch. */
  private createOne(p: PreparedCreate): Promise<IngestOutcome> {
    const { body, client, key, rest, fingerprint } = p;
    return this.once(
      client,
      key,
      fingerprint,
      () =>
        this.db.transaction(async (tx) => {
          // An order for a day the restaurant has closed counts on its first open day after it (figures.ts).
          const businessDate = await DayEndService.countingDate(tx, rest.restaurant, p.asked);
          const [order] = await tx.insert(orders).values(orderRow(p, businessDate)).returning();
          await tx.insert(orderLines).values(lineRows(p, order!.id));
          if (body.payments.length > 0) {
            await tx.insert(orderPayments).values(paymentRows(p, order!.id, businessDate));
          }
          await tx.insert(orderStatusHistory).values(statusRow(p, order!.id));
          // Inventory: tracked items sell down (one locking read, one statement; ref = the order).
          await moveTracked(
            tx,
            { restaurant: rest.restaurant, entry_type: 'sale', ref: String(order!.id), by: client.api_client },
            changesOf(body.lines, -1),
          );
          if (body.subscription_id) await SubscriptionsService.checkOrder(tx, body.subscription_id, order!);
          if (body.offers.length > 0) await redeemOffers(tx, order!, body.offers);
          // Loyalty: what the order earns, in its own transaction (once: the ledger's unique key).
          if (body.customer_ref) await earnForOrder(tx, order!.id, { order: order!, lines: body.lines });
          await orderContribution(tx, order!.id, 1);
          const answer = createdAnswer(order!);
          await this.keep(tx, { client, key, operation: 'create', fingerprint }, answer);
          return answer;
        }),
      (constraint) => this.orderExists(p, constraint),
      false,
    );
  }

  /** An order whose number (or key) was taken: the kept answer of its key (a retry), else 409. */
  private async duplicateCreate(p: PreparedCreate, constraint: string): Promise<IngestOutcome> {
    if (p.key) {
      const kept = await this.replay(p.client, p.key, p.fingerprint);
      if (kept) return kept;
    }
    return this.orderExists(p, constraint);
  }

  private async orderExists(p: PreparedCreate, constraint: string): Promise<never> {
    if (!constraint.includes('orders_restaurant_number')) throw keyReused();
    const [existing] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.restaurant, p.rest.restaurant), eq(orders.order_number, p.body.order_number)));
    throw new AppError(
      409,
      'orderExists',
      `Order ${p.body.order_number} of ${p.rest.restaurant} was already received (order ${existing?.id ?? '?'})`,
      { field: 'order_number', order_id: existing?.id ?? null },
    );
  }

  /** A status change and/or payments added, by the order's id. */
  async update(
    id: number,
    body: OrderIngestUpdateBody,
    client: ApiClient,
    key: string | undefined,
  ): Promise<IngestOutcome> {
    const fingerprint = fingerprintOf(`update:${id}`, body);
    return this.once(
      client,
      key,
      fingerprint,
      () =>
        this.db.transaction(async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
          if (!order || (client.foodcourts.length > 0 && !client.foodcourts.includes(order.foodcourt)))
            throw notYourOrder(id);
          const at = new Date(body.at ?? Date.now());
          const from = order.status as OrderStatus;
          const to = body.status ?? from;
          if (!canChangeOrderStatus(from, to)) {
            throw new AppError(409, 'statusTransition', `An order that is ${from} cannot become ${to}`, {
              field: 'status',
              status: from,
            });
          }
          if (from === 'cancelled' && body.payments.length > 0) {
            throw new AppError(409, 'orderCancelled', 'payments: a cancelled order takes no payments', {
              field: 'payments',
            });
          }
          const added = body.payments.reduce((a, p) => a + toMilli(p.amount), 0);
          const paid = toMilli(order.paid) + added;
          if (paid > toMilli(order.total)) {
            throw new AppError(
              409,
              'paymentsExceedTotal',
              'payments: payments would come to more than the order total',
              {
                field: 'payments',
              },
            );
          }
          const unchanged = to === from && body.payments.length === 0;
          // The reports' rollups: this order's old contribution out now, the new one in after the change.
          if (!unchanged) await orderContribution(tx, id, -1);
          if (body.payments.length > 0) {
            // A late payment counts on the order's day while it is open, else on the first open day after it.
            const paidOn = await DayEndService.countingDate(tx, order.restaurant, order.business_date);
            await tx.insert(orderPayments).values(
              body.payments.map((p) => ({
                order_id: id,
                business_date: paidOn,
                tender: p.tender,
                amount: milliText(toMilli(p.amount)),
                reference: p.reference,
                paid_at: p.paid_at ? new Date(p.paid_at) : at,
              })),
            );
          }
          if (to !== from) {
            await tx
              .insert(orderStatusHistory)
              .values({ order_id: id, status: to, at, source: client.api_client, note: body.note });
          }

          const [updated] = unchanged
            ? [order]
            : await tx
                .update(orders)
                .set({
                  status: to,
                  paid: milliText(paid),
                  version: sql`${orders.version} + 1`,
                  updated_at: new Date(),
                })
                .where(eq(orders.id, id))
                .returning();
          if (!unchanged) await orderContribution(tx, id, 1);
          const answer: OrderIngestAnswer = {
            result: 'success',
            message: unchanged ? 'Nothing to change' : 'Order updated',
            order: toIngestedOrder(updated!),
          };
          await this.keep(tx, { client, key, operation: `update:${id}`, fingerprint }, answer);
          return answer;
        }),
      () => Promise.reject(keyReused()),
    );
  }
}
