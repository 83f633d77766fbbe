import { useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { INVOICE_KINDS, INVOICE_STATUSES, type InvoiceSummary } from '@cd/core';
import {
  ChoiceFilter,
  DateRangeFilter,
  ResourceListPage,
  SiteFilter,
  type ResourceColumn,
} from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { useUrlState } from '../../../lib/url-state';
import { invoiceApi, invoicesUrl } from '../api';
import { InvoiceDetailDrawer } from '../components/invoice-detail';
import { IssueInvoiceDialog } from '../components/issue-invoice-dialog';
import { formatTime } from '../format';

/**
 * /invoice (invoice regeneration, page invoice; spec 000 §2.3; issue 13 point 6): the invoices and credit notes
 * of the user's sites, newest first, by site, day of issue, kind, status and the start of a document or order
 * number; a document at `?view=<id>` with its PDF, its order's chain and Regenerate; Issue invoice for an order.
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const url = useUrlState(invoicesUrl);
  const { state, update } = url;
  // What the last regeneration did, said on the new invoice it opens.
  const [notice, setNotice] = useState<{ id: string; text: string }>();
  const filter = (patch: Parameters<typeof update>[0]) => update({ ...patch, page: undefined });
  const money = (i: InvoiceSummary, value: number) => moneyFormatter(i.currency)(value);
  const columns: ResourceColumn<InvoiceSummary>[] = [
    {
      id: 'number',
      header: t('invoices.columns.number'),
      sortable: true,
      primary: true,
      cell: (i) => <Box sx={{ whiteSpace: 'nowrap' }}>{i.number}</Box>,
    },
    { id: 'kind', header: t('invoices.columns.kind'), cell: (i) => t(`invoices.kind.${i.kind}`) },
    { id: 'status', header: t('invoices.columns.status'), cell: (i) => t(`invoices.status.${i.status}`) },
    { id: 'issued_at', header: t('invoices.columns.issuedAt'), sortable: true, cell: (i) => formatTime(i.issued_at) },
    { id: 'order_number', header: t('invoices.columns.order'), sortable: true, cell: (i) => i.order_number },
    {
      id: 'restaurant',
      header: t('invoices.columns.restaurant'),
      sortable: true,
      primary: true,
      cell: (i) => i.restaurant_name,
    },
    {
      id: 'total',
      header: t('invoices.columns.total'),
      sortable: true,
      align: 'right',
      cell: (i) => money(i, i.total),
    },
    {
      id: 'link',
      header: t('invoices.columns.link'),
      cell: (i) =>
        i.credits_number
          ? t('invoices.cancels', { number: i.credits_number })
          : i.replaced_by_number
            ? t('invoices.replacedBy', { number: i.replaced_by_number })
            : '—',
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('invoices.title')}
        intro={t('invoices.intro')}
        api={invoiceApi}
        url={url}
        columns={columns}
        listLabel={t('invoices.listLabel')}
        rowName={(i) => i.number}
        searchLabel={t('invoices.search')}
        filters={
          <>
            <SiteFilter foodcourt={state.foodcourt} restaurant={state.restaurant} onChange={filter} />
            <DateRangeFilter from={state.from} to={state.to} onChange={filter} />
            <ChoiceFilter
              label={t('invoices.columns.kind')}
              value={state.kind}
              values={INVOICE_KINDS}
              name={(v) => t(`invoices.kind.${v}`)}
              onChange={(kind) => filter({ kind })}
            />
            <ChoiceFilter
              label={t('invoices.columns.status')}
              value={state.status}
              values={INVOICE_STATUSES}
              name={(v) => t(`invoices.status.${v}`)}
              onChange={(status) => filter({ status })}
            />
          </>
        }
        empty={t('invoices.empty')}
        exportable={false}
        createLabel={t('invoices.issue.open')}
        canEdit={() => false}
        renderForm={({ onClose }) => (
          <IssueInvoiceDialog onClose={onClose} onIssued={(id) => update({ action: undefined, view: String(id) })} />
        )}
        detail={{
          label: (i) => t('invoices.open', { number: i.number }),
          render: ({ id, onClose }) => (
            <InvoiceDetailDrawer
              id={id}
              onClose={onClose}
              onOpen={(other) => update({ view: String(other), dialog: undefined })}
              notice={notice?.id === id ? notice.text : undefined}
              regenerateOpen={state.dialog === 'regenerate'}
              onRegenerateOpen={(open) => update({ dialog: open ? 'regenerate' : undefined })}
              onRegenerated={(answer) => {
                const text = t('invoices.regenerate.done', {
                  number: answer.invoice.number,
                  credit: answer.credit_note.number,
                  old: answer.credit_note.credits_number ?? '',
                });
                setNotice({ id: String(answer.invoice.invoice_id), text });
                update({ view: String(answer.invoice.invoice_id), dialog: undefined });
              }}
            />
          ),
        }}
      />
    </Box>
  );
}
