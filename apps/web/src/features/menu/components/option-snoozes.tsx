import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SubmenuSummary } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useEndSnooze, useSnooze, useSubmenuOptions } from '../api';

const DURATIONS = [
  { key: 'hour', body: { minutes: 60 } },
  { key: 'hours4', body: { minutes: 240 } },
  { key: 'endOfDay', body: { until: 'end_of_day' } },
] as const;

type Props = { restaurant: string; submenus: SubmenuSummary[] };

/**
 * Submenu options off sale (issue 20 point 4): the options snoozed now, each with Back on sale, and Snooze an
 * option (a submenu, one of its options, 1 hour, 4 hours or until the end of the day). The ordering apps read the
 * same snoozes with the menu; each ends by itself.
 */
export function OptionSnoozes({ restaurant, submenus }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const endSnooze = useEndSnooze();
  const [open, setOpen] = useState(false);
  const now = Date.now();
  const running = submenus.flatMap((s) =>
    Object.entries(s.snoozed_options ?? {})
      .filter(([, until]) => new Date(until).getTime() > now)
      .map(([option, until]) => ({ submenu: s, option, until })),
  );
  if (submenus.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="option-snoozes-heading" sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="option-snoozes-heading" variant="subtitle1" component="h2">
          {t('editMenu.snooze.options.title')}
        </Typography>
        {running.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('editMenu.snooze.options.none')}
          </Typography>
        )}
        {running.map((r) => (
          <Box
            key={`${r.submenu.submenuid}:${r.option}`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              border: 1,
              borderColor: 'warning.main',
              borderRadius: 4,
              pl: 1.5,
            }}
          >
            <Typography variant="body2">
              {t('editMenu.snooze.options.chip', {
                option: r.option,
                submenu: r.submenu.title,
                time: dayjs(r.until).format('HH:mm'),
              })}
            </Typography>
            <Button
              size="small"
              disabled={endSnooze.isPending}
              aria-label={t('editMenu.snooze.options.backOf', { name: r.option })}
              onClick={() =>
                endSnooze.mutate(
                  { restaurant, target_type: 'option', target_id: `${r.submenu.submenuid}:${r.option}` },
                  {
                    onSuccess: () => snackbar.show(t('editMenu.snooze.back', { name: r.option }), 'success'),
                    onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
                  },
                )
              }
            >
              {t('editMenu.snooze.backOnSale')}
            </Button>
          </Box>
        ))}
        <Button size="small" onClick={() => setOpen(true)}>
          {t('editMenu.snooze.options.snooze')}
        </Button>
      </Stack>
      {open && <OptionSnoozeDialog restaurant={restaurant} submenus={submenus} onClose={() => setOpen(false)} />}
    </Box>
  );
}

function OptionSnoozeDialog({ restaurant, submenus, onClose }: Props & { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const snooze = useSnooze();
  const [submenuid, setSubmenuid] = useState('');
  const [option, setOption] = useState('');
  const [duration, setDuration] = useState<(typeof DURATIONS)[number]['key']>('hour');
  const options = useSubmenuOptions(submenuid || undefined);
  const save = () => {
    const body = DURATIONS.find((d) => d.key === duration)!.body;
    snooze.mutate(
      { restaurant, target_type: 'option', target_id: `${submenuid}:${option}`, ...body },
      {
        onSuccess: (answer) => {
          snackbar.show(
            t('editMenu.snooze.snoozed', { name: option, time: dayjs(answer.snooze.until).format('HH:mm') }),
            'success',
          );
          onClose();
        },
        onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="option-snooze-title">
      <DialogTitle id="option-snooze-title">{t('editMenu.snooze.options.snooze')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('editMenu.snooze.options.submenu')}
            value={submenuid}
            onChange={(e) => {
              setSubmenuid(e.target.value);
              setOption('');
            }}
          >
            {submenus.map((s) => (
              <MenuItem key={s.submenuid} value={s.submenuid}>
                {s.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('editMenu.snooze.options.option')}
            value={option}
            disabled={!submenuid || !options.data}
            onChange={(e) => setOption(e.target.value)}
          >
            {(options.data ?? []).map((o) => (
              <MenuItem key={o} value={o}>
                {o}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('editMenu.snooze.options.for')}
            value={duration}
            onChange={(e) => setDuration(e.target.value as typeof duration)}
          >
            {DURATIONS.map((d) => (
              <MenuItem key={d.key} value={d.key}>
                {t(`editMenu.snooze.${d.key}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editMenu.snooze.cancel')}</Button>
        <Button variant="contained" disabled={!option || snooze.isPending} onClick={save}>
          {t('editMenu.snooze.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
