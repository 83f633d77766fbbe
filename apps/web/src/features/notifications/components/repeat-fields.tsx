import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RECURRENCE_FREQS, RECURRENCE_WEEKDAYS, nextOccurrences, type Recurrence } from '@cd/core';
import { FormCheckGroup } from '../../../components/form-check-group';
import { FieldRow } from '../../../components/form-parts';
import { FormDateTimeField, FormNumberField, FormTextField } from '../../../components/resource';
import type { NotificationInput, NotificationOutput } from '../api';
import { formatTime } from '../format';

type FormApi = UseFormReturn<NotificationInput, unknown, NotificationOutput>;

const NEW_REPEAT: Recurrence = { freq: 'weekly', interval: 1, weekdays: [], until: null };

/** The next 3 send times of what the form holds, or none while the time or the repeat is not whole. */
export function nextSends(sendAt: unknown, recurrence: NotificationInput['recurrence'], now = new Date()): Date[] {
  if (typeof sendAt !== 'string' || Number.isNaN(Date.parse(sendAt)) || !recurrence) return [];
  const interval = recurrence.interval ?? 1;
  if (!Number.isInteger(interval) || interval < 1 || interval > 12) return [];
  const until = recurrence.until && !Number.isNaN(Date.parse(recurrence.until)) ? recurrence.until : null;
  try {
    return nextOccurrences(
      sendAt,
      { freq: recurrence.freq, interval, weekdays: recurrence.weekdays ?? [], until },
      // The first time itself counts when it is still to come.
      new Date(Math.min(now.getTime(), Date.parse(sendAt) - 1)),
      3,
    );
  } catch {
    return [];
  }
}

/**
 * Repeat (regions with the recurrence flag): daily, weekly or monthly, every N, on which weekdays for weekly, until
 * when; the next 3 send times as core's rrule computes them.
 */
export function RepeatFields({ form, readOnly }: { form: FormApi; readOnly: boolean }) {
  const { t } = useTranslation();
  const { control } = form;
  const [sendAt, recurrence] = useWatch({ control, name: ['send_at', 'recurrence'] });
  const next = nextSends(sendAt, recurrence);
  return (
    <>
      <FormControlLabel
        label={t('notifications.repeat.on')}
        disabled={readOnly}
        control={
          <Checkbox
            checked={Boolean(recurrence)}
            onChange={(event) =>
              form.setValue('recurrence', event.target.checked ? { ...NEW_REPEAT } : null, { shouldDirty: true })
            }
          />
        }
      />
      {recurrence && (
        <>
          <FieldRow>
            <FormTextField
              control={control}
              name="recurrence.freq"
              label={t('notifications.repeat.freq')}
              select
              disabled={readOnly}
              sx={{ minWidth: 180 }}
            >
              {RECURRENCE_FREQS.map((freq) => (
                <MenuItem key={freq} value={freq}>
                  {t(`notifications.repeat.freqs.${freq}`)}
                </MenuItem>
              ))}
            </FormTextField>
            <FormNumberField
              control={control}
              name="recurrence.interval"
              label={t(`notifications.repeat.every.${recurrence.freq}`)}
              whole
              disabled={readOnly}
              sx={{ maxWidth: 200 }}
              slotProps={{ htmlInput: { min: 1, max: 12 } }}
            />
            <FormDateTimeField
              control={control}
              name="recurrence.until"
              label={t('notifications.repeat.until')}
              unfinished={t('notifications.form.timeUnfinished')}
              disabled={readOnly}
            />
          </FieldRow>
          {recurrence.freq === 'weekly' && (
            <FormCheckGroup
              control={control}
              name="recurrence.weekdays"
              label={t('notifications.repeat.weekdays')}
              values={RECURRENCE_WEEKDAYS}
              optionName={(d) => t(`notifications.repeat.weekday.${d}`)}
            />
          )}
          <div>
            <Typography variant="subtitle2" id="notification-next-sends">
              {t('notifications.repeat.next')}
            </Typography>
            {next.length ? (
              <List dense aria-labelledby="notification-next-sends" disablePadding>
                {next.map((time) => (
                  <ListItem key={time.toISOString()} disableGutters>
                    {formatTime(time)}
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('notifications.repeat.noNext')}
              </Typography>
            )}
          </div>
        </>
      )}
    </>
  );
}
