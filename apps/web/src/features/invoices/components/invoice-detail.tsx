import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import type { InvoiceRegenerateAnswer } from '@cd/core';
import { DetailDrawer, DetailFacts, DetailTable } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { useInvoiceDetail } from '../api';
import { formatDate, formatTime } from '../format';
import { RegenerateDialog } from './regenerate-dialog';

type Props = {
  /** The document id (`?view=`). */
  id: string;
  onClose: () => void;
  /** Opens another document of the order's chain. */
  onOpen: (id: number) => void;
  /** Said at the top (what the regeneration that led here did). */
  notice?: string;
  /** `?dialog=regenerate` opens the regeneration over the detail. */
  regenerateOpen: boolean;
  onRegenerateOpen: (open: boolean) => void;
  onRegenerated: (answer: InvoiceRegenerateAnswer) => void;
};

/** One invoice or credit note as issued: seller, order, lines, tax lines, totals, and its order's documents. */
export function InvoiceDetailDrawer(props: Props) {
  const { t, i18n } = useTranslation();
  const detail = useInvoiceDetail(props.id);
  const invoice = detail.data;
  const doc = invoice?.document;
  const money = moneyFormatter(invoice?.currency ?? '');
  const k = (key: string, values?: Record<string, unknown>) => t(`invoices.detail.${key}`, values ?? {});
  const regenerable = invoice?.kind === 'invoice' && invoice.status === 'issued';

  return (
    <DetailDrawer
      title={invoice ? t(`invoices.detail.title.${invoice.kind}`, { number: invoice.number }) : k('loadingTitle')}
      subtitle={
        invoice && (
          <>
            <Chip size="small" label={t(`invoices.status.${invoice.status}`)} sx={{ mr: 1 }} />
            {invoice.credits_number && t('invoices.cancels', { number: invoice.credits_number })}
            {invoice.replaced_by_number && t('invoices.replacedBy', { number: invoice.replaced_by_number })}
          </>
        )
      }
      onClose={props.onClose}
      loading={detail.isPending}
      error={detail.isError ? describeError(detail.error, i18n) : undefined}
      onRetry={() => void detail.refetch()}
      actions={
        invoice && (
          <>
            <Button component="a" href={invoice.pdf_url} target="_blank" rel="noopener">
              {k('pdf')}
            </Button>
            {regenerable && (
              <Button variant="contained" onClick={() => props.onRegenerateOpen(true)}>
                {t('invoices.regenerate.open')}
              </Button>
            )}
          </>
        )
      }
    >
      {invoice && doc && (
        <>
          {props.notice && (
            <Alert severity="success" role="status">
              {props.notice}
            </Alert>
          )}
          <DetailFacts
            label={k('summary')}
            facts={[
              [k('seller'), `${doc.seller.name} · ${doc.seller.foodcourt_name}`],
              [
                k('address'),
                [doc.seller.address, [doc.seller.state, doc.seller.pincode].filter(Boolean).join(' ')]
                  .filter(Boolean)
                  .join(', ') || '—',
              ],
              [k('gstin'), doc.seller.gstin || '—'],
              [k('fssai'), doc.seller.fssai_no || '—'],
              [k('order'), doc.order.order_number],
              [k('businessDate'), formatDate(doc.order.business_date)],
              [k('issuedAt'), `${formatTime(invoice.issued_at)} · ${invoice.issued_by}`],
              [k('reason'), invoice.reason || '—'],
              [k('subtotal'), money(doc.subtotal)],
              [k('charges'), money(doc.charges)],
              [k('discount'), money(doc.discount)],
              [k('total'), money(doc.total)],
              [k('refunded'), money(doc.refunded)],
              [k('net'), money(doc.net)],
            ]}
          />
          <DetailTable
            title={k('lines')}
            rows={doc.lines}
            rowKey={(l) => String(l.line_no)}
            empty=""
            columns={[
              { header: k('item'), cell: (l) => (l.options ? `${l.name} (${l.options})` : l.name) },
              { header: k('quantity'), align: 'right', cell: (l) => l.quantity },
              { header: k('unitPrice'), align: 'right', cell: (l) => money(l.unit_price) },
              { header: k('lineTotal'), align: 'right', cell: (l) => money(l.line_total) },
            ]}
          />
          <DetailTable
            title={k('taxLines')}
            rows={doc.tax_lines}
            rowKey={(l) => l.label}
            empty={k('noTax')}
            columns={[
              { header: k('tax'), cell: (l) => (l.note ? `${l.label} (${l.note})` : l.label) },
              { header: k('amount'), align: 'right', cell: (l) => money(l.amount) },
            ]}
          />
          <DetailTable
            title={k('history')}
            rows={invoice.history}
            rowKey={(h) => String(h.invoice_id)}
            selected={(h) => h.invoice_id === invoice.invoice_id}
            empty=""
            columns={[
              {
                header: k('document'),
                cell: (h) =>
                  h.invoice_id === invoice.invoice_id ? (
                    h.number
                  ) : (
                    <Link component="button" type="button" onClick={() => props.onOpen(h.invoice_id)}>
                      {h.number}
                    </Link>
                  ),
              },
              { header: k('kind'), cell: (h) => t(`invoices.kind.${h.kind}`) },
              { header: k('status'), cell: (h) => t(`invoices.status.${h.status}`) },
              { header: k('issuedAt'), cell: (h) => formatTime(h.issued_at) },
              { header: k('amount'), align: 'right', cell: (h) => money(h.total) },
              {
                header: k('link'),
                cell: (h) =>
                  h.credits_number
                    ? t('invoices.cancels', { number: h.credits_number })
                    : h.replaced_by_number
                      ? t('invoices.replacedBy', { number: h.replaced_by_number })
                      : '—',
              },
              { header: k('reason'), cell: (h) => h.reason || '—' },
            ]}
          />
          {props.regenerateOpen && regenerable && (
            <RegenerateDialog
              invoice={invoice}
              onClose={() => props.onRegenerateOpen(false)}
              onDone={props.onRegenerated}
            />
          )}
        </>
      )}
    </DetailDrawer>
  );
}
