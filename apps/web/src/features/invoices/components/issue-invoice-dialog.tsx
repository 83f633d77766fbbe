import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, type OrderSummary } from '@cd/core';
import { FormShell } from '../../../components/resource';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useIssueInvoice, useOrderChoices } from '../api';
import { formatDate } from '../format';

type Props = { onClose: () => void; onIssued: (invoiceId: number) => void };

/**
 * Issue the first invoice of an order (`?action=new`): the order is found by the start of its number (for
 * holders of the order history) or given by its id. An order that has one already offers to open it.
 */
export function IssueInvoiceDialog({ onClose, onIssued }: Props) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<OrderSummary | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useOrderChoices(chosen ? '' : search);
  const issue = useIssueInvoice();
  const typedId = /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : undefined;
  const orderId = chosen?.order_id ?? typedId;
  const existing =
    issue.error instanceof ApiError && issue.error.code === 'invoiceExists' ? Number(issue.error.extras.invoice_id) : 0;

  return (
    <FormShell
      variant="dialog"
      title={t('invoices.issue.title')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (orderId === undefined || issue.isPending) return;
        issue.mutate(orderId, { onSuccess: (answer) => onIssued(answer.invoice.invoice_id) });
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('resource.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={issue.isPending}>
            {t('invoices.issue.submit')}
          </Button>
        </>
      }
    >
      <Autocomplete<OrderSummary, false, false, true>
        freeSolo
        options={search && !chosen ? (found.data ?? []) : []}
        loading={found.isFetching}
        filterOptions={(options) => options}
        getOptionLabel={(o) =>
          typeof o === 'string' ? o : `${o.order_number} · ${o.restaurant_name} · ${formatDate(o.business_date)}`
        }
        getOptionKey={(o) => (typeof o === 'string' ? o : o.order_id)}
        value={chosen}
        inputValue={text}
        onInputChange={(_event, value, reason) => {
          if (reason === 'reset') return;
          setText(value);
          setChosen(null);
        }}
        onChange={(_event, order) => {
          if (order && typeof order !== 'string') {
            setChosen(order);
            setText(order.order_number);
          }
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            required
            label={t('invoices.issue.order')}
            error={tried && orderId === undefined}
            helperText={
              tried && orderId === undefined
                ? t('invoices.issue.chooseOrder')
                : found.isError
                  ? t('invoices.issue.searchFailed', { reason: describeError(found.error, i18n) })
                  : t('invoices.issue.help')
            }
          />
        )}
      />
      {issue.isError && (
        <Alert
          severity="error"
          action={
            existing > 0 && (
              <Button color="inherit" size="small" onClick={() => onIssued(existing)}>
                {t('invoices.issue.openExisting')}
              </Button>
            )
          }
        >
          {describeError(issue.error, i18n)}
        </Alert>
      )}
    </FormShell>
  );
}
