import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  INVOICE_KINDS,
  INVOICE_SORT,
  INVOICE_STATUSES,
  type InvoiceDetail,
  type InvoiceRegenerateAnswer,
  type InvoiceSummary,
  type OrderSummary,
} from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

/** GET /invoices: invoices and credit notes, newest first; documents are never edited. */
export const invoiceApi = makeResourceApi<InvoiceSummary, object>({
  key: 'invoices',
  path: 'invoices',
  rowsField: 'invoices',
  rowField: 'invoice',
  idOf: (invoice) => invoice.invoice_id,
});

const detailKey = (id: string) => [...invoiceApi.keys.all, 'detail', id] as const;
const detailPath = (id: string | number) => `invoices/${encodeURIComponent(String(id))}`;

/** GET /invoices/:id: the document as issued and every document of its order. */
export function useInvoiceDetail(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => apiGet<{ invoice: InvoiceDetail }>(detailPath(id), { signal }).then((a) => a.invoice),
  });
}

/** After an issue or a regeneration: the new document is known, every invoice list and chain goes stale. */
function useSettle() {
  const queryClient = useQueryClient();
  return async (invoice: InvoiceDetail) => {
    queryClient.setQueryData(detailKey(String(invoice.invoice_id)), invoice);
    await queryClient.invalidateQueries({
      queryKey: invoiceApi.keys.all,
      predicate: (query) => query.queryKey[2] !== String(invoice.invoice_id),
    });
  };
}

/** POST /invoices {order_id}: the first invoice of an order (409 invoiceExists names the one it has). */
export function useIssueInvoice() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (orderId: number) =>
      apiPost<{ message: string; invoice: InvoiceDetail }>('invoices', { order_id: orderId }),
    onSuccess: (answer) => settle(answer.invoice),
  });
}

/** POST /invoices/:id/regenerate {reason}: a new invoice and a credit note for this one. */
export function useRegenerateInvoice(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (reason: string) => apiPost<InvoiceRegenerateAnswer>(`${detailPath(id)}/regenerate`, { reason }),
    onSuccess: (answer) => settle(answer.invoice),
  });
}

/** Orders by the start of their number (GET /orders; needs the order history page, else nothing is offered). */
export function useOrderChoices(search: string) {
  return useQuery({
    queryKey: ['orders', 'list', { search, for: 'invoice' }],
    queryFn: ({ signal }) =>
      apiGet<{ orders: OrderSummary[] }>(withQuery('orders', { search, page: 1, page_size: DEFAULT_PAGE_SIZE }), {
        signal,
      }).then((a) => a.orders),
    enabled: search.length > 0,
    retry: false,
  });
}

/** /invoice: the list's query and filters; ?view=<invoice id> opens a document, &dialog=regenerate over it. */
export const invoicesUrl = listUrlState({
  sort: INVOICE_SORT,
  dialogs: ['regenerate'] as const,
  filters: {
    foodcourt: param.id(),
    restaurant: param.id(),
    from: param.isoDate(),
    to: param.isoDate(),
    kind: param.oneOf(INVOICE_KINDS),
    status: param.oneOf(INVOICE_STATUSES),
  },
});
