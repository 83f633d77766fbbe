import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { deviceBody, DEVICE_TYPES, type DeviceType } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useAddDevice } from '../devices-api';

/** Registers a device of a listed type to the counter (POST /devices); its licence starts Created. */
export function AddDeviceDialog({ counterId, onClose }: { counterId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const add = useAddDevice(counterId);
  const titleId = useId();
  const [name, setName] = useState('');
  const [type, setType] = useState<DeviceType>('POS_android');
  const [error, setError] = useState('');
  const submit = () => {
    const checked = deviceBody.safeParse({ name, device_type: type, counter_id: counterId });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? '');
      return;
    }
    add.mutate(
      { name: checked.data.name, device_type: type },
      {
        onSuccess: (answer) => {
          snackbar.show(answer.message || t('counters.devices.added'), 'success');
          onClose();
        },
        onError: (failure) => setError(describeError(failure, i18n)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{t('counters.devices.addTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            label={t('counters.devices.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error || undefined}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            autoFocus
            required
          />
          <TextField
            select
            label={t('counters.devices.type')}
            value={type}
            onChange={(event) => setType(event.target.value as DeviceType)}
          >
            {DEVICE_TYPES.map((d) => (
              <MenuItem key={d.type} value={d.type}>
                {t('counters.devices.typeWithCode', { type: d.type, code: d.code })}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('resource.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {t('counters.devices.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
