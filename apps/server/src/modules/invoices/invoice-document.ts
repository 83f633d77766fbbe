import { asc, eq } from 'drizzle-orm';
import { fromMilli, invoiceTaxLines, toMilli, type InvoiceDocument, type OrderChannel, type OrderType } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { foodcourts, locations, orderLines, refunds, restaurants, type OrderRow } from '../../db/schema/index.js';

const amount = (v: string) => fromMilli(toMilli(v));
const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * What an invoice of the order says, read inside the issuing transaction (the order row is locked): the
 * restaurant's tax identity and address (gstin, fssai_no, address, state, PIN from its details), the lines, the tax lines, the totals and the
 * refunds so far. Frozen in the invoice row; the PDF is drawn from it alone.
 */
export async function buildInvoiceDocument(tx: DbOrTx, order: OrderRow): Promise<InvoiceDocument> {
  // One query after another: inside the issuing transaction all of them share one connection, which takes a query
  // at a time (pg deprecates asking it for a second while one runs).
  const [site] = await tx
    .select({
      name: restaurants.name,
      details: restaurants.details,
      fcName: foodcourts.name,
      locName: locations.name,
    })
    .from(restaurants)
    .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
    .innerJoin(locations, eq(locations.location, foodcourts.location))
    .where(eq(restaurants.restaurant, order.restaurant));
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.order_id, order.id))
    .orderBy(asc(orderLines.line_no));
  const refundRows = await tx
    .select()
    .from(refunds)
    .where(eq(refunds.order_id, order.id))
    .orderBy(asc(refunds.created_at), asc(refunds.id));
  const details = site?.details ?? {};
  const gstin = textOf(details.gstin);
  const taxMilli = toMilli(order.tax);
  return {
    seller: {
      restaurant: order.restaurant,
      name: site?.name ?? order.restaurant,
      vendorname: textOf(details.vendorname),
      foodcourt_name: site?.fcName ?? '',
      location_name: site?.locName ?? '',
      gstin,
      fssai_no: textOf(details.fssai_no),
      address: textOf(details.address),
      state: textOf(details.state),
      pincode: textOf(details.pincode),
    },
    order: {
      order_id: order.id,
      order_number: order.order_number,
      business_date: order.business_date,
      placed_at: order.placed_at.toISOString(),
      channel: order.channel as OrderChannel,
      order_type: order.order_type as OrderType,
      customer_ref: order.customer_ref,
    },
    currency: order.currency,
    lines: lines.map((l) => ({
      line_no: l.line_no,
      name: l.name,
      options: l.options.map((o) => o.name).join(', '),
      quantity: l.quantity,
      unit_price: amount(l.unit_price),
      line_total: amount(l.line_total),
      tax: amount(l.tax),
    })),
    subtotal: amount(order.subtotal),
    charges: amount(order.charges),
    discount: amount(order.discount),
    total: amount(order.total),
    tax: fromMilli(taxMilli),
    tax_lines: invoiceTaxLines(order.currency, gstin, taxMilli).map((t) => ({
      label: t.label,
      note: t.rate_note,
      amount: fromMilli(t.amount_milli),
    })),
    paid: amount(order.paid),
    refunds: refundRows.map((r) => ({
      refund_id: r.id,
      at: r.created_at.toISOString(),
      kind: r.kind,
      amount: amount(r.amount),
      reason: r.reason,
    })),
    refunded: amount(order.refunded),
    net: fromMilli(toMilli(order.total) - toMilli(order.refunded)),
  };
}
