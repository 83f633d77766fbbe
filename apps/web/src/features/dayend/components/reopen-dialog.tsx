import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { DayEnd } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useReopenDay } from '../api';
import { formatDate } from '../format';

type Props = { day: DayEnd; onClose: () => void };

/** Reopen a closed day (its own permission; audited): a reason is required, and the version closed is named. */
export function ReopenDialog({ day, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const reopen = useReopenDay();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState('');
  const missing = !reason.trim();
  const date = formatDate(day.business_date);

  const submit = () => {
    setTried(true);
    if (missing) return;
    reopen.mutate(
      { restaurant: day.restaurant, business_date: day.business_date, version: day.version, reason: reason.trim() },
      {
        onSuccess: () => {
          snackbar.show(t('dayend.reopen.done', { date }), 'success');
          onClose();
        },
        onError: (error) => setFailure(describeError(error, i18n)),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="dayend-reopen" fullWidth maxWidth="sm">
      <DialogTitle id="dayend-reopen">
        {t('dayend.reopen.title', { date, restaurant: day.restaurant_name })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('dayend.reopen.intro')}</DialogContentText>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label={t('dayend.reopen.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          autoFocus
          multiline
          minRows={2}
          error={tried && missing}
          helperText={tried && missing ? t('dayend.reopen.reasonRequired') : undefined}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dayend.keep')}</Button>
        <Button variant="contained" onClick={submit} disabled={reopen.isPending}>
          {t('dayend.reopen.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
