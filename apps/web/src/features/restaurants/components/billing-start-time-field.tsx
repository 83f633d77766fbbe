import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import type { RestaurantFormValues } from '../form-values';
import { FieldBox } from './form-fields';

/** The billing start time picker (spec 001 §2.2; default 06:00). */
export function BillingStartTimeField() {
  const { t } = useTranslation();
  const { control } = useFormContext<RestaurantFormValues>();
  return (
    <FieldBox name="options.billingstarttime">
      <Controller
        control={control}
        name="options.billingstarttime"
        render={({ field, fieldState }) => (
          <ThemedDateTimePicker
            type="time"
            label={t('restaurant.fields.billingstarttime')}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          />
        )}
      />
    </FieldBox>
  );
}
