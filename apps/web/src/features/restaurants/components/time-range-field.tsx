import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import type { RestaurantFormValues } from '../form-values';
import { formatTimeRange, parseTimeRange } from '../time-range';
import type { FieldName } from './form-fields';
import { FieldBox } from './form-fields';
import { useFieldLabel } from './use-field-label';

/** A serving-time range stored as 'HH:mm-HH:mm', edited as a start and an end time picker. */
export function TimeRangeField({ name }: { name: FieldName }) {
  const { t } = useTranslation();
  const { control } = useFormContext<RestaurantFormValues>();
  const label = useFieldLabel(name);
  return (
    <FieldBox name={name} wide>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const text = (field.value as string) ?? '';
          const range = parseTimeRange(text);
          const [rawStart, rawEnd] = text.split('-');
          const start = range?.start ?? (rawStart || null);
          const end = range?.end ?? (rawEnd || null);
          return (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend" sx={{ mb: 1 }}>
                {label}
              </FormLabel>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                <ThemedDateTimePicker
                  type="time"
                  label={t('restaurant.time.startOf', { label })}
                  value={start && /^\d{2}:\d{2}$/.test(start) ? start : null}
                  onChange={(v) => field.onChange(formatTimeRange({ start: v, end }))}
                  error={Boolean(fieldState.error)}
                />
                <ThemedDateTimePicker
                  type="time"
                  label={t('restaurant.time.endOf', { label })}
                  value={end && /^\d{2}:\d{2}$/.test(end) ? end : null}
                  onChange={(v) => field.onChange(formatTimeRange({ start, end: v }))}
                  error={Boolean(fieldState.error)}
                />
              </Box>
              {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
            </Box>
          );
        }}
      />
    </FieldBox>
  );
}
