import type { InvoiceDetail, InvoiceSummary, OrderSummary } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

const at = (n: number) => `2026-03-0${n}T10:00:00Z`;

function summary(patch: Partial<InvoiceSummary> & Pick<InvoiceSummary, 'invoice_id' | 'number'>): InvoiceSummary {
  return {
    kind: 'invoice',
    status: 'issued',
    order_id: 7,
    order_number: 'RVK-0007',
    restaurant: 'fc-ldn-river:noodle-house',
    restaurant_name: 'Noodle House',
    foodcourt: 'fc-ldn-river',
    business_date: '2026-03-02',
    currency: 'GBP',
    total: 27.5,
    tax: 4.58,
    refunded: 0,
    reason: '',
    issued_by: 'demo.admin',
    issued_at: at(2),
    credits_invoice_id: null,
    credits_number: null,
    replaced_by_id: null,
    replaced_by_number: null,
    ...patch,
  };
}

const documentOf = (s: InvoiceSummary): InvoiceDetail['document'] => ({
  seller: {
    restaurant: s.restaurant,
    name: 'Noodle House',
    vendorname: 'Noodle House Ltd',
    foodcourt_name: 'Riverside Kitchen',
    location_name: 'London Riverside Campus',
    gstin: '',
    fssai_no: '',
  },
  order: {
    order_id: 7,
    order_number: 'RVK-0007',
    business_date: '2026-03-02',
    placed_at: at(2),
    channel: 'kiosk',
    order_type: 'dine_in',
    customer_ref: 'EMP-1',
  },
  currency: 'GBP',
  lines: [
    {
      line_no: 1,
      name: 'Tonkotsu Ramen',
      options: 'Extra egg',
      quantity: 2,
      unit_price: 12.5,
      line_total: 25,
      tax: 4.16,
    },
    { line_no: 2, name: 'Green Tea', options: '', quantity: 1, unit_price: 2.5, line_total: 2.5, tax: 0.42 },
  ],
  subtotal: 27.5,
  charges: 0,
  discount: 0,
  total: 27.5,
  tax: 4.58,
  tax_lines: [{ label: 'Tax (included)', note: '', amount: 4.58 }],
  paid: 27.5,
  refunds: [],
  refunded: s.refunded,
  net: 27.5 - s.refunded,
});

/**
 * The invoice endpoints as the server answers them: order 7 has invoice 1; a regeneration supersedes it with
 * invoice 3 and credit note 2; order 8 has none until it is issued (invoice 4).
 */
export function invoicesApi(options: { issueReply?: () => MockReply | undefined } = {}) {
  const docs: InvoiceSummary[] = [summary({ invoice_id: 1, number: 'INV-NH-000001' })];
  const record: MockCall[] = [];
  const detail = (id: number): InvoiceDetail => {
    const s = docs.find((d) => d.invoice_id === id)!;
    return {
      ...s,
      document: documentOf(s),
      pdf_url: `/v2/bck/invoices/${id}/pdf`,
      history: docs.filter((d) => d.order_id === s.order_id).sort((a, b) => a.invoice_id - b.invoice_id),
    };
  };
  const order8: OrderSummary = {
    order_id: 8,
    order_number: 'RVK-0008',
    restaurant: 'fc-ldn-river:noodle-house',
    restaurant_name: 'Noodle House',
    foodcourt: 'fc-ldn-river',
    channel: 'app',
    order_type: 'takeaway',
    status: 'completed',
    session: '',
    business_date: '2026-03-03',
    placed_at: at(3),
    customer_ref: '',
    currency: 'GBP',
    total: 5,
    paid: 5,
    refunded: 0,
    refund_state: 'none',
    item_count: 1,
  };
  const fetchMock = mockApiRoutes(
    {
      'GET invoices': () => ({ body: { invoices: [...docs].reverse(), total: docs.length } }),
      'GET invoices/1': () => ({ body: { invoice: detail(1) } }),
      'GET invoices/3': () => ({ body: { invoice: detail(3) } }),
      'GET invoices/4': () => ({ body: { invoice: detail(4) } }),
      'GET orders': () => ({ body: { orders: [order8], total: 1 } }),
      'POST invoices': ({ body }) => {
        const early = options.issueReply?.();
        if (early) return early;
        docs.push(
          summary({
            invoice_id: 4,
            number: 'INV-NH-000003',
            order_id: Number(body.order_id),
            order_number: 'RVK-0008',
          }),
        );
        return { body: { message: 'Invoice INV-NH-000003 issued', invoice: detail(4) } };
      },
      'POST invoices/1/regenerate': ({ body }) => {
        const old = docs[0]!;
        const reason = String(body.reason);
        const credit = summary({
          invoice_id: 2,
          kind: 'credit_note',
          number: 'CN-NH-000001',
          reason,
          issued_at: at(3),
          credits_invoice_id: 1,
          credits_number: old.number,
        });
        const fresh = summary({ invoice_id: 3, number: 'INV-NH-000002', reason, issued_at: at(3), refunded: 2.5 });
        Object.assign(old, { status: 'superseded', replaced_by_id: 3, replaced_by_number: fresh.number });
        docs.push(credit, fresh);
        return { body: { message: 'Invoice INV-NH-000002 issued', invoice: detail(3), credit_note: credit } };
      },
    },
    { record },
  );
  return { fetchMock, record };
}
