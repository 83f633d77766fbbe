import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES, PUSH_CHANNELS, type PushRule } from '@cd/core';
import { MultiSelectDropdown } from '../../../components';
import { ORDER_PUSH_TYPE_VALUES, type RuleErrors } from '../rules';
import { CheckGroup } from '../../../components/check-group';

type Props = {
  rules: PushRule[];
  errors: RuleErrors;
  onChange: (index: number, rule: PushRule) => void;
  disabled?: boolean;
};

const deviceOptions = DEVICE_TYPES.map((d) => ({ value: d.type, label: `${d.type} (${d.code})` }));

/** One row per order event: the channels it goes to, the device types that get it, the order push types. */
export function RulesTable({ rules, errors, onChange, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer
      component="section"
      tabIndex={0}
      aria-label={t('pushSettings.rulesRegion')}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" aria-label={t('pushSettings.rulesTable')} sx={{ minWidth: 900 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('pushSettings.event')}</TableCell>
            <TableCell>{t('pushSettings.channels')}</TableCell>
            <TableCell sx={{ minWidth: 240 }}>{t('pushSettings.deviceTypes')}</TableCell>
            <TableCell>{t('pushSettings.orderPushTypes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rules.map((rule, index) => {
            const event = t(`pushSettings.events.${rule.event}`);
            const error = errors[rule.event] ?? {};
            const toDevice = rule.channels.includes('device');
            return (
              <TableRow key={rule.event}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {event}
                </TableCell>
                <TableCell>
                  <CheckGroup
                    compact
                    label={t('pushSettings.channelsOf', { event })}
                    values={PUSH_CHANNELS}
                    name={(c) => t(`pushSettings.channel.${c}`)}
                    checked={rule.channels}
                    onChange={(channels) => onChange(index, { ...rule, channels })}
                    error={error.channels ?? error.event}
                    disabled={disabled}
                  />
                </TableCell>
                <TableCell>
                  <MultiSelectDropdown
                    label={t('pushSettings.deviceTypesOf', { event })}
                    options={deviceOptions}
                    value={rule.device_types}
                    onChange={(types) => onChange(index, { ...rule, device_types: types as PushRule['device_types'] })}
                    error={Boolean(error.device_types)}
                    helperText={error.device_types ?? (toDevice ? undefined : t('pushSettings.deviceTypesHint'))}
                    disabled={disabled}
                    selectAll
                  />
                </TableCell>
                <TableCell>
                  <CheckGroup
                    compact
                    label={t('pushSettings.orderPushTypesOf', { event })}
                    values={ORDER_PUSH_TYPE_VALUES}
                    name={(n) => t(`pushSettings.orderPushTypeNames.${n}`)}
                    checked={rule.order_push_types}
                    onChange={(types) => onChange(index, { ...rule, order_push_types: types })}
                    disabled={disabled}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
