import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { currencyByCode, type InvoiceDocument, type InvoiceKind } from '@cd/core';

/**
 * The PDF of an invoice or a credit note, drawn with pdfmake on the server from the frozen document alone (no
 * browser, no network, no files): the standard Helvetica font built into every PDF reader, no images, and the
 * issue time as the PDF's dates, so the same document gives the same bytes at every download.
 */
const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const STANDARD_FONTS = new Set(Object.values(HELVETICA));
pdfmake.setFonts({ Helvetica: HELVETICA });
// Nothing is fetched or read while drawing: documents hold text only; the only "files" are the built-in fonts.
pdfmake.setUrlAccessPolicy(() => false);
(pdfmake as unknown as { setLocalAccessPolicy: (cb: (path: string) => boolean) => void }).setLocalAccessPolicy((path) =>
  STANDARD_FONTS.has(path),
);

export type InvoicePdfInput = {
  kind: InvoiceKind;
  number: string;
  issued_at: Date;
  reason: string;
  /** Credit notes: the invoice they cancel. */
  credits_number: string | null;
  /** A regenerated invoice: the invoice it replaces. */
  replaces_number: string | null;
  document: InvoiceDocument;
};

const TITLES: Record<InvoiceKind, string> = { invoice: 'TAX INVOICE', credit_note: 'CREDIT NOTE' };

function formatter(currency: string) {
  const decimals = Math.min(currencyByCode(currency)?.decimals ?? 2, 3);
  return (v: number) => v.toFixed(decimals);
}

const label = (text: string): Content => ({ text, color: '#555555' });
const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });

export function invoiceDefinition(input: InvoicePdfInput): TDocumentDefinitions {
  const d = input.document;
  const money = formatter(d.currency);
  const credit = input.kind === 'credit_note';
  const issued = input.issued_at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const identity: Content[] = [
    { text: d.seller.name, style: 'seller' },
    ...(d.seller.vendorname ? [{ text: d.seller.vendorname }] : []),
    // The supplier's address (a GST tax invoice names it); documents issued before addresses were kept have none.
    ...(d.seller.address ? [{ text: d.seller.address }] : []),
    ...(d.seller.state || d.seller.pincode
      ? [{ text: [d.seller.state, d.seller.pincode].filter(Boolean).join(' ') }]
      : []),
    { text: [d.seller.foodcourt_name, d.seller.location_name].filter(Boolean).join(', ') },
    { text: [label('GSTIN: '), d.seller.gstin || 'not registered'] },
    // The place of supply of a restaurant's own sale is its state.
    ...(d.seller.gstin && d.seller.state ? [{ text: [label('Place of supply: '), d.seller.state] }] : []),
    { text: [label('FSSAI licence: '), d.seller.fssai_no || '-'] },
  ];
  const about: Content[] = [
    { text: TITLES[input.kind], style: 'title', alignment: 'right' },
    { text: [label('No. '), { text: input.number, bold: true }], alignment: 'right' },
    { text: [label('Issued: '), issued], alignment: 'right' },
    { text: [label('Order: '), d.order.order_number], alignment: 'right' },
    { text: [label('Business date: '), d.order.business_date], alignment: 'right' },
    ...(d.order.customer_ref
      ? [{ text: [label('Customer: '), d.order.customer_ref], alignment: 'right' as const }]
      : []),
  ];
  const notes: Content[] = [];
  if (credit && input.credits_number)
    notes.push({ text: `This credit note cancels invoice ${input.credits_number} in full.`, bold: true });
  if (!credit && input.replaces_number)
    notes.push({ text: `This invoice replaces invoice ${input.replaces_number}, cancelled by a credit note.` });
  if (input.reason) notes.push({ text: [label('Reason: '), input.reason] });

  const lineRows: TableCell[][] = d.lines.map((l) => [
    String(l.line_no),
    { stack: [l.name, ...(l.options ? [{ text: l.options, fontSize: 8, color: '#555555' }] : [])] },
    right(String(l.quantity)),
    right(money(l.unit_price)),
    right(money(l.tax)),
    right(money(l.line_total)),
  ]);
  const totals: TableCell[][] = [
    ['Subtotal', right(money(d.subtotal))],
    ...(d.charges ? [['Charges', right(money(d.charges))]] : []),
    ...(d.discount ? [['Discount', right(`-${money(d.discount)}`)]] : []),
    [{ text: credit ? 'Total credited' : 'Total', bold: true }, right(`${d.currency} ${money(d.total)}`, true)],
    ...d.tax_lines.map((t) => [`${t.label} (included)`, right(money(t.amount))]),
    ['Paid', right(money(d.paid))],
  ];
  const refundRows: TableCell[][] = d.refunds.map((r) => [r.at.slice(0, 10), r.reason, right(`-${money(r.amount)}`)]);
  return {
    info: {
      title: `${TITLES[input.kind]} ${input.number}`,
      author: d.seller.vendorname || d.seller.name,
      subject: `${TITLES[input.kind]} ${input.number} of order ${d.order.order_number}; GSTIN ${d.seller.gstin || '-'}`,
      keywords: [input.number, d.order.order_number, d.seller.gstin, d.seller.fssai_no].filter(Boolean).join(' '),
      creator: 'Control Desk',
      producer: 'Control Desk (pdfmake)',
      creationDate: input.issued_at,
      modDate: input.issued_at,
    },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    styles: {
      title: { fontSize: 16, bold: true },
      seller: { fontSize: 12, bold: true },
      head: { bold: true, fillColor: '#eeeeee' },
      section: { bold: true, margin: [0, 12, 0, 4] },
    },
    footer: (page, pages) => ({
      text: `${input.number} · prices include tax · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 7,
      color: '#777777',
    }),
    content: [
      {
        columns: [
          { stack: identity, width: '*' },
          { stack: about, width: 'auto' },
        ],
      },
      ...(notes.length ? [{ stack: notes, margin: [0, 10, 0, 0] as [number, number, number, number] }] : []),
      {
        margin: [0, 14, 0, 0],
        table: {
          headerRows: 1,
          widths: [20, '*', 35, 60, 55, 65],
          body: [
            [
              { text: '#', style: 'head' },
              { text: 'Item', style: 'head' },
              { text: 'Qty', style: 'head', alignment: 'right' },
              { text: 'Unit price', style: 'head', alignment: 'right' },
              { text: 'Tax incl.', style: 'head', alignment: 'right' },
              { text: 'Amount', style: 'head', alignment: 'right' },
            ],
            ...lineRows,
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        margin: [0, 10, 0, 0],
        columns: [
          { text: '', width: '*' },
          { width: 220, table: { widths: ['*', 90], body: totals }, layout: 'noBorders' },
        ],
      },
      ...(refundRows.length
        ? [
            { text: 'Refunds', style: 'section' },
            {
              table: { widths: [70, '*', 90], body: refundRows },
              layout: 'lightHorizontalLines',
            } as Content,
            {
              columns: [
                { text: '', width: '*' },
                {
                  width: 220,
                  layout: 'noBorders',
                  table: {
                    widths: ['*', 90],
                    body: [
                      ['Refunded', right(`-${money(d.refunded)}`)],
                      [{ text: 'Net', bold: true }, right(`${d.currency} ${money(d.net)}`, true)],
                    ],
                  },
                },
              ],
            } as Content,
          ]
        : []),
    ],
  };
}

/** The PDF bytes. `compress: false` leaves the page text readable (tests). */
export async function renderInvoicePdf(input: InvoicePdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const definition = invoiceDefinition(input);
  if (options.compress === false) definition.compress = false;
  return pdfmake.createPdf(definition).getBuffer();
}
