import { aliasedTable, and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  fromMilli,
  formatInvoiceNumber,
  invoiceSeriesCode,
  NOT_INVOICEABLE_STATUSES,
  toMilli,
  type INVOICE_SORT,
  type InvoiceDetail,
  type InvoiceKind,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceSummary,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  foodcourts,
  invoices,
  invoiceSequences,
  orders,
  restaurants,
  type InvoiceRow,
  type OrderRow,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  text,
  withRange,
  type ListPage,
  type ListRange,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { startsWithLower } from '../../lib/text-prefix.js';
import { buildInvoiceDocument } from './invoice-document.js';
import { renderInvoicePdf } from './invoice-pdf.js';

const credited = aliasedTable(invoices, 'credited');
const replacement = aliasedTable(invoices, 'replacement');

const INVOICE_LIST: ListSpec<(typeof INVOICE_SORT)[number]> = {
  sortable: {
    issued_at: invoices.issued_at,
    number: text(invoices.number),
    order_number: text(orders.order_number),
    restaurant: text(restaurants.name),
    total: invoices.total,
  },
  defaultSort: [invoices.issued_at],
  key: invoices.id,
  search: [],
};

const amount = (v: string) => fromMilli(toMilli(v));
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

const invoiceNotFound = (id: number) => notFound('invoiceNotFound', `Invoice ${id} does not exist`);
const orderNotFound = (id: number) => notFound('orderNotFound', `Order ${id} does not exist`);

type SummaryRow = {
  i: InvoiceRow;
  order_number: string | null;
  business_date: string | null;
  restaurant_name: string | null;
  credits_number: string | null;
  replaced_by_number: string | null;
};

function toSummary(r: SummaryRow): InvoiceSummary {
  const i = r.i;
  return {
    invoice_id: i.id,
    kind: i.kind as InvoiceKind,
    number: i.number,
    status: i.status as InvoiceStatus,
    order_id: i.order_id,
    order_number: r.order_number ?? '',
    restaurant: i.restaurant,
    restaurant_name: r.restaurant_name ?? '',
    foodcourt: i.foodcourt,
    business_date: r.business_date ?? '',
    currency: i.currency,
    total: amount(i.total),
    tax: amount(i.tax),
    refunded: amount(i.refunded),
    reason: i.reason,
    issued_by: i.issued_by,
    issued_at: i.issued_at.toISOString(),
    credits_invoice_id: i.credits_invoice_id,
    credits_number: r.credits_number,
    replaced_by_id: i.replaced_by_id,
    replaced_by_number: r.replaced_by_number,
  };
}

/**
 * Invoices and credit notes (page invoice; issue 13 point 6). Issuing locks the order row, so an order gets one
 * current invoice however many calls race; numbers come from invoice_sequences inside the same transaction, so
 * each restaurant's series is gap-free. Regenerating never edits an invoice: it issues a credit note for it and
 * a new invoice from the order as it is now, and marks the old one superseded. Every issue is audited.
 */
export class InvoicesService {
  constructor(private readonly db: Db) {}

  /** The restaurants a user may see: undefined for everything (admins), null for nothing. */
  private async scope(user: UserRow): Promise<Set<string> | undefined | null> {
    if (user.admin) return undefined;
    const scope = await loadSiteScope(this.db, user);
    return scope.restaurants.size ? scope.restaurants : null;
  }

  /** Invoices with their order number, restaurant name and linked numbers, in `order`, one range of them. */
  private async summaries(where: SQL | undefined, order: SQL[], range: ListRange = { offset: 0 }) {
    const query = this.db
      .select({
        i: invoices,
        order_number: orders.order_number,
        business_date: orders.business_date,
        restaurant_name: restaurants.name,
        credits_number: credited.number,
        replaced_by_number: replacement.number,
      })
      .from(invoices)
      .leftJoin(orders, eq(orders.id, invoices.order_id))
      .leftJoin(restaurants, eq(restaurants.restaurant, invoices.restaurant))
      .leftJoin(credited, eq(credited.id, invoices.credits_invoice_id))
      .leftJoin(replacement, eq(replacement.id, invoices.replaced_by_id))
      .where(where)
      .orderBy(...order)
      .$dynamic();
    // drizzle infers `never` for rows joining two aliases of the selected table; the shape is SummaryRow.
    return (await withRange(query, range)) as unknown as SummaryRow[];
  }

  private conditions(query: InvoiceListQuery): SQL[] {
    const where: SQL[] = [];
    if (query.foodcourt) where.push(eq(invoices.foodcourt, query.foodcourt));
    if (query.restaurant) where.push(eq(invoices.restaurant, query.restaurant));
    if (query.location) {
      where.push(
        inArray(
          invoices.foodcourt,
          this.db.select({ f: foodcourts.foodcourt }).from(foodcourts).where(eq(foodcourts.location, query.location)),
        ),
      );
    }
    if (query.from) where.push(gte(invoices.issued_at, new Date(`${query.from}T00:00:00Z`)));
    if (query.to) where.push(lt(invoices.issued_at, nextDay(query.to)));
    if (query.order_id) where.push(eq(invoices.order_id, query.order_id));
    if (query.kind) where.push(eq(invoices.kind, query.kind));
    if (query.status) where.push(eq(invoices.status, query.status));
    if (query.number) where.push(startsWithLower(invoices.number_lc, query.number));
    const search = query.search?.trim();
    if (search) {
      where.push(or(startsWithLower(invoices.number_lc, search), startsWithLower(orders.order_number_lc, search))!);
    }
    return where;
  }

  async list(query: InvoiceListQuery, user: UserRow): Promise<ListPage<InvoiceSummary>> {
    const scope = await this.scope(user);
    if (scope === null) return { rows: [], total: 0 };
    const cond = and(scope ? inArray(invoices.restaurant, [...scope]) : undefined, ...this.conditions(query));
    const [rows, [count]] = await Promise.all([
      this.summaries(cond, listOrder(INVOICE_LIST, query), listRange(query)),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .leftJoin(orders, eq(orders.id, invoices.order_id))
        .where(cond),
    ]);
    return { rows: rows.map(toSummary), total: count?.n ?? 0 };
  }

  /** One invoice or credit note with its document and the chain of its order; 404 outside the user's sites. */
  async detail(id: number, user: UserRow | null): Promise<InvoiceDetail> {
    const [found] = await this.summaries(eq(invoices.id, id), []);
    if (found === undefined) throw invoiceNotFound(id);
    if (user) {
      const scope = await this.scope(user);
      if (scope === null || (scope && !scope.has(found.i.restaurant))) throw invoiceNotFound(id);
    }
    const history = await this.summaries(eq(invoices.order_id, found.i.order_id), [
      asc(invoices.issued_at),
      asc(invoices.id),
    ]);
    return {
      ...toSummary(found),
      document: found.i.document,
      pdf_url: `/v2/bck/invoices/${id}/pdf`,
      history: history.map(toSummary),
    };
  }

  /** The PDF of an invoice or credit note, drawn again from its frozen document (the same bytes every time). */
  async pdf(id: number, user: UserRow, options: { compress?: boolean } = {}) {
    const detail = await this.detail(id, user);
    const replaced = detail.history.find((h) => h.replaced_by_id === id);
    const bytes = await renderInvoicePdf(
      {
        kind: detail.kind,
        number: detail.number,
        issued_at: new Date(detail.issued_at),
        reason: detail.reason,
        credits_number: detail.credits_number,
        replaces_number: replaced?.number ?? null,
        document: detail.document,
      },
      options,
    );
    return { bytes, filename: `${detail.number}.pdf` };
  }

  /** The order, locked for this transaction; 404 outside the user's sites. */
  private async lockOrder(tx: DbOrTx, orderId: number, scope: Set<string> | undefined | null): Promise<OrderRow> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || scope === null || (scope && !scope.has(order.restaurant))) throw orderNotFound(orderId);
    if ((NOT_INVOICEABLE_STATUSES as readonly string[]).includes(order.status)) {
      throw new AppError(
        409,
        'orderNotInvoiceable',
        `Order ${order.order_number} is ${order.status}: it cannot be invoiced`,
      );
    }
    return order;
  }

  /** The next number of a restaurant's series, taken inside the caller's transaction (gap-free). */
  private async nextNumber(tx: DbOrTx, restaurant: string, kind: InvoiceKind) {
    const [row] = await tx
      .insert(invoiceSequences)
      .values({ restaurant, kind, last_seq: 1 })
      .onConflictDoUpdate({
        target: [invoiceSequences.restaurant, invoiceSequences.kind],
        set: { last_seq: sql`${invoiceSequences.last_seq} + 1` },
      })
      .returning({ seq: invoiceSequences.last_seq });
    const [site] = await tx
      .select({ restid: restaurants.restid, details: restaurants.details })
      .from(restaurants)
      .where(eq(restaurants.restaurant, restaurant));
    const sitecode = typeof site?.details.sitecode === 'string' ? site.details.sitecode : '';
    const seq = row!.seq;
    return { seq, number: formatInvoiceNumber(kind, invoiceSeriesCode({ sitecode, restid: site?.restid }), seq) };
  }

  private async insertInvoice(tx: DbOrTx, order: OrderRow, actor: Actor, reason: string): Promise<InvoiceRow> {
    const document = await buildInvoiceDocument(tx, order);
    const { seq, number } = await this.nextNumber(tx, order.restaurant, 'invoice');
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'invoice',
        seq,
        number,
        order_id: order.id,
        restaurant: order.restaurant,
        foodcourt: order.foodcourt,
        currency: order.currency,
        total: order.total,
        tax: order.tax,
        refunded: order.refunded,
        reason,
        document,
        issued_by: actor.user.userid,
      })
      .returning();
    return row!;
  }

  /** The first invoice of an order: 409 `invoiceExists` when it has one (regenerate that instead). */
  async issue(orderId: number, actor: Actor): Promise<InvoiceDetail> {
    const scope = await this.scope(actor.user);
    const id = await this.db.transaction(async (tx) => {
      const order = await this.lockOrder(tx, orderId, scope);
      const [current] = await tx
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.order_id, orderId), eq(invoices.kind, 'invoice'), eq(invoices.status, 'issued')));
      if (current) {
        throw new AppError(409, 'invoiceExists', `Order ${order.order_number} already has invoice ${current.number}`, {
          invoice_id: current.id,
          number: current.number,
        });
      }
      const row = await this.insertInvoice(tx, order, actor, '');
      await audit(tx, {
        actor: actor.user.userid,
        action: 'issue',
        entity: 'invoice',
        entityId: String(row.id),
        after: { number: row.number, order_id: row.order_id, total: row.total },
        ip: actor.ip,
      });
      return row.id;
    });
    return this.detail(id, null);
  }

  /**
   * A correction: a credit note cancelling this invoice (the credit-note series) and a new invoice of the order
   * as it is now; the old invoice is marked superseded, never edited otherwise. 409 `invoiceSuperseded` when it
   * was already replaced (someone regenerated it first), `notAnInvoice` for a credit note.
   */
  async regenerate(invoiceId: number, reason: string, actor: Actor) {
    const scope = await this.scope(actor.user);
    const [first] = await this.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!first || scope === null || (scope && !scope.has(first.restaurant))) throw invoiceNotFound(invoiceId);
    if (first.kind !== 'invoice') throw new AppError(409, 'notAnInvoice', `${first.number} is a credit note`);
    const ids = await this.db.transaction(async (tx) => {
      const order = await this.lockOrder(tx, first.order_id, scope);
      const [old] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
      if (!old || old.status !== 'issued') {
        const [newer] = old?.replaced_by_id
          ? await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, old.replaced_by_id))
          : [];
        throw new AppError(
          409,
          'invoiceSuperseded',
          `Invoice ${first.number} was already replaced${newer ? ` by ${newer.number}` : ''}`,
          { replaced_by_id: old?.replaced_by_id ?? null, replaced_by_number: newer?.number ?? null },
        );
      }
      const creditNo = await this.nextNumber(tx, old.restaurant, 'credit_note');
      const [credit] = await tx
        .insert(invoices)
        .values({
          kind: 'credit_note',
          seq: creditNo.seq,
          number: creditNo.number,
          order_id: old.order_id,
          restaurant: old.restaurant,
          foodcourt: old.foodcourt,
          currency: old.currency,
          total: old.total,
          tax: old.tax,
          refunded: old.refunded,
          reason,
          credits_invoice_id: old.id,
          document: old.document,
          issued_by: actor.user.userid,
        })
        .returning();
      // The old invoice leaves the "current" index before the new one enters it.
      await tx.update(invoices).set({ status: 'superseded' }).where(eq(invoices.id, old.id));
      const fresh = await this.insertInvoice(tx, order, actor, reason);
      await tx.update(invoices).set({ replaced_by_id: fresh.id }).where(eq(invoices.id, old.id));
      await audit(tx, {
        actor: actor.user.userid,
        action: 'regenerate',
        entity: 'invoice',
        entityId: String(old.id),
        before: { number: old.number, status: old.status, total: old.total },
        after: {
          status: 'superseded',
          credit_note: { id: credit!.id, number: credit!.number },
          invoice: { id: fresh.id, number: fresh.number, total: fresh.total },
          reason,
        },
        ip: actor.ip,
      });
      return { invoice: fresh.id, credit: credit!.id };
    });
    const invoice = await this.detail(ids.invoice, null);
    const creditNote = invoice.history.find((h) => h.invoice_id === ids.credit)!;
    return { invoice, credit_note: creditNote };
  }
}
