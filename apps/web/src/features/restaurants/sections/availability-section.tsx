import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setHidden, type RestaurantView } from '@cd/core';
import type { AvailabilitySettings } from '../api';
import { FormSection } from '../components/form-section';
import { FieldGrid, SwitchFormField } from '../components/form-fields';
import { useApplyRule } from '../components/use-apply-rule';
import { AvailabilityDialog } from '../dialogs/availability-dialog';
import type { RestaurantFormValues } from '../form-values';

const KEYS = [
  'non_available_days',
  'non_available_days_msg',
  'non_available_dates',
  'non_available_dates_msg',
] as const;

type Props = {
  /** The stored restaurant being edited; absent when adding one. */
  saved?: { restaurant: string; version: number };
  /** The server saved the availability: the form takes the fields and the new version without becoming dirty. */
  onStored: (values: AvailabilitySettings, restaurant: RestaurantView) => void;
};

/** Hiding the restaurant, closed weekdays and offline dates (spec 001 §3.2, §4.1). */
export function AvailabilitySection({ saved, onStored }: Props) {
  const { t } = useTranslation();
  const { control, setValue, getFieldState, clearErrors } = useFormContext<RestaurantFormValues>();
  const formState = useFormState({
    control,
    name: ['options.non_available_days_msg', 'options.non_available_dates_msg'],
  });
  const applyRule = useApplyRule();
  const [open, setOpen] = useState(false);
  const [days, daysMsg, dates, datesMsg] = useWatch({
    control,
    name: [
      'options.non_available_days',
      'options.non_available_days_msg',
      'options.non_available_dates',
      'options.non_available_dates_msg',
    ],
  });
  const values = {
    non_available_days: days,
    non_available_days_msg: daysMsg,
    non_available_dates: dates,
    non_available_dates_msg: datesMsg,
  } as AvailabilitySettings;
  const messageErrors = [
    getFieldState('options.non_available_days_msg', formState).error?.message,
    getFieldState('options.non_available_dates_msg', formState).error?.message,
  ].filter(Boolean);

  const handleApply = (next: AvailabilitySettings, restaurant?: RestaurantView) => {
    setOpen(false);
    clearErrors(['options.non_available_days_msg', 'options.non_available_dates_msg']);
    if (restaurant) {
      onStored(next, restaurant);
      return;
    }
    for (const key of KEYS) setValue(`options.${key}`, next[key] as never, { shouldDirty: true });
  };

  return (
    <FormSection id="availability">
      {/* Registered as fields, so a value the server stored can become the field's saved (default) value. */}
      {KEYS.map((key) => (
        <Controller key={key} control={control} name={`options.${key}`} render={() => <></>} />
      ))}
      <FieldGrid>
        <SwitchFormField
          name="options.hide_restaurant"
          onToggle={(on) => applyRule((r) => setHidden(r, on))}
          helperText={t('restaurant.help.hide_restaurant')}
        />
      </FieldGrid>
      <Box data-field="options.non_available_days options.non_available_days_msg" sx={{ mb: 1 }}>
        <Typography>
          {t('restaurant.availability.closedDays')}:{' '}
          {days.length
            ? days.map((d) => t(`restaurant.weekdays.${d}`)).join(', ')
            : t('restaurant.availability.noneChosen')}
          {daysMsg ? ` — “${daysMsg}”` : ''}
        </Typography>
      </Box>
      <Box data-field="options.non_available_dates options.non_available_dates_msg" sx={{ mb: 1 }}>
        <Typography>
          {t('restaurant.availability.offlineDates')}:{' '}
          {dates.length ? dates.join(', ') : t('restaurant.availability.noneChosen')}
          {datesMsg ? ` — “${datesMsg}”` : ''}
        </Typography>
      </Box>
      {messageErrors.map((m) => (
        <FormHelperText key={m} error>
          {m}
        </FormHelperText>
      ))}
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ mt: 1 }}>
        {t('restaurant.availability.edit')}
      </Button>
      {open && (
        <AvailabilityDialog values={values} saved={saved} onApply={handleApply} onClose={() => setOpen(false)} />
      )}
    </FormSection>
  );
}
