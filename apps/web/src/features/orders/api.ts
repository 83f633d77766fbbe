import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIST_PAGE_SIZES,
  ORDER_CHANNELS,
  ORDER_SORT,
  ORDER_STATUSES,
  ORDER_TYPES,
  REFUND_KINDS,
  REFUND_SORT,
  type OrderDetail,
  type OrderSummary,
  type RefundBody,
  type RefundSummary,
  type RefundView,
} from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

const detailPath = (id: string | number) => `orders/${encodeURIComponent(String(id))}`;

/** GET /orders (filters, paging, newest first) and /orders/export; rows are read-only. */
export const orderApi = makeResourceApi<OrderSummary, object>({
  key: 'orders',
  path: 'orders',
  rowsField: 'orders',
  rowField: 'order',
  idOf: (order) => order.order_id,
  exportName: 'orders.xlsx',
});

/** GET /refunds; under the orders key, so a refund makes both lists stale. */
export const refundApi = makeResourceApi<RefundSummary, object>({
  key: ['orders', 'refunds'],
  path: 'refunds',
  rowsField: 'refunds',
  rowField: 'refund',
  idOf: (refund) => refund.refund_id,
});

const detailKey = (id: string) => ['orders', 'detail', id] as const;

/** GET /orders/:id: lines, payments, status history and refunds. */
export function useOrderDetail(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => apiGet<{ order: OrderDetail }>(detailPath(id), { signal }).then((a) => a.order),
  });
}

export type RefundRequestBody = Omit<RefundBody, 'idempotency_key'> & { idempotency_key: string };
type RefundAnswer = { message: string; refund: RefundView; order: OrderDetail };

/** POST /orders/:id/refunds; the answer's order replaces the detail shown, then every order list goes stale. */
export function useRefund(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequestBody) => apiPost<RefundAnswer>(`${detailPath(orderId)}/refunds`, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(detailKey(String(orderId)), answer.order);
      await queryClient.invalidateQueries({ queryKey: orderApi.keys.all, refetchType: 'active' });
    },
  });
}

/** Order lists (and Find order on /refunds) by the start of an order number or customer reference. */
export function useOrderSearch(search: string) {
  return useQuery({
    queryKey: [...orderApi.keys.lists(), { search, page_size: LIST_PAGE_SIZES[0] }],
    queryFn: ({ signal }) => orderApi.fetchList({ search, page: 1, page_size: LIST_PAGE_SIZES[0] }, signal),
    enabled: search.length > 0,
  });
}

/** /orderhistory: the list's query and filters; ?view=<order id> opens an order, &dialog=refund its refund. */
export const orderHistoryUrl = listUrlState({
  sort: ORDER_SORT,
  dialogs: ['refund'] as const,
  filters: {
    foodcourt: param.id(),
    restaurant: param.id(),
    from: param.isoDate(),
    to: param.isoDate(),
    status: param.oneOf(ORDER_STATUSES),
    channel: param.oneOf(ORDER_CHANNELS),
    order_type: param.oneOf(ORDER_TYPES),
  },
});

/** /refunds: refunds by the day made and kind; ?view=<order id> opens the order refunded. */
export const refundsUrl = listUrlState({
  sort: REFUND_SORT,
  dialogs: ['refund'] as const,
  filters: {
    foodcourt: param.id(),
    restaurant: param.id(),
    from: param.isoDate(),
    to: param.isoDate(),
    kind: param.oneOf(REFUND_KINDS),
  },
});
