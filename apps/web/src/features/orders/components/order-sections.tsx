import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@cd/core';
import { DetailTable } from '../../../components/resource';
import { describeOptions, formatTime } from '../format';

type Money = (amount: number) => string;

/** Lines (with options), payments, the offers that paid part of it, status history and refunds of an order. */
export function OrderSections({ order, money }: { order: OrderDetail; money: Money }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`orders.detail.${key}`);
  return (
    <>
      <DetailTable
        title={k('lines')}
        rows={order.lines}
        rowKey={(l) => String(l.line_id)}
        empty=""
        columns={[
          {
            header: k('item'),
            cell: (l) => (
              <>
                {l.name}
                {l.options.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {describeOptions(l.options, money)}
                  </Typography>
                )}
              </>
            ),
          },
          { header: k('quantity'), align: 'right', cell: (l) => l.quantity },
          { header: k('unitPrice'), align: 'right', cell: (l) => money(l.unit_price) },
          { header: k('lineTotal'), align: 'right', cell: (l) => money(l.line_total) },
          {
            header: k('refunded'),
            align: 'right',
            cell: (l) =>
              l.refunded_quantity || l.refunded_amount ? `${l.refunded_quantity} · ${money(l.refunded_amount)}` : '—',
          },
        ]}
      />
      <DetailTable
        title={k('payments')}
        rows={order.payments}
        rowKey={(p) => String(p.payment_id)}
        empty={k('noPayments')}
        columns={[
          { header: k('tender'), cell: (p) => t(`orders.tender.${p.tender}`) },
          { header: k('amount'), align: 'right', cell: (p) => money(p.amount) },
          { header: k('reference'), cell: (p) => p.reference || '—' },
          { header: k('paidAt'), cell: (p) => formatTime(p.paid_at) },
        ]}
      />
      {order.offers.length > 0 && (
        <DetailTable
          title={k('offers')}
          rows={order.offers}
          rowKey={(o) => String(o.offer_id)}
          empty=""
          columns={[
            { header: k('offer'), cell: (o) => o.name },
            { header: k('code'), cell: (o) => o.code || '—' },
            { header: k('amount'), align: 'right', cell: (o) => money(o.amount) },
          ]}
        />
      )}
      <DetailTable
        title={k('history')}
        rows={order.status_history}
        rowKey={(s) => `${s.status}-${s.at}`}
        empty=""
        columns={[
          { header: k('status'), cell: (s) => t(`orders.status.${s.status}`) },
          { header: k('at'), cell: (s) => formatTime(s.at) },
          { header: k('source'), cell: (s) => s.source },
          { header: k('note'), cell: (s) => s.note || '—' },
        ]}
      />
      <DetailTable
        title={k('refunds')}
        rows={order.refunds}
        rowKey={(r) => String(r.refund_id)}
        empty={k('noRefunds')}
        columns={[
          { header: k('at'), cell: (r) => formatTime(r.created_at) },
          { header: k('kind'), cell: (r) => t(`orders.kind.${r.kind}`) },
          { header: k('amount'), align: 'right', cell: (r) => money(r.amount) },
          { header: k('reason'), cell: (r) => r.reason },
          {
            header: k('refundedLines'),
            cell: (r) => r.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ') || '—',
          },
          { header: k('by'), cell: (r) => r.created_by },
        ]}
      />
    </>
  );
}
