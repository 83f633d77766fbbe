import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { INVOICE_REASON_MAX, invoiceRegenerateBody, type InvoiceRegenerateAnswer, type InvoiceSummary } from '@cd/core';
import { FormShell } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useRegenerateInvoice } from '../api';

type Props = {
  invoice: InvoiceSummary;
  onClose: () => void;
  onDone: (answer: InvoiceRegenerateAnswer) => void;
};

/**
 * Regenerate an invoice with a reason (core's invoiceRegenerateBody, the API's own rule): the server issues a
 * credit note for it and a new invoice of the order as it is now; the old one is never edited.
 */
export function RegenerateDialog({ invoice, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const regenerate = useRegenerateInvoice(invoice.invoice_id);
  const parsed = invoiceRegenerateBody.safeParse({ reason });
  const problem = tried && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  return (
    <FormShell
      variant="dialog"
      title={t('invoices.regenerate.title', { number: invoice.number })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!parsed.success || regenerate.isPending) return;
        regenerate.mutate(parsed.data.reason, { onSuccess: onDone });
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('resource.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={regenerate.isPending}>
            {t('invoices.regenerate.submit')}
          </Button>
        </>
      }
    >
      <Typography>{t('invoices.regenerate.text', { number: invoice.number })}</Typography>
      <TextField
        size="small"
        label={t('invoices.regenerate.reason')}
        required
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(problem)}
        helperText={problem}
        slotProps={{ htmlInput: { maxLength: INVOICE_REASON_MAX } }}
      />
      {regenerate.isError && <Alert severity="error">{describeError(regenerate.error, i18n)}</Alert>}
    </FormShell>
  );
}
