import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FoodItemSummary } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useEndSnooze, useSnooze } from '../api';

/** Whether the item is snoozed now (the menu read leaves out snoozes that have passed; the clock may pass one since). */
export const snoozedNow = (item: FoodItemSummary, now = Date.now()) =>
  Boolean(item.snoozed_until && new Date(item.snoozed_until).getTime() > now);

type Props = { restaurant: string; item: FoodItemSummary };

/**
 * Snooze an item (issue 20 point 4): 1 hour, 4 hours, until the end of the day (server time) or until a time
 * today; a snoozed item offers Back on sale instead.
 */
export function SnoozeAction({ restaurant, item }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const snooze = useSnooze();
  const endSnooze = useEndSnooze();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [askTime, setAskTime] = useState(false);
  const [time, setTime] = useState('');
  const [timeError, setTimeError] = useState('');
  const name = item.foodname;

  const send = (body: { minutes?: number; until?: string }) => {
    setAnchor(null);
    snooze.mutate(
      { restaurant, target_id: item.foodid, ...body },
      {
        onSuccess: (answer) => {
          setAskTime(false);
          snackbar.show(
            t('editMenu.snooze.snoozed', { name, time: dayjs(answer.snooze.until).format('HH:mm') }),
            'success',
          );
        },
        onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
      },
    );
  };

  if (snoozedNow(item)) {
    return (
      <Button
        size="small"
        disabled={endSnooze.isPending}
        onClick={() =>
          endSnooze.mutate(
            { restaurant, target_id: item.foodid },
            {
              onSuccess: () => snackbar.show(t('editMenu.snooze.back', { name }), 'success'),
              onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
            },
          )
        }
      >
        {t('editMenu.snooze.backOnSale')}
      </Button>
    );
  }

  const submitTime = () => {
    const [h, m] = time.split(':').map(Number);
    const until = dayjs()
      .hour(h ?? 0)
      .minute(m ?? 0)
      .second(0)
      .millisecond(0);
    if (!time || !until.isValid() || !until.isAfter(dayjs())) {
      setTimeError(t('editMenu.snooze.timePast'));
      return;
    }
    setTimeError('');
    send({ until: until.toISOString() });
  };

  return (
    <>
      <Button
        size="small"
        disabled={snooze.isPending}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('editMenu.snooze.snooze')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => send({ minutes: 60 })}>{t('editMenu.snooze.hour')}</MenuItem>
        <MenuItem onClick={() => send({ minutes: 240 })}>{t('editMenu.snooze.hours4')}</MenuItem>
        <MenuItem onClick={() => send({ until: 'end_of_day' })}>{t('editMenu.snooze.endOfDay')}</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setTime(dayjs().add(1, 'hour').format('HH:mm'));
            setAskTime(true);
          }}
        >
          {t('editMenu.snooze.untilTime')}
        </MenuItem>
      </Menu>
      {askTime && (
        <Dialog open onClose={() => setAskTime(false)} aria-label={t('editMenu.snooze.timeTitle', { name })}>
          <DialogTitle>{t('editMenu.snooze.timeTitle', { name })}</DialogTitle>
          <DialogContent>
            <TextField
              type="time"
              label={t('editMenu.snooze.time')}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              error={Boolean(timeError)}
              helperText={timeError || undefined}
              sx={{ mt: 1 }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {snooze.isError && <Alert severity="error">{describeError(snooze.error, i18n)}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAskTime(false)}>{t('editMenu.snooze.cancel')}</Button>
            <Button variant="contained" onClick={submitTime} disabled={snooze.isPending}>
              {t('editMenu.snooze.save')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
