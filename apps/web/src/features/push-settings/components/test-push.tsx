import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/server-message';
import { useEnabledDevices, useTestPush, useTestPushDelivery } from '../api';

type Props = { foodcourt: string };
type Sent = { deviceId: number; name: string; sentAt: string; deliveredAt: string | null };

const time = (iso: string) => dayjs(iso).format('DD-MM-YYYY HH:mm:ss');

/**
 * Test push: an enabled device of the food court gets a test message with its next heartbeat; the page says
 * when it was sent, then when it was delivered, as the device's event over the event stream says so.
 */
export function TestPush({ foodcourt }: Props) {
  const { t, i18n } = useTranslation();
  const devices = useEnabledDevices(foodcourt);
  const send = useTestPush();
  const [chosen, setChosen] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [failure, setFailure] = useState('');
  const delivered = useCallback(
    (deliveredAt: string) => setSent((s) => (s && !s.deliveredAt ? { ...s, deliveredAt } : s)),
    [],
  );
  useTestPushDelivery(sent?.deviceId ?? null, sent?.sentAt ?? null, delivered);

  const choice = devices.rows.find((r) => String(r.device.device_id) === chosen);
  const submit = () => {
    if (!choice) return;
    setFailure('');
    send.mutate(choice.device.device_id, {
      onSuccess: (answer) =>
        setSent({
          deviceId: choice.device.device_id,
          name: choice.device.name,
          sentAt: answer.sent_at,
          deliveredAt: null,
        }),
      onError: (error) => setFailure(describeError(error, i18n)),
    });
  };

  return (
    <Box component="section" aria-labelledby="push-test-title" sx={{ mt: 4, display: 'grid', gap: 2 }}>
      <Typography id="push-test-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {t('pushSettings.test.title')}
      </Typography>
      <Typography color="text.secondary">{t('pushSettings.test.intro')}</Typography>
      {devices.error && <Alert severity="error">{describeError(devices.error, i18n)}</Alert>}
      {!devices.pending && !devices.error && devices.rows.length === 0 ? (
        <Typography>{t('pushSettings.test.noDevices')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('pushSettings.test.device')}
            value={choice ? chosen : ''}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ minWidth: 280 }}
            disabled={devices.pending}
          >
            {devices.rows.map(({ device, counter }) => (
              <MenuItem key={device.device_id} value={String(device.device_id)}>
                {t('pushSettings.test.deviceOption', {
                  name: device.name,
                  type: device.device_type,
                  counter: counter.name,
                })}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={submit} disabled={!choice || send.isPending}>
            {t('pushSettings.test.send')}
          </Button>
        </Box>
      )}
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
      {sent && (
        <Alert role="status" aria-live="polite" severity={sent.deliveredAt ? 'success' : 'info'}>
          {t('pushSettings.test.sent', { name: sent.name, at: time(sent.sentAt) })}{' '}
          {sent.deliveredAt
            ? t('pushSettings.test.delivered', { at: time(sent.deliveredAt) })
            : t('pushSettings.test.waiting')}
        </Alert>
      )}
    </Box>
  );
}
