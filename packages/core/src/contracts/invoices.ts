import { z } from 'zod';
import { INVOICE_KINDS, INVOICE_REASON_MAX, INVOICE_STATUSES } from '../invoices/invoice-rules.js';
import { ORDER_CHANNELS, ORDER_TYPES } from '../orders/order-rules.js';
import { clientMeta, successEnvelope } from './envelope.js';
import { listAnswerSchema, listQuerySchema, SORT_ORDERS } from './list.js';
import { orderDate, orderIdParam } from './orders.js';

/**
 * Invoices (issue 13 point 6, page invoice): numbered PDF invoices of orders and the credit notes that cancel
 * them. An invoice is never edited: regenerating it after a correction issues a new invoice (new number) and a
 * credit note for the old one (its own series); all stay listed and downloadable.
 *
 *   GET  /invoices                              list (filters below; newest first)
 *   GET  /invoices/:invoice_id                  one invoice or credit note, with what it says and its order's chain
 *   GET  /invoices/:invoice_id/pdf              the PDF (application/pdf)
 *   POST /invoices                 {order_id}   issue the first invoice of an order
 *   POST /invoices/:invoice_id/regenerate {reason}  new invoice + credit note for this one
 */

export const INVOICE_SORT = ['issued_at', 'number', 'order_number', 'restaurant', 'total'] as const;

const siteId = z.string().max(200);
const invoiceFilters = {
  location: siteId.optional(),
  foodcourt: siteId.optional(),
  restaurant: siteId.optional(),
  from: orderDate().optional().meta({ description: 'First day of issue (inclusive, UTC)' }),
  to: orderDate().optional().meta({ description: 'Last day of issue (inclusive, UTC)' }),
  order_id: orderIdParam().optional().meta({ description: 'Only the documents of this order' }),
  number: z
    .string()
    .trim()
    .max(40)
    .optional()
    .meta({ description: 'The start of an invoice or credit-note number, any case' }),
  kind: z.enum(INVOICE_KINDS).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
};

/** GET /invoices: `search` is the start of a document number or an order number, any case. Newest first. */
export const invoiceListQuery = listQuerySchema(INVOICE_SORT, invoiceFilters)
  .extend({ order: z.enum(SORT_ORDERS).default('desc').meta({ description: 'Default desc: newest first' }) })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'End date cannot be before start date' });
  });
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export const invoiceSummarySchema = z.object({
  invoice_id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string().meta({ example: 'INV-S100-000042' }),
  status: z
    .enum(INVOICE_STATUSES)
    .meta({ description: 'superseded: replaced by a newer invoice (credit notes: issued)' }),
  order_id: z.number().int(),
  order_number: z.string(),
  restaurant: z.string(),
  restaurant_name: z.string(),
  foodcourt: z.string(),
  business_date: z.string(),
  currency: z.string(),
  total: z.number().meta({ description: 'What the document is for: the order total (credit notes: what they cancel)' }),
  tax: z.number(),
  refunded: z.number().meta({ description: 'Refunds of the order when it was issued' }),
  reason: z.string().meta({ description: 'Why it was issued (regeneration reason; empty for a first invoice)' }),
  issued_by: z.string(),
  issued_at: z.string(),
  credits_invoice_id: z.number().int().nullable().meta({ description: 'Credit notes: the invoice it cancels' }),
  credits_number: z.string().nullable(),
  replaced_by_id: z.number().int().nullable().meta({ description: 'Superseded invoices: the invoice replacing it' }),
  replaced_by_number: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** What a document says, frozen when it is issued: the PDF is drawn from this alone. */
export const invoiceDocumentSchema = z.object({
  seller: z.object({
    restaurant: z.string(),
    name: z.string(),
    vendorname: z.string(),
    foodcourt_name: z.string(),
    location_name: z.string(),
    gstin: z.string(),
    fssai_no: z.string(),
    /** The restaurant's address (issue 36) as it was at the issue; absent on documents issued before it existed. */
    address: z.string().optional(),
    state: z.string().optional(),
    pincode: z.string().optional(),
  }),
  order: z.object({
    order_id: z.number().int(),
    order_number: z.string(),
    business_date: z.string(),
    placed_at: z.string(),
    channel: z.enum(ORDER_CHANNELS),
    order_type: z.enum(ORDER_TYPES),
    customer_ref: z.string(),
  }),
  currency: z.string(),
  lines: z.array(
    z.object({
      line_no: z.number().int(),
      name: z.string(),
      options: z.string().meta({ description: 'Options chosen, as one text' }),
      quantity: z.number().int(),
      unit_price: z.number(),
      line_total: z.number(),
      tax: z.number(),
    }),
  ),
  subtotal: z.number(),
  charges: z.number(),
  discount: z.number(),
  total: z.number(),
  tax: z.number(),
  tax_lines: z.array(z.object({ label: z.string(), note: z.string(), amount: z.number() })),
  paid: z.number(),
  refunds: z.array(
    z.object({ refund_id: z.number().int(), at: z.string(), kind: z.string(), amount: z.number(), reason: z.string() }),
  ),
  refunded: z.number(),
  net: z.number().meta({ description: 'total − refunded' }),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  document: invoiceDocumentSchema,
  pdf_url: z.string().meta({ description: 'Where to download the PDF (same session)' }),
  history: z
    .array(invoiceSummarySchema)
    .meta({ description: 'Every invoice and credit note of the same order, oldest first (this one included)' }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceIdParams = z.object({ invoice_id: orderIdParam() });

export const invoiceIssueBody = z
  .object({ order_id: orderIdParam().meta({ description: 'The order to invoice' }), ...clientMeta })
  .meta({ example: { order_id: 1042 } });
export type InvoiceIssueBody = z.output<typeof invoiceIssueBody>;

export const invoiceRegenerateBody = z
  .object({
    reason: z.string().trim().min(1, 'Give a reason').max(INVOICE_REASON_MAX),
    ...clientMeta,
  })
  .meta({ example: { reason: 'Line refunded after the invoice was issued' } });
export type InvoiceRegenerateBody = z.output<typeof invoiceRegenerateBody>;

export const invoiceListAnswer = listAnswerSchema('invoices', invoiceSummarySchema);
export const invoiceDetailAnswer = successEnvelope({ invoice: invoiceDetailSchema });
export const invoiceIssueAnswer = successEnvelope({ message: z.string(), invoice: invoiceDetailSchema });
export const invoiceRegenerateAnswer = successEnvelope({
  message: z.string(),
  invoice: invoiceDetailSchema.meta({ description: 'The new invoice' }),
  credit_note: invoiceSummarySchema.meta({ description: 'The credit note cancelling the old invoice' }),
});
export type InvoiceRegenerateAnswer = z.infer<typeof invoiceRegenerateAnswer>;
