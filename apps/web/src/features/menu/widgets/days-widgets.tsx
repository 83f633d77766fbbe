import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MENU_WEEKDAYS, type DaysAvailable } from '@cd/core';
import { GenericDialog } from '../../../components/generic-dialog';
import type { ItemFormValues } from '../editor/form-values';
import { DatesPicker } from './dates-picker';
import type { WidgetProps } from './types';
import { WeekdayBoxes } from './weekday-boxes';

/** Day checkboxes: the weekdays the item is sold on. */
export function DayCheckboxesWidget({ def, disabled }: WidgetProps) {
  const { control } = useFormContext<ItemFormValues>();
  return (
    <Controller
      control={control}
      name="daysavailable"
      render={({ field }) => (
        <WeekdayBoxes label={def.label} value={field.value} onChange={field.onChange} disabled={disabled} />
      )}
    />
  );
}

/** Calendar dates: the dates the item is sold on. */
export function CalendarDatesWidget({ def, disabled }: WidgetProps) {
  const { control } = useFormContext<ItemFormValues>();
  return (
    <Controller
      control={control}
      name="datesavailable"
      render={({ field }) => (
        <DatesPicker label={def.label} value={field.value} onChange={field.onChange} disabled={disabled} />
      )}
    />
  );
}

/** The days-and-dates selector: a summary of both, edited together in a dialog. */
export function DaysAndDatesWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<ItemFormValues>();
  const [days, dates] = useWatch({ control, name: ['daysavailable', 'datesavailable'] });
  const [draft, setDraft] = useState<{ days: DaysAvailable; dates: string[] } | null>(null);
  const chosen = MENU_WEEKDAYS.filter((d) => days[d]);
  const daysText =
    chosen.length === MENU_WEEKDAYS.length
      ? t('editMenu.days.everyDay')
      : chosen.length === 0
        ? t('editMenu.days.noDay')
        : chosen.map((d) => t(`editMenu.days.short.${d}`)).join(', ');
  const apply = () => {
    if (!draft) return;
    setValue('daysavailable', draft.days, { shouldDirty: true });
    setValue('datesavailable', draft.dates, { shouldDirty: true });
    setDraft(null);
  };
  return (
    <Box>
      <Typography variant="subtitle2">{def.label}</Typography>
      <Typography variant="body2" color="text.secondary">
        {daysText}
        {' · '}
        {t('editMenu.datesCount', { count: dates.length })}
      </Typography>
      <Button size="small" disabled={disabled} onClick={() => setDraft({ days, dates })} sx={{ mt: 0.5 }}>
        {t('editMenu.daysAndDates.edit')}
      </Button>
      <GenericDialog
        open={draft !== null}
        title={def.label}
        onClose={() => setDraft(null)}
        actionLabel={t('editMenu.daysAndDates.done')}
        onAction={apply}
        maxWidth="md"
      >
        {draft && (
          <Stack spacing={2}>
            <WeekdayBoxes
              label={t('editMenu.daysAndDates.days')}
              value={draft.days}
              onChange={(next) => setDraft({ ...draft, days: next })}
            />
            <DatesPicker
              label={t('editMenu.daysAndDates.dates')}
              value={draft.dates}
              onChange={(next) => setDraft({ ...draft, dates: next })}
            />
          </Stack>
        )}
      </GenericDialog>
    </Box>
  );
}
