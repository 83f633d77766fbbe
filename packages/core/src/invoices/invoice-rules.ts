/**
 * Invoices (issue 13 point 6, page invoice): the pure rules the server and the web share. An invoice is a
 * numbered, immutable document of one order; a correction never edits it: the server issues a new invoice and a
 * credit note cancelling the old one (Odoo's invoice after close, peers §4). Numbers are gap-free per restaurant
 * and per series (the restaurant holds the GSTIN, and GST wants one consecutive series per registration).
 */

/** The two series: tax invoices and the credit notes that cancel them. */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** issued: the order's current invoice (or a credit note); superseded: replaced by a newer invoice. */
export const INVOICE_STATUSES = ['issued', 'superseded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Orders in these statuses cannot be invoiced (nothing was sold). */
export const NOT_INVOICEABLE_STATUSES = ['cancelled'] as const;

export const INVOICE_PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };
export const INVOICE_REASON_MAX = 500;
export const INVOICE_SEQ_DIGITS = 6;

/**
 * The series code of a restaurant in its numbers: its site code, else its restid, in capitals, letters and
 * digits only, at most 8 characters (GST allows 16 characters for the whole number).
 */
export function invoiceSeriesCode(site: { sitecode?: string; restid?: string }): string {
  const raw = (site.sitecode?.trim() || site.restid?.trim() || 'X').toUpperCase().replace(/[^0-9A-Z]/g, '');
  return (raw || 'X').slice(0, 8);
}

/** `INV-S100-000042` / `CN-S100-000007`: prefix, series code, sequence (at least 6 digits). */
export function formatInvoiceNumber(kind: InvoiceKind, seriesCode: string, seq: number): string {
  return `${INVOICE_PREFIX[kind]}-${seriesCode}-${String(seq).padStart(INVOICE_SEQ_DIGITS, '0')}`;
}

export type InvoiceTaxLine = { label: string; rate_note: string; amount_milli: number };

/**
 * The tax lines of an invoice from the tax included in its lines (in thousandths). Orders carry the tax amount,
 * not the rate, so: an Indian restaurant with a GSTIN (intra-state supply, the food-court case) shows CGST and
 * SGST, half each (SGST takes the odd thousandth); any other shows one line "Tax (included)".
 */
export function invoiceTaxLines(currency: string, gstin: string, taxMilli: number): InvoiceTaxLine[] {
  if (taxMilli === 0) return [];
  if (currency === 'INR' && gstin.trim()) {
    const cgst = Math.trunc(taxMilli / 2);
    return [
      { label: 'CGST', rate_note: 'half of the GST included', amount_milli: cgst },
      { label: 'SGST', rate_note: 'half of the GST included', amount_milli: taxMilli - cgst },
    ];
  }
  return [{ label: 'Tax (included)', rate_note: '', amount_milli: taxMilli }];
}
