import { useState } from 'react';
import { Add as AddIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LICENCE_STATUS, LICENCE_STATUS_NAMES, licenceActionsFrom, type Counter, type LicenceAction } from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { DetailTable } from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useDeleteDevice, useDeviceEvents, useDevices, useLicenceAction, type DeviceRow } from '../devices-api';
import { formatTime } from '../format';
import { AddDeviceDialog } from './add-device-dialog';
import { LicenceDetailsDialog } from './licence-details-dialog';
import { PairingCodeDialog, type PairingCode } from './pairing-code-dialog';

type Action = Exclude<LicenceAction, 'pair'>;
type Asking = { device: DeviceRow; kind: 'revoke' | 'delete' } | null;
const STATUS_COLOR = { 0: 'default', 1: 'warning', 2: 'success', 3: 'error' } as const;

/** The i18n key of an action's button, by the status it starts from (activate from Created issues a code). */
const actionKey = (action: Action, from: number) =>
  action === 'license_activate'
    ? from === LICENCE_STATUS.created
      ? 'activate'
      : 'enable'
    : action === 'license_deactivate'
      ? from === LICENCE_STATUS.pending
        ? 'withdraw'
        : 'disable'
      : 'revoke';

/**
 * A counter's devices with their live state (online, last seen, app version — kept current by the `device`
 * events of the app's event stream) and their licences: the actions core allows from each status, the pairing
 * code shown once after activation, revoke and delete after asking.
 */
export function DeviceList({ counter }: { counter: Counter }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const devices = useDevices(counter.counter_id);
  useDeviceEvents(counter.counter_id);
  const licence = useLicenceAction(counter.counter_id);
  const remove = useDeleteDevice(counter.counter_id);
  const [adding, setAdding] = useState(false);
  const [pairing, setPairing] = useState<PairingCode | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [detailsOf, setDetailsOf] = useState<DeviceRow | null>(null);
  const [failure, setFailure] = useState('');

  const act = (device: DeviceRow, action: Action) => {
    setFailure('');
    licence.mutate(
      { device, action },
      {
        onSuccess: (answer) => {
          if ('pairing_code' in answer && answer.pairing_code) {
            setPairing({
              device: device.name,
              code: answer.pairing_code,
              expiresAt: answer.device.pairing_expires_at,
            });
          } else snackbar.show(answer.message || t('counters.devices.changed'), 'success');
        },
        onError: (error) => setFailure(describeError(error, i18n)),
      },
    );
  };
  const confirm = () => {
    if (!asking) return;
    const { device, kind } = asking;
    setAsking(null);
    if (kind === 'revoke') return act(device, 'revoke');
    remove.mutate(device, {
      onSuccess: (answer) => snackbar.show(answer.message || t('counters.devices.deleted'), 'success'),
      onError: (error) => setFailure(describeError(error, i18n)),
    });
  };

  const status = (d: DeviceRow) => (
    <Box>
      <Chip size="small" color={STATUS_COLOR[d.licence_status]} label={LICENCE_STATUS_NAMES[d.licence_status]} />
      {d.licence_status === LICENCE_STATUS.pending && d.pairing_expires_at && (
        <Typography variant="caption" component="div" color="text.secondary">
          {t('counters.devices.codeExpires', { at: formatTime(d.pairing_expires_at) })}
        </Typography>
      )}
    </Box>
  );
  const online = (d: DeviceRow) => {
    const on = d.online;
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box
          aria-hidden
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: on ? 'success.main' : 'text.disabled' }}
        />
        {t(on ? 'counters.devices.online' : 'counters.devices.offline')}
      </Box>
    );
  };
  const actions = (d: DeviceRow) => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {(licenceActionsFrom(d.licence_status) as Action[]).map((action) => {
        const key = actionKey(action, d.licence_status);
        return (
          <Button
            key={action}
            size="small"
            color={action === 'revoke' ? 'error' : 'primary'}
            disabled={licence.isPending}
            aria-label={t(`counters.devices.action.${key}Named`, { name: d.name })}
            onClick={() => (action === 'revoke' ? setAsking({ device: d, kind: 'revoke' }) : act(d, action))}
          >
            {t(`counters.devices.action.${key}`)}
          </Button>
        );
      })}
      <Button
        size="small"
        aria-label={t('counters.devices.details.named', { name: d.name })}
        onClick={() => setDetailsOf(d)}
      >
        {t('counters.devices.details.open')}
      </Button>
      <Button
        size="small"
        color="error"
        aria-label={t('counters.devices.deleteNamed', { name: d.name })}
        onClick={() => setAsking({ device: d, kind: 'delete' })}
      >
        {t('counters.devices.delete')}
      </Button>
    </Box>
  );

  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {devices.isError && <Alert severity="error">{describeError(devices.error, i18n)}</Alert>}
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
      <DetailTable<DeviceRow>
        title={t('counters.devices.title', { name: counter.name })}
        rows={devices.data ?? []}
        rowKey={(d) => String(d.device_id)}
        empty={devices.isLoading ? t('resource.loading') : t('counters.devices.none')}
        columns={[
          { header: t('counters.devices.name'), cell: (d) => d.name },
          { header: t('counters.devices.type'), cell: (d) => `${d.device_type} (${d.device_code})` },
          { header: t('counters.devices.licence'), cell: status },
          { header: t('counters.devices.live'), cell: online },
          { header: t('counters.devices.lastSeen'), cell: (d) => formatTime(d.last_seen_at) },
          { header: t('counters.devices.appVersion'), cell: (d) => d.app_version || '—' },
          { header: t('resource.actions'), cell: actions },
        ]}
      />
      <Box>
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setAdding(true)}>
          {t('counters.devices.add')}
        </Button>
      </Box>
      {adding && <AddDeviceDialog counterId={counter.counter_id} onClose={() => setAdding(false)} />}
      {pairing && <PairingCodeDialog pairing={pairing} onClose={() => setPairing(null)} />}
      {detailsOf && (
        <LicenceDetailsDialog counterId={counter.counter_id} device={detailsOf} onClose={() => setDetailsOf(null)} />
      )}
      <ConfirmPopup
        open={asking !== null}
        type="warning"
        title={
          asking
            ? t(asking.kind === 'revoke' ? 'counters.devices.revokeTitle' : 'counters.devices.deleteTitle', {
                name: asking.device.name,
              })
            : ''
        }
        primaryText={
          asking ? t(asking.kind === 'revoke' ? 'counters.devices.revokeText' : 'counters.devices.deleteText') : ''
        }
        positiveLabel={asking?.kind === 'revoke' ? t('counters.devices.action.revoke') : t('counters.devices.delete')}
        negativeLabel={t('resource.cancel')}
        onPositive={confirm}
        onNegative={() => setAsking(null)}
      />
    </Box>
  );
}
