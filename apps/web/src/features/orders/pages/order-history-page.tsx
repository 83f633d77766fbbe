import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ORDER_CHANNELS, ORDER_STATUSES, ORDER_TYPES, type OrderSummary } from '@cd/core';
import {
  ChoiceFilter,
  DateRangeFilter,
  ResourceListPage,
  SiteFilter,
  type ResourceColumn,
} from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { useUrlState } from '../../../lib/url-state';
import { orderApi, orderHistoryUrl } from '../api';
import { OrderDetailDrawer } from '../components/order-detail';
import { formatDate, formatTime } from '../format';

/**
 * /orderhistory (page preorderhistory; spec 000 §2.3, §6): the orders of the user's sites, newest first, filtered
 * by site, business dates, status, channel, type and the start of an order number or customer reference; Export
 * of the filtered orders; an order's detail at `?view=<order id>`, with Refund for holders of /refunds.
 */
export function OrderHistoryPage() {
  const { t } = useTranslation();
  const url = useUrlState(orderHistoryUrl);
  const { state, update } = url;
  const filter = (patch: Parameters<typeof update>[0]) => update({ ...patch, page: undefined });
  const amount = (o: OrderSummary, value: number) => moneyFormatter(o.currency)(value);
  const columns: ResourceColumn<OrderSummary>[] = [
    {
      id: 'order_number',
      header: t('orders.columns.number'),
      sortable: true,
      primary: true,
      // Issue 35: at 1366 px the number broke over three lines and the Refunded column was cut.
      nowrap: true,
      cell: (o) => o.order_number,
    },
    { id: 'placed_at', header: t('orders.columns.placedAt'), sortable: true, cell: (o) => formatTime(o.placed_at) },
    {
      id: 'business_date',
      header: t('orders.columns.businessDate'),
      sortable: true,
      cell: (o) => formatDate(o.business_date),
    },
    {
      id: 'restaurant',
      header: t('orders.columns.restaurant'),
      sortable: true,
      primary: true,
      cell: (o) => o.restaurant_name,
    },
    {
      id: 'customer_ref',
      header: t('orders.columns.customer'),
      hideBelow: 'xl',
      cell: (o) => o.customer_ref || '—',
    },
    {
      id: 'channel',
      header: t('orders.columns.channel'),
      sortable: true,
      cell: (o) => t(`orders.channel.${o.channel}`),
    },
    {
      id: 'order_type',
      header: t('orders.columns.type'),
      sortable: true,
      cell: (o) => t(`orders.type.${o.order_type}`),
    },
    { id: 'status', header: t('orders.columns.status'), sortable: true, cell: (o) => t(`orders.status.${o.status}`) },
    { id: 'total', header: t('orders.columns.total'), sortable: true, align: 'right', cell: (o) => amount(o, o.total) },
    {
      id: 'refunded',
      header: t('orders.columns.refunded'),
      align: 'right',
      cell: (o) => (o.refunded > 0 ? amount(o, o.refunded) : '—'),
    },
  ];

  return (
    // The shell's main area has its own padding: a second one cost the table 48 px (issue 35).
    <Box>
      <ResourceListPage
        title={t('orders.history.title')}
        intro={t('orders.history.intro')}
        api={orderApi}
        url={url}
        columns={columns}
        listLabel={t('orders.history.listLabel')}
        rowName={(o) => o.order_number}
        searchLabel={t('orders.history.search')}
        filters={
          <>
            <SiteFilter foodcourt={state.foodcourt} restaurant={state.restaurant} onChange={filter} />
            <DateRangeFilter from={state.from} to={state.to} onChange={filter} />
            <ChoiceFilter
              label={t('orders.columns.status')}
              value={state.status}
              values={ORDER_STATUSES}
              name={(v) => t(`orders.status.${v}`)}
              onChange={(status) => filter({ status })}
            />
            <ChoiceFilter
              label={t('orders.columns.channel')}
              value={state.channel}
              values={ORDER_CHANNELS}
              name={(v) => t(`orders.channel.${v}`)}
              onChange={(channel) => filter({ channel })}
            />
            <ChoiceFilter
              label={t('orders.columns.type')}
              value={state.order_type}
              values={ORDER_TYPES}
              name={(v) => t(`orders.type.${v}`)}
              onChange={(order_type) => filter({ order_type })}
            />
          </>
        }
        empty={t('orders.history.empty')}
        canEdit={() => false}
        renderForm={() => null}
        detail={{
          label: (o) => t('orders.history.open', { number: o.order_number }),
          render: ({ id, onClose }) => (
            <OrderDetailDrawer
              id={id}
              onClose={onClose}
              refundOpen={state.dialog === 'refund'}
              onRefundOpen={(open) => update({ dialog: open ? 'refund' : undefined })}
            />
          ),
        }}
      />
    </Box>
  );
}
