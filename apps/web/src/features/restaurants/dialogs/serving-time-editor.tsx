import { useState } from 'react';
import { Delete as DeleteIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CHANNELS,
  WEEKDAYS,
  mergeSlotsByChannel,
  splitSlotsByChannel,
  validateServingSlot,
  type ServingSlot,
} from '@cd/core';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { WeekdayPicker, type RestaurantWeekday } from '../components/weekday-picker';
import { errorPaths, issueText } from '../form-validation';
import type { RestaurantFormValues } from '../form-values';

type Channel = (typeof CHANNELS)[number];
type Slot = ServingSlot & { channels: Channel[] };
type Draft = {
  start: string | null;
  end: string | null;
  cart_option_id: string;
  days: RestaurantWeekday[];
  channels: Channel[];
};
const EMPTY: Draft = { start: null, end: null, cart_option_id: '', days: [...WEEKDAYS], channels: ['app'] };

type Props = {
  /** 'channels': app and kiosk slots in one list (timings_extras, kiosk_timings_extras); 'pos': POS slots. */
  variant: 'channels' | 'pos';
};

/**
 * Serving-time slots (spec 001 §3.3, §5.1): start before end ("enter valid time"), no duplicate ("duplicate
 * entry"), at least one channel. App slots are stored as timings_extras, kiosk slots as kiosk_timings_extras.
 */
export function ServingTimeEditor({ variant }: Props) {
  const { t } = useTranslation();
  const { control, setValue, clearErrors } = useFormContext<RestaurantFormValues>();
  const formState = useFormState({
    control,
    name: ['options.timings_extras', 'options.kiosk_timings_extras', 'options.pos_timings_extras'],
  });
  const [app, kiosk, pos] = useWatch({
    control,
    name: ['options.timings_extras', 'options.kiosk_timings_extras', 'options.pos_timings_extras'],
  });
  const withChannels = variant === 'channels';
  const slots: Slot[] = withChannels
    ? mergeSlotsByChannel(app ?? [], kiosk ?? [])
    : (pos ?? []).map((s) => ({ ...s, channels: [] }));
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [warnings, setWarnings] = useState<Record<string, string>>({});
  const [rowWarning, setRowWarning] = useState<{ index: number; text: string } | null>(null);
  const prefix = withChannels
    ? ['options.timings_extras', 'options.kiosk_timings_extras']
    : ['options.pos_timings_extras'];
  const stored = errorPaths(formState.errors).filter((p) => prefix.some((x) => p.startsWith(`${x}.`)));

  const save = (next: Slot[]) => {
    const opts = { shouldDirty: true };
    clearErrors(prefix as never);
    if (withChannels) {
      const split = splitSlotsByChannel(next);
      setValue('options.timings_extras', split.timings_extras, opts);
      setValue('options.kiosk_timings_extras', split.kiosk_timings_extras, opts);
    } else {
      setValue(
        'options.pos_timings_extras',
        next.map(({ channels: _c, ...s }) => s),
        opts,
      );
    }
    setRowWarning(null);
  };

  const handleAdd = () => {
    const slot = {
      start: draft.start ?? '',
      end: draft.end ?? '',
      channels: withChannels ? draft.channels : (['app'] as Channel[]),
    };
    const issues = validateServingSlot(slot, slots);
    if (issues.length) {
      setWarnings(Object.fromEntries(issues.map((i) => [i.field, issueText(i, t)])));
      return;
    }
    save([
      ...slots,
      { ...slot, cart_option_id: draft.cart_option_id.trim(), days: draft.days, channels: draft.channels },
    ]);
    setDraft(EMPTY);
    setWarnings({});
  };

  const toggleChannel = (index: number, channel: Channel) => {
    const slot = slots[index]!;
    const channels = CHANNELS.filter((c) => (c === channel ? !slot.channels.includes(c) : slot.channels.includes(c)));
    const issue = validateServingSlot({ ...slot, channels }, []).find((i) => i.field === 'channels');
    if (issue) {
      setRowWarning({ index, text: issueText(issue, t) });
      return;
    }
    save(slots.map((s, i) => (i === index ? { ...s, channels } : s)));
  };

  const title = withChannels ? t('restaurant.serving.slotsTitle') : t('restaurant.serving.posSlotsTitle');
  const dataField = prefix.join(' ');
  return (
    <Box data-field={dataField} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{t('restaurant.serving.time')}</TableCell>
            <TableCell>{t('restaurant.serving.cartOption')}</TableCell>
            <TableCell>{t('restaurant.serving.days')}</TableCell>
            {withChannels && <TableCell>{t('restaurant.serving.channels')}</TableCell>}
            <TableCell align="right">{t('restaurant.common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {slots.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{t('restaurant.serving.none')}</TableCell>
            </TableRow>
          )}
          {slots.map((slot, index) => (
            <TableRow key={`${slot.start}-${slot.end}-${index}`}>
              <TableCell>{`${slot.start}–${slot.end}`}</TableCell>
              <TableCell>{slot.cart_option_id || '—'}</TableCell>
              <TableCell>
                {slot.days.length === WEEKDAYS.length
                  ? t('restaurant.serving.everyDay')
                  : slot.days.map((d) => t(`restaurant.weekdays.short.${d}`)).join(', ')}
              </TableCell>
              {withChannels && (
                <TableCell>
                  {CHANNELS.map((c) => (
                    <FormControlLabel
                      key={c}
                      label={t(`restaurant.serving.channel.${c}`)}
                      control={
                        <Checkbox
                          size="small"
                          checked={slot.channels.includes(c)}
                          onChange={() => toggleChannel(index, c)}
                          slotProps={{
                            input: {
                              'aria-label': t('restaurant.serving.channelOfSlot', {
                                channel: c,
                                slot: `${slot.start}–${slot.end}`,
                              }),
                            },
                          }}
                        />
                      }
                    />
                  ))}
                  {rowWarning?.index === index && <FormHelperText error>{rowWarning.text}</FormHelperText>}
                </TableCell>
              )}
              <TableCell align="right">
                <IconButton
                  aria-label={t('restaurant.serving.deleteSlot', { slot: `${slot.start}–${slot.end}` })}
                  onClick={() => save(slots.filter((_, i) => i !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {stored.length > 0 && <FormHelperText error>{t('restaurant.serving.storedInvalid')}</FormHelperText>}

      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mt: 2 }}>
        <ThemedDateTimePicker
          type="time"
          label={withChannels ? t('restaurant.serving.start') : t('restaurant.serving.posStart')}
          value={draft.start}
          onChange={(start) => setDraft({ ...draft, start })}
          error={Boolean(warnings.start)}
          helperText={warnings.start}
        />
        <ThemedDateTimePicker
          type="time"
          label={withChannels ? t('restaurant.serving.end') : t('restaurant.serving.posEnd')}
          value={draft.end}
          onChange={(end) => setDraft({ ...draft, end })}
          error={Boolean(warnings.end)}
          helperText={warnings.end}
        />
        <TextField
          label={withChannels ? t('restaurant.serving.cartOption') : t('restaurant.serving.posCartOption')}
          value={draft.cart_option_id}
          onChange={(e) => setDraft({ ...draft, cart_option_id: e.target.value })}
          size="small"
        />
      </Box>
      <WeekdayPicker
        label={withChannels ? t('restaurant.serving.days') : t('restaurant.serving.posDays')}
        value={draft.days}
        onChange={(days) => setDraft({ ...draft, days })}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {withChannels &&
          CHANNELS.map((c) => (
            <FormControlLabel
              key={c}
              label={t(`restaurant.serving.channel.${c}`)}
              control={
                <Checkbox
                  checked={draft.channels.includes(c)}
                  onChange={() =>
                    setDraft({
                      ...draft,
                      channels: CHANNELS.filter((x) =>
                        x === c ? !draft.channels.includes(x) : draft.channels.includes(x),
                      ),
                    })
                  }
                />
              }
            />
          ))}
        <Button variant="outlined" onClick={handleAdd}>
          {withChannels ? t('restaurant.serving.add') : t('restaurant.serving.addPos')}
        </Button>
      </Box>
      {warnings.channels && <FormHelperText error>{warnings.channels}</FormHelperText>}
    </Box>
  );
}
