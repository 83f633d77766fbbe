import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PLU_NUMBER_MAX } from '@cd/core';
import { useNotify } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useAssignMissing } from '../api';

/** "Assign missing": every item without a PLU gets the next free number from the start given (all or nothing). */
export function AssignDialog({ restaurant, onClose }: { restaurant: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const assign = useAssignMissing();
  const [start, setStart] = useState('1000');
  const n = Number(start);
  const valid = /^\d{1,14}$/.test(start) && n >= 1 && n <= PLU_NUMBER_MAX;
  const submit = () => {
    if (!valid) return;
    assign.mutate(
      { restaurant, start: n },
      {
        onSuccess: (answer) => {
          notify({ severity: 'success', message: t('posVsd.assign.done', { count: answer.assigned }) });
          onClose();
        },
        onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="assign-plu-title" fullWidth maxWidth="xs">
      <DialogTitle id="assign-plu-title">{t('posVsd.assign.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('posVsd.assign.text')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={t('posVsd.assign.start')}
          value={start}
          error={!valid}
          helperText={valid ? ' ' : t('posVsd.assign.startInvalid')}
          onChange={(e) => setStart(e.target.value.replace(/[^\d]/g, ''))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('posVsd.cancel')}</Button>
        <Button variant="contained" disabled={!valid || assign.isPending} onClick={submit}>
          {t('posVsd.assign.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
