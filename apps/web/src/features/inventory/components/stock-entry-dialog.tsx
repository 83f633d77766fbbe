import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { stockEntryBody, type StockLevel } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useStockEntry, type EntryDialog } from '../api';

type Props = { item: StockLevel; kind: EntryDialog; onClose: () => void };

/** Receive, Waste or Count one item: a quantity and a reason, checked by core's rule before it is sent. */
export function StockEntryDialog({ item, kind, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const save = useStockEntry();
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);

  const submit = () => {
    const parsed = stockEntryBody.safeParse({
      entry_type: kind,
      quantity: quantity.trim() === '' ? Number.NaN : Number(quantity),
      reason,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'quantity');
      setError({
        field,
        text: field === 'quantity' && quantity.trim() === '' ? t('inventory.entry.enterQuantity') : issue.message,
      });
      return;
    }
    setError(null);
    save.mutate(
      { item, body: parsed.data },
      {
        onSuccess: (answer) => {
          snackbar.show(answer.message, 'success');
          onClose();
        },
        onError: (e) => setError({ text: describeError(e, i18n) }),
      },
    );
  };

  const title = t(`inventory.entry.${kind}Title`, { name: item.foodname });
  return (
    <Dialog open onClose={onClose} aria-label={title} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info" variant="outlined">
            {t('inventory.entry.onHand', { count: item.on_hand, value: item.on_hand })}
          </Alert>
          <TextField
            label={t(kind === 'count' ? 'inventory.entry.counted' : 'inventory.entry.quantity')}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={error?.field === 'quantity'}
            helperText={error?.field === 'quantity' ? error.text : t('inventory.entry.decimals')}
          />
          <TextField
            label={t('inventory.entry.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={error?.field === 'reason'}
            helperText={error?.field === 'reason' ? error.text : undefined}
          />
          {error && !error.field && <Alert severity="error">{error.text}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('inventory.entry.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t(`inventory.entry.${kind}Save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
