import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@cd/core';
import { describeOptions, formatTime } from '../format';

type Money = (amount: number) => string;
type Column<T> = { header: string; cell: (row: T) => ReactNode; align?: 'right' };

/** A titled small table of one part of an order. */
function Section<T>(props: {
  title: string;
  rows: T[];
  columns: Column<T>[];
  empty: string;
  rowKey: (row: T) => string;
}) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      {props.rows.length === 0 ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={props.title}>
            <TableHead>
              <TableRow>
                {props.columns.map((c) => (
                  <TableCell key={c.header} align={c.align}>
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((row) => (
                <TableRow key={props.rowKey(row)}>
                  {props.columns.map((c) => (
                    <TableCell key={c.header} align={c.align}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/** Lines (with options), payments, the offers that paid part of it, status history and refunds of an order. */
export function OrderSections({ order, money }: { order: OrderDetail; money: Money }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`orders.detail.${key}`);
  return (
    <>
      <Section
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
      <Section
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
        <Section
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
      <Section
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
      <Section
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
