import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { REFUND_KINDS, type RefundSummary } from '@cd/core';
import {
  ChoiceFilter,
  DateRangeFilter,
  ResourceListPage,
  SiteFilter,
  type ResourceColumn,
} from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { useUrlState } from '../../../lib/url-state';
import { refundApi, refundsUrl } from '../api';
import { OrderDetailDrawer } from '../components/order-detail';
import { OrderFinder } from '../components/order-finder';
import { formatTime } from '../format';

/**
 * /refunds (page refunds; spec 000 §2.3 site handlers, §6): the refunds made on the user's sites, newest first,
 * and an order finder; an order (`?view=<order id>`, from a refund or the finder) opens with its Refund action.
 */
export function RefundsPage() {
  const { t } = useTranslation();
  const url = useUrlState(refundsUrl);
  const { state, update } = url;
  const filter = (patch: Parameters<typeof update>[0]) => update({ ...patch, page: undefined });
  const columns: ResourceColumn<RefundSummary>[] = [
    { id: 'created_at', header: t('orders.refunds.at'), sortable: true, cell: (r) => formatTime(r.created_at) },
    {
      id: 'order_number',
      header: t('orders.columns.number'),
      sortable: true,
      primary: true,
      cell: (r) => r.order_number,
    },
    { id: 'restaurant', header: t('orders.columns.restaurant'), sortable: true, cell: (r) => r.restaurant_name },
    { id: 'kind', header: t('orders.refunds.kind'), cell: (r) => t(`orders.kind.${r.kind}`) },
    {
      id: 'amount',
      header: t('orders.refunds.amount'),
      sortable: true,
      primary: true,
      align: 'right',
      cell: (r) => moneyFormatter(r.currency)(r.amount),
    },
    { id: 'reason', header: t('orders.refunds.reason'), cell: (r) => r.reason },
    { id: 'created_by', header: t('orders.refunds.by'), cell: (r) => r.created_by },
  ];

  return (
    // The shell's main area has its own padding: a second one cost the table 48 px (issue 35).
    <Box>
      <ResourceListPage
        title={t('orders.refunds.title')}
        intro={t('orders.refunds.intro')}
        api={refundApi}
        url={url}
        columns={columns}
        listLabel={t('orders.refunds.listLabel')}
        rowName={(r) => r.order_number}
        searchLabel={t('orders.refunds.search')}
        filters={
          <>
            <SiteFilter foodcourt={state.foodcourt} restaurant={state.restaurant} onChange={filter} />
            <DateRangeFilter from={state.from} to={state.to} onChange={filter} />
            <ChoiceFilter
              label={t('orders.refunds.kind')}
              value={state.kind}
              values={REFUND_KINDS}
              name={(v) => t(`orders.kind.${v}`)}
              onChange={(kind) => filter({ kind })}
            />
            <OrderFinder onOpen={(id) => update({ view: String(id), dialog: undefined })} />
          </>
        }
        empty={t('orders.refunds.empty')}
        exportable={false}
        canEdit={() => false}
        renderForm={() => null}
        detail={{
          label: (r) => t('orders.history.open', { number: r.order_number }),
          idOf: (r) => String(r.order_id),
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
