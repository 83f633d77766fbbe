import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { licenceDetailsSchema, type LicenceDetails } from '@cd/core';
import { PageLoading } from '../../../components';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useLicenceDetails, useSaveLicenceDetails, type DeviceRow } from '../devices-api';

const TEXT_FIELDS = [
  ['licence_key', 'licenceKey', 100],
  ['serial_number', 'serialNumber', 100],
  ['device_model', 'deviceModel', 100],
] as const;

/**
 * A device licence's details (spec 000 §4 get_details_licence / put_details_licence): read when opened, saved
 * against the version read, so a change made meanwhile is reported, never overwritten.
 */
export function LicenceDetailsDialog({
  counterId,
  device,
  onClose,
}: {
  counterId: number;
  device: DeviceRow;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const read = useLicenceDetails(device.device_id);
  const save = useSaveLicenceDetails(counterId);
  const [draft, setDraft] = useState<LicenceDetails | null>(null);
  const [error, setError] = useState('');
  const values = draft ?? read.data?.details ?? null;
  const change = (patch: Partial<LicenceDetails>) => values && setDraft({ ...values, ...patch });

  const submit = () => {
    if (!values || !read.data) return;
    const checked = licenceDetailsSchema.safeParse({ ...values, valid_until: values.valid_until || null });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? '');
      return;
    }
    setError('');
    save.mutate(
      { deviceId: device.device_id, details: checked.data, version: read.data.device.version },
      {
        onSuccess: () => {
          snackbar.show(t('counters.devices.details.saved'), 'success');
          onClose();
        },
        onError: (failure) => setError(describeError(failure, i18n)),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{t('counters.devices.details.title', { name: device.name })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {read.isError && <Alert severity="error">{describeError(read.error, i18n)}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          {!values ? (
            !read.isError && <PageLoading />
          ) : (
            <>
              {TEXT_FIELDS.map(([field, label, max]) => (
                <TextField
                  key={field}
                  label={t(`counters.devices.details.${label}`)}
                  value={values[field]}
                  onChange={(event) => change({ [field]: event.target.value })}
                  slotProps={{ htmlInput: { maxLength: max } }}
                  size="small"
                />
              ))}
              <TextField
                type="date"
                label={t('counters.devices.details.validUntil')}
                value={values.valid_until ?? ''}
                onChange={(event) => change({ valid_until: event.target.value || null })}
                slotProps={{ inputLabel: { shrink: true } }}
                size="small"
              />
              <TextField
                label={t('counters.devices.details.notes')}
                value={values.notes}
                onChange={(event) => change({ notes: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
                multiline
                minRows={2}
                size="small"
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('resource.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!values || save.isPending}>
            {t('counters.devices.details.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
